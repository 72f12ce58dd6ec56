'use client';
import { useMemo } from 'react';
import type { ComplianceOverview, DashboardFilter } from '@/server/contracts/dashboard-schemas';
import { complianceFigures } from './compliance-figures';
import { FigureGrid } from './figure-grid';
import { callsContext } from './scope';
import type { WidgetState } from './use-dashboard-data';
import { sectionTitle } from './section-links';
import { WidgetSection } from './widget-section';

/** Compliance: pass rate per rule week by week, failed mandatory disclosures, the rules failing most. */
export function ComplianceSection({ widget, filter }: { widget: WidgetState<ComplianceOverview>; filter: DashboardFilter }) {
  return (
    <WidgetSection id="compliance" title={sectionTitle('compliance')} widget={widget}>
      {(data) => <ComplianceBody data={data} filter={filter} />}
    </WidgetSection>
  );
}

function ComplianceBody({ data, filter }: { data: ComplianceOverview; filter: DashboardFilter }) {
  const figures = useMemo(() => complianceFigures(data, { filter, period: data.period }), [data, filter]);
  return (
    <FigureGrid figures={figures} context={callsContext(data.period, filter)} wide={['rule-pass-rate-by-week', 'rules-failing-most']} />
  );
}
