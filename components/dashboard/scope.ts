import type { DashboardFilter, DashboardPeriod } from '@/server/contracts/dashboard-schemas';
import { londonDay, ukDateTime } from '@/lib/uk-time';
import { periodText } from './days';
import type { FigureContext } from './figure-card';

/**
 * The scope of the figures in words (pure), stated beside every headline and in the print view's
 * header, so no number is read without the calls it stands on.
 */
export function scopeText(f: DashboardFilter): string {
  const parts = [f.team && `team ${f.team}`, f.advisor && `advisor ${f.advisor}`, f.product && `product ${f.product}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'all teams, advisors and products';
}

/**
 * The name of the line advisors are compared with: the scope without the advisor filter
 * (qa_trends' `team`), so the team named when one is chosen, else every advisor in scope.
 */
export function teamLineName(f: DashboardFilter): string {
  return f.team ? `Team ${f.team}` : 'All advisors';
}

/** The context of a call figure: its period and scope in words, its rows opening calls. */
export function callsContext(period: DashboardPeriod, f: DashboardFilter): FigureContext {
  return { about: `calls ${periodText(period)} · ${scopeText(f)}`, period, linkLabel: 'Open calls' };
}

/** The context of an operations figure: runs since the window's start (the console's clock), rows opening runs. */
export function runsContext(since: string, now: Date): FigureContext {
  return {
    about: `runs that finished since ${ukDateTime(since)} (console clock)`,
    period: { from: londonDay(since), to: londonDay(now.toISOString()) },
    linkLabel: 'Open runs',
  };
}
