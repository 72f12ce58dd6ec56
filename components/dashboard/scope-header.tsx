'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ukDate, ukTime } from '@/lib/uk-time';
import type { DashboardFilter, DashboardPeriod } from '@/server/contracts/dashboard-schemas';
import { periodText } from './days';
import { scopeText } from './scope';

/**
 * What every figure below stands on, stated once at the top: the calls' period (with "the default
 * 12 weeks" when none was chosen) and scope, which clock the dates come from, and when the figures
 * were last fetched (UK time).
 */
export function ScopeHeader({ filter, period, updatedAt }: { filter: DashboardFilter; period: DashboardPeriod | null; updatedAt: number }) {
  const trpc = useTRPC();
  const clock = useQuery(trpc.qa.clock.queryOptions());
  const pinned = clock.data?.pinnedToday ?? null;
  const defaulted = !filter.from && !filter.to;
  return (
    <div className="text-sm text-slate-700" data-testid="dashboard-scope">
      <p>
        <span className="font-medium text-slate-900" data-testid="dashboard-period">
          {period ? `Calls ${periodText(period)}` : 'Calls in the period'}
        </span>
        {defaulted && period ? ' (the 12 weeks up to today)' : ''} · <span data-testid="dashboard-scope-text">{scopeText(filter)}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        Call dates are the recordings’ own, UK time
        {pinned ? (
          <>
            ; two clocks on this page: the call figures’ “today” is the demo clock’s {ukDate(pinned)}, Operations (below) is on the real
            clock
          </>
        ) : null}
        . Figures updated <span data-testid="dashboard-updated">{updatedAt ? ukTime(updatedAt) : '—'}</span>.
      </p>
    </div>
  );
}
