'use client';
import { Button, FIELD } from '@/components/ui/button';
import { FINDING_TYPES, type FindingType } from '@/lib/planning/schemas';
import { FINDING_TYPE_TEXT } from './findings-text';
import { groupByRole } from './agent-groups';
import { useAgents } from './use-agent-names';
import { EMPTY_QUERY, type FindingsQuery } from './findings-query';
import { UkDateInput } from '@/components/ui/uk-date-input';

/** The Findings page's filter: agent (planning.agents, grouped by role), type, and a period of London days. */
export function FindingsFilter({ query, onChange }: { query: FindingsQuery; onChange(q: FindingsQuery): void }) {
  const agents = useAgents();
  const options = agents.list;
  const known = query.agent === null || options.some((a) => a.id === query.agent);
  const set = (patch: Partial<FindingsQuery>) => onChange({ ...query, ...patch, plan: null });
  const label = 'flex flex-col gap-1 text-xs font-medium text-slate-600';
  return (
    <form role="search" aria-label="Filter findings" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
      <label className={label}>
        Agent
        <select
          className={FIELD}
          value={query.agent ?? ''}
          onChange={(e) => set({ agent: e.target.value || null })}
          data-testid="findings-agent"
        >
          <option value="">All agents</option>
          {!known && <option value={query.agent!}>{query.agent}</option>}
          {groupByRole(options).map(([label, group]) => (
            <optgroup key={label} label={label}>
              {group.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={label}>
        Type
        <select
          className={FIELD}
          value={query.type ?? ''}
          data-testid="findings-type"
          onChange={(e) => set({ type: (e.target.value || null) as FindingType | null })}
        >
          <option value="">All types</option>
          {FINDING_TYPES.map((t) => (
            <option key={t} value={t}>
              {FINDING_TYPE_TEXT[t].label} ({t})
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        From (London day)
        <UkDateInput
          className={FIELD}
          value={query.from ?? ''}
          max={query.to ?? undefined}
          data-testid="findings-from"
          onValue={(v) => set({ from: v || null })}
        />
      </label>
      <label className={label}>
        To (London day)
        <UkDateInput
          className={FIELD}
          value={query.to ?? ''}
          min={query.from ?? undefined}
          data-testid="findings-to"
          onValue={(v) => set({ to: v || null })}
        />
      </label>
      {(query.agent || query.type || query.from || query.to) && (
        <Button variant="ghost" className="text-xs" onClick={() => onChange(EMPTY_QUERY)}>
          Clear filter
        </Button>
      )}
      {agents.error && (
        <p role="note" className="text-xs text-amber-800">
          The agents could not be listed: {agents.error}
        </p>
      )}
    </form>
  );
}
