'use client';
import Link from 'next/link';
import { useMemo } from 'react';
import { LiveFeedIndicator, type LiveStatus } from '@/components/ui/live-feed-indicator';
import { ComplianceSection } from './compliance-section';
import { CostSection } from './cost-section';
import { CoverageSection } from './coverage-section';
import { CustomersSection } from './customers-section';
import { dashboardHref } from './dashboard-query';
import { FilterBar } from './filter-bar';
import { HeadlineStrip } from './headline-strip';
import { headlines } from './headlines';
import { OperationsSection } from './operations-section';
import { PoliciesSection } from './policies-section';
import { QaTrendsSection } from './qa-trends-section';
import { ScopeHeader } from './scope-header';
import { SectionLinks } from './section-links';
import { periodOf, useDashboardData } from './use-dashboard-data';
import { useDashboardQuery } from './use-dashboard-query';
import { useLiveDashboard } from './use-live-dashboard';

const LIVE_TITLES: Record<LiveStatus, string> = {
  connecting: 'Opening the live feed of run events.',
  live: 'The figures refresh by themselves when a run finishes and its results are stored.',
  reconnecting: 'The live feed dropped; the browser is reconnecting. The figures still refresh every minute.',
  off: 'The server refused the live feed; the figures refresh every minute.',
};

/**
 * The dashboard (`/dashboard`, issue 16): what the stored QA results, reviews and the knowledge
 * graph say about advice calls and the runs that analysed them, for stakeholders and compliance
 * managers. The filter lives in the address; the headline figures come first, then one section per
 * widget; every figure has a table view, CSV and PNG exports, and opens the calls it counts.
 */
export function DashboardPage() {
  const { query, ignored, updateFilter, clearFilter, setDays } = useDashboardQuery();
  const data = useDashboardData(query);
  const live = useLiveDashboard(data.refetchAll);
  const period = periodOf(data);
  const tiles = useMemo(
    () =>
      period
        ? headlines({
            scope: { filter: query.filter, period },
            trends: data.trends.state === 'ok' ? data.trends.data : undefined,
            compliance: data.compliance.state === 'ok' ? data.compliance.data : undefined,
            customers: data.customers.state === 'ok' ? data.customers.data : undefined,
            coverage: data.coverage.state === 'ok' ? data.coverage.data : undefined,
          })
        : [],
    [period, query.filter, data.trends, data.compliance, data.customers, data.coverage],
  );

  return (
    <div className="space-y-6" data-testid="dashboard">
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <ScopeHeader filter={query.filter} period={period} updatedAt={data.updatedAt} />
          <div className="flex items-center gap-3">
            <LiveFeedIndicator status={live.status} onReconnect={live.reconnect} titles={LIVE_TITLES} testId="dashboard-live" />
            <Link
              href={dashboardHref(query, '/dashboard/print')}
              className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
              data-testid="dashboard-print-link"
            >
              Print view (board pack)
            </Link>
          </div>
        </div>
        <FilterBar filter={query.filter} period={period} onChange={updateFilter} onClear={clearFilter} />
        {ignored.length > 0 && (
          <p role="note" className="text-xs text-amber-800">
            Left out of the filter because the link’s value is not valid: {ignored.join(', ')}.
          </p>
        )}
      </div>
      <HeadlineStrip items={tiles} />
      <SectionLinks />
      <QaTrendsSection widget={data.trends} filter={query.filter} />
      <ComplianceSection widget={data.compliance} filter={query.filter} />
      <CustomersSection widget={data.customers} filter={query.filter} />
      <CoverageSection widget={data.coverage} filter={query.filter} />
      <OperationsSection widget={data.operations} days={query.days} onDays={setDays} />
      <CostSection />
      <PoliciesSection />
    </div>
  );
}
