'use client';
import { Button, FIELD } from '@/components/ui/button';
import { AdvisorInput } from './advisor-input';
import { dayEndIso, dayOfIso, dayStartIso, lastDayOfIso } from './day-bounds';
import { isEmptyFilter, RUN_STATUSES, type RunListFilter, type RunStatus } from './run-filter';
import type { WorkflowOption } from './workflow-options';
import { UkDateInput } from '@/components/ui/uk-date-input';

const LABEL = 'flex flex-col gap-1 text-xs font-medium text-slate-600';

/**
 * The run list's filters: workflow, one of its versions, statuses (any of), a range of days and
 * the advisor named in the input. Every change goes to `onChange` as a patch at once; only the
 * advisor text waits for a pause in typing.
 */
export function FilterBar({
  filter,
  workflows,
  onChange,
  onClear,
}: {
  filter: RunListFilter;
  workflows: readonly WorkflowOption[];
  onChange: (patch: Partial<RunListFilter>) => void;
  onClear: () => void;
}) {
  const workflow = workflows.find((w) => w.workflowId === filter.workflow_id);
  const from = filter.started_after ? dayOfIso(filter.started_after) : '';
  const to = filter.started_before ? lastDayOfIso(filter.started_before) : '';
  const toggle = (s: RunStatus, on: boolean) =>
    onChange({ status: on ? [...(filter.status ?? []), s] : (filter.status ?? []).filter((x) => x !== s) });

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3" role="search" aria-label="Filter runs" data-testid="runs-filter">
      <label className={LABEL}>
        Workflow
        <select
          className={`${FIELD} w-64`}
          value={filter.workflow_id ?? ''}
          onChange={(e) => onChange({ workflow_id: e.target.value || undefined })}
        >
          <option value="">All workflows</option>
          {workflows.map((w) => (
            <option key={w.workflowId} value={w.workflowId}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        Version
        <select
          className={`${FIELD} w-32`}
          value={filter.version ?? ''}
          disabled={!workflow}
          title={workflow ? undefined : 'Choose a workflow first'}
          onChange={(e) => onChange({ version: e.target.value || undefined })}
        >
          <option value="">All versions</option>
          {(workflow?.versions ?? (filter.version ? [filter.version] : [])).map((v) => (
            <option key={v} value={v}>
              v{v}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-slate-600">Started between</legend>
        <div className="flex items-center gap-1.5">
          <UkDateInput
            aria-label="Started on or after"
            className={FIELD}
            value={from}
            max={to || undefined}
            onValue={(v) => onChange({ started_after: dayStartIso(v) })}
          />
          <span aria-hidden className="text-slate-500">
            –
          </span>
          <UkDateInput
            aria-label="Started on or before"
            className={FIELD}
            value={to}
            min={from || undefined}
            onValue={(v) => onChange({ started_before: dayEndIso(v) })}
          />
        </div>
      </fieldset>
      <AdvisorInput value={filter.advisor ?? ''} onChange={(advisor) => onChange({ advisor })} />
      {!isEmptyFilter(filter) && (
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      )}
      <fieldset className="basis-full">
        <legend className="float-left mr-3 py-1.5 text-xs font-medium text-slate-600">Status</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
          {RUN_STATUSES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1 text-xs text-slate-700">
              <input
                type="checkbox"
                className="accent-indigo-600"
                checked={filter.status?.includes(s) ?? false}
                onChange={(e) => toggle(s, e.target.checked)}
              />
              {s}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
