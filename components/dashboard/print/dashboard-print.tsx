'use client';
import Link from 'next/link';
import { useMemo } from 'react';
import { useMountedAt } from '@/components/hooks/use-mounted-at';
import { useSearchParams } from 'next/navigation';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { Button } from '@/components/ui/button';
import { complianceFigures } from '../compliance-figures';
import { coverageFigures } from '../coverage-figures';
import { customerFigures } from '../customer-figures';
import { dashboardHref, dashboardQueryFromSearch } from '../dashboard-query';
import { periodText } from '../days';
import { headlines } from '../headlines';
import { operationsFigures } from '../operations-figures';
import { qaTrendsFigures } from '../qa-trends-figures';
import { callsContext, runsContext, scopeText } from '../scope';
import { sectionTitle } from '../section-links';
import { summaryPoints, type SummaryPoint } from './summary-points';
import { StatTile } from '../stat-tile';
import { periodOf, useDashboardData } from '../use-dashboard-data';
import { PrintSection } from './print-section';

/** A4 portrait with room for a binder's holes; the console's side navigation is hidden in print (its layout). */
const PAGE_CSS = '@page { size: A4 portrait; margin: 12mm; }';

/**
 * The board pack (`/dashboard/print?<filters>`): the dashboard's filters from the address, every
 * section with its charts as SVG and its tables in full, under a header that states the period of
 * the calls, the scope, which clocks the dates come from and when the pack was generated. A
 * button prints it (or saves it as PDF, the browser's own dialog). `data-ready` turns true once
 * every widget has answered, for whoever waits to print it.
 */
export function DashboardPrint() {
  const params = useSearchParams();
  const search = params.toString();
  const { query } = useMemo(() => dashboardQueryFromSearch(new URLSearchParams(search)), [search]);
  const data = useDashboardData(query);
  const widgets = [data.trends, data.compliance, data.customers, data.coverage, data.operations];
  // Read after mounting: a time in the server's HTML would not match the browser's (React #418).
  const generatedAt = useMountedAt();
  const ready = generatedAt !== null && widgets.every((w) => w.state !== 'loading');
  const period = periodOf(data);
  const scope = period ? { filter: query.filter, period } : null;
  const tiles = scope
    ? headlines({
        scope,
        trends: data.trends.state === 'ok' ? data.trends.data : undefined,
        compliance: data.compliance.state === 'ok' ? data.compliance.data : undefined,
        customers: data.customers.state === 'ok' ? data.customers.data : undefined,
        coverage: data.coverage.state === 'ok' ? data.coverage.data : undefined,
      })
    : [];
  const ok = <T,>(w: { state: string; data?: T }) => (w.state === 'ok' ? w.data : undefined);
  const points = summaryPoints({
    trends: ok(data.trends),
    compliance: ok(data.compliance),
    coverage: ok(data.coverage),
    operations: ok(data.operations),
  });
  const calls = <T extends { period: { from: string; to: string } }>(d: T) => callsContext(d.period, query.filter);

  return (
    <article
      className="mx-auto max-w-[760px] space-y-6 bg-white p-6 text-slate-900 print:max-w-none print:p-0"
      data-testid="dashboard-print"
      data-ready={ready}
    >
      <style>{PAGE_CSS}</style>
      <header className="space-y-2">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">DCF Console · Dashboard</p>
            <h1 className="text-xl font-semibold">Advice call quality and customer outcomes</h1>
          </div>
          <div className="flex shrink-0 items-center gap-3 print:hidden">
            <Link href={dashboardHref(query)} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
              Back to the dashboard
            </Link>
            <Button variant="primary" onClick={() => window.print()} data-testid="print-button">
              Print / save as PDF
            </Button>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm" data-testid="print-header">
          <dt className="text-slate-500">Calls</dt>
          <dd data-testid="print-period">
            {period ? periodText(period) : '…'}
            {!query.filter.from && !query.filter.to ? ' (the 12 weeks up to today)' : ''}
          </dd>
          <dt className="text-slate-500">Scope</dt>
          <dd data-testid="print-scope">{scopeText(query.filter)}</dd>
          <dt className="text-slate-500">Operations</dt>
          <dd>runs that finished in the last {query.days} days, by the console’s clock</dd>
          <dt className="text-slate-500">Generated</dt>
          <dd data-testid="print-generated">{generatedAt ? ukExact(generatedAt.toISOString()) : '…'}</dd>
        </dl>
        <p className="text-xs text-slate-600">
          Figures are computed from the stored QA results (the newest analysis of each call), their reviews, the CRM and the knowledge
          graph. Call dates are the recordings’ own; all times are UK time (Europe/London). Weeks run Monday to Sunday.
        </p>
      </header>

      {tiles.length > 0 && (
        <div className="grid grid-cols-3 gap-2 break-inside-avoid" data-testid="print-headlines">
          {tiles.map((h) => (
            <StatTile key={h.id} label={h.label} value={h.value} detail={h.detail} tone={h.tone} thin={h.thin} />
          ))}
        </div>
      )}
      <SummaryPoints points={points} />

      {/* Page one is the summary; the sections, in full, start on page two. */}
      <div className="break-before-page" aria-hidden />
      <PrintSection
        id="qa-score"
        title={sectionTitle('qa-score')}
        widget={data.trends}
        context={calls}
        figures={(d) => qaTrendsFigures(d, { filter: query.filter, period: d.period })}
      />
      <PrintSection
        id="compliance"
        title={sectionTitle('compliance')}
        widget={data.compliance}
        context={calls}
        figures={(d) => complianceFigures(d, { filter: query.filter, period: d.period })}
      />
      <PrintSection
        id="customers"
        title={sectionTitle('customers')}
        widget={data.customers}
        context={calls}
        figures={(d) => customerFigures(d, { filter: query.filter, period: d.period })}
      />
      <PrintSection
        id="coverage"
        title={sectionTitle('coverage')}
        widget={data.coverage}
        context={calls}
        figures={(d) => coverageFigures(d, { filter: query.filter, period: d.period })}
      />
      <PrintSection
        id="operations"
        title={sectionTitle('operations')}
        widget={data.operations}
        context={(d) => runsContext(d.since, generatedAt ?? new Date())}
        figures={(d) => operationsFigures(d, generatedAt ?? new Date())}
      >
        {(d) => (
          <p className="text-sm text-slate-700">
            By the console’s real clock: runs that finished since {ukDateTime(d.since)}, not the calls’ dates; the call filters do not
            apply.
          </p>
        )}
      </PrintSection>
    </article>
  );
}

/** Page one's points beside the headline figures (summary-points.ts). */
function SummaryPoints({ points }: { points: SummaryPoint[] }) {
  if (!points.length) return null;
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-x-6 gap-y-3 break-inside-avoid" data-testid="print-summary">
      {points.map((p) => (
        <div key={p.id} data-testid={`print-summary-${p.id}`}>
          <h2 className="text-sm font-semibold text-slate-900">{p.title}</h2>
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-sm text-slate-700">
            {p.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
