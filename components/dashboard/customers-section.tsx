'use client';
import { useMemo } from 'react';
import type { CustomerOutcomes, DashboardFilter } from '@/server/contracts/dashboard-schemas';
import { customerFigures } from './customer-figures';
import { FigureGrid } from './figure-grid';
import { callsContext } from './scope';
import type { WidgetState } from './use-dashboard-data';
import { sectionTitle } from './section-links';
import { WidgetSection } from './widget-section';

/** Customers (Consumer Duty): flags per week, how flagged calls scored, vulnerable customers against the others. */
export function CustomersSection({ widget, filter }: { widget: WidgetState<CustomerOutcomes>; filter: DashboardFilter }) {
  return (
    <WidgetSection id="customers" title={sectionTitle('customers')} widget={widget}>
      {(data) => <CustomersBody data={data} filter={filter} />}
    </WidgetSection>
  );
}

function CustomersBody({ data, filter }: { data: CustomerOutcomes; filter: DashboardFilter }) {
  const figures = useMemo(() => customerFigures(data, { filter, period: data.period }), [data, filter]);
  return <FigureGrid figures={figures} context={callsContext(data.period, filter)} wide={['outcomes-vulnerable-vs-not']} />;
}
