'use client';
import { Button, FIELD } from '@/components/ui/button';
import { OptionSelect } from './option-select';
import { isEmptyQaFilter, QA_REVIEW_STATES, type QaFilter, type QaReviewState } from './queue-query';
import { ScoreBelowInput } from './score-below-input';
import { TriStateSelect } from './tri-state-select';
import { STATUS_LABELS } from '../format';
import type { QaOptions } from '../types';
import { UkDateInput } from '@/components/ui/uk-date-input';

const NO_OPTIONS: QaOptions = { advisors: [], teams: [], products: [], rules: [], max_score: null };

/**
 * The queue's triage filters: who (advisor, team), what (product, failed rule), when (call days,
 * London), how it went (score below, failed mandatory rule, vulnerable customer) and where its
 * review stands (status, overridden). Every change goes to `onChange` as a patch at once; only the
 * score box waits for a pause in typing. Menus list what the QA store holds (qa.options).
 */
export function QueueFilterBar({
  filter,
  options,
  onChange,
  onClear,
}: {
  filter: QaFilter;
  options: QaOptions | undefined;
  onChange: (patch: Partial<QaFilter>) => void;
  onClear: () => void;
}) {
  const o = options ?? NO_OPTIONS;
  const toggle = (s: QaReviewState, on: boolean) =>
    onChange({ review_status: on ? [...(filter.review_status ?? []), s] : (filter.review_status ?? []).filter((x) => x !== s) });

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3" role="search" aria-label="Filter the QA queue" data-testid="qa-filter">
      <OptionSelect
        label="Advisor"
        value={filter.advisor}
        options={o.advisors}
        all="All advisors"
        onChange={(advisor) => onChange({ advisor })}
        testId="qa-filter-advisor"
      />
      <OptionSelect label="Team" value={filter.team} options={o.teams} all="All teams" onChange={(team) => onChange({ team })} />
      <OptionSelect
        label="Product"
        value={filter.product}
        options={o.products}
        all="All products"
        onChange={(product) => onChange({ product })}
      />
      <OptionSelect
        label="Failed rule"
        value={filter.rule_id}
        options={o.rules}
        all="Any rule"
        width="w-36"
        onChange={(rule_id) => onChange({ rule_id })}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-slate-600">Call date (UK)</legend>
        <div className="flex items-center gap-1.5">
          <UkDateInput
            aria-label="Calls on or after"
            className={FIELD}
            value={filter.from ?? ''}
            max={filter.to}
            onValue={(v) => onChange({ from: v || undefined })}
          />
          <span aria-hidden className="text-slate-500">
            –
          </span>
          <UkDateInput
            aria-label="Calls on or before"
            className={FIELD}
            value={filter.to ?? ''}
            min={filter.from}
            onValue={(v) => onChange({ to: v || undefined })}
          />
        </div>
      </fieldset>
      <ScoreBelowInput value={filter.score_below} max={o.max_score} onChange={(score_below) => onChange({ score_below })} />
      <TriStateSelect
        label="Mandatory rules"
        value={filter.failed_mandatory}
        any="Any call"
        yes="Failed at least one"
        no="None failed"
        onChange={(failed_mandatory) => onChange({ failed_mandatory })}
        testId="qa-filter-failed-mandatory"
      />
      <TriStateSelect
        label="Vulnerable customer"
        value={filter.vulnerable}
        any="Any call"
        yes="Flagged vulnerable"
        no="Not flagged"
        onChange={(vulnerable) => onChange({ vulnerable })}
      />
      <TriStateSelect
        label="Overridden"
        value={filter.overridden}
        any="Any call"
        yes="Reviewer overrode the AI"
        no="Not overridden"
        onChange={(overridden) => onChange({ overridden })}
      />
      <TriStateSelect
        label="Re-analysed after sign-off"
        value={filter.reanalysed_after_signoff}
        any="Any call"
        yes="Awaiting adopt or keep"
        no="Not re-analysed"
        testId="qa-filter-reanalysed"
        onChange={(reanalysed_after_signoff) => onChange({ reanalysed_after_signoff })}
      />
      <fieldset className="flex basis-full flex-wrap items-center gap-x-3">
        <legend className="float-left mr-3 py-1.5 text-xs font-medium text-slate-600">Review status</legend>
        <div className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
          {QA_REVIEW_STATES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1 text-xs text-slate-700">
              <input
                type="checkbox"
                className="accent-indigo-600"
                checked={filter.review_status?.includes(s) ?? false}
                onChange={(e) => toggle(s, e.target.checked)}
              />
              {STATUS_LABELS[s]}
            </label>
          ))}
        </div>
        {!isEmptyQaFilter(filter) && (
          <Button variant="ghost" className="ml-auto" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </fieldset>
    </div>
  );
}
