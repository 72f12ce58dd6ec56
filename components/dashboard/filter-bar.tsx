'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { OptionSelect } from '@/components/qa/queue/option-select';
import type { DashboardFilter, DashboardPeriod } from '@/server/contracts/dashboard-schemas';
import { isEmptyDashboardFilter } from './dashboard-query';
import { UkDateInput } from '@/components/ui/uk-date-input';

type Advisor = { name: string; team: string };

/**
 * The dashboard's filters: the period of the calls (London days; empty means the 12 weeks up to
 * today, and the boxes show the period the figures used) and the scope — team, advisor, product —
 * from the CRM's directory (crm.advisors, crm.products). Choosing a team narrows the advisor menu
 * to its people. Every change goes to `onChange` as a patch at once (the page keeps it in the URL).
 */
export function FilterBar({
  filter,
  period,
  onChange,
  onClear,
}: {
  filter: DashboardFilter;
  /** The period the figures used (the default resolved by the server), shown when none is chosen. */
  period: DashboardPeriod | null;
  onChange: (patch: Partial<DashboardFilter>) => void;
  onClear: () => void;
}) {
  const trpc = useTRPC();
  const advisorsQ = useQuery(trpc.crm.advisors.queryOptions({}));
  const productsQ = useQuery(trpc.crm.products.queryOptions({}));
  const directory = advisorsQ.data?.status === 'ok' ? advisorsQ.data : null;
  const advisors: Advisor[] = directory?.advisors ?? [];
  const teams = directory?.teams ?? [];
  const products = productsQ.data?.status === 'ok' ? productsQ.data.products.map((p) => p.name) : [];
  const inTeam = filter.team ? advisors.filter((a) => a.team.toLowerCase() === filter.team!.toLowerCase()) : advisors;
  const problems = [problemOf('advisors and teams', advisorsQ), problemOf('products', productsQ)].filter((p): p is string => p !== null);

  return (
    <div className="space-y-2">
      <div
        className="flex flex-wrap items-end gap-x-4 gap-y-3"
        role="search"
        aria-label="Filter the dashboard"
        data-testid="dashboard-filter"
      >
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-slate-600">Call dates (UK)</legend>
          <div className="flex items-center gap-1.5">
            <UkDateInput
              aria-label="Calls on or after"
              className={FIELD}
              value={filter.from ?? period?.from ?? ''}
              max={filter.to ?? period?.to}
              onValue={(v) => onChange({ from: v || undefined })}
              data-testid="dashboard-from"
            />
            <span aria-hidden className="text-slate-500">
              –
            </span>
            <UkDateInput
              aria-label="Calls on or before"
              className={FIELD}
              value={filter.to ?? period?.to ?? ''}
              min={filter.from ?? period?.from}
              onValue={(v) => onChange({ to: v || undefined })}
              data-testid="dashboard-to"
            />
          </div>
        </fieldset>
        <OptionSelect
          label="Team"
          value={filter.team}
          options={teams}
          all="All teams"
          onChange={(team) => onChange({ team })}
          testId="dashboard-team"
        />
        <OptionSelect
          label="Advisor"
          value={filter.advisor}
          options={inTeam.map((a) => a.name)}
          all={filter.team ? 'Everyone in the team' : 'All advisors'}
          onChange={(advisor) => onChange({ advisor })}
          testId="dashboard-advisor"
        />
        <OptionSelect
          label="Product"
          value={filter.product}
          options={products}
          all="All products"
          onChange={(product) => onChange({ product })}
          testId="dashboard-product"
        />
        {!isEmptyDashboardFilter(filter) && (
          <Button variant="ghost" onClick={onClear}>
            Reset to the last 12 weeks, everyone
          </Button>
        )}
      </div>
      {problems.map((p) => (
        <p key={p} role="note" className="text-xs text-amber-800">
          {p}. A filter from a link still applies.
        </p>
      ))}
    </div>
  );
}

/** Why a CRM menu is empty, in words, or null when it loaded. */
function problemOf(
  what: string,
  q: { data?: { status: string; error?: string | null }; error: { message: string } | null },
): string | null {
  if (q.data?.status === 'error') return `The CRM could not list its ${what}: ${q.data.error}`;
  return q.error ? `The CRM could not list its ${what}: ${q.error.message}` : null;
}
