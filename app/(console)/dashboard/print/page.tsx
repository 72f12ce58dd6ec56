import type { Metadata } from 'next';
import { DashboardPrint } from '@/components/dashboard/print/dashboard-print';

export const metadata: Metadata = { title: 'Dashboard · print' };

/**
 * The dashboard as a board pack (`/dashboard/print?<the dashboard's filters>`): every section's
 * charts (SVG) and tables on A4, with the period, scope and time of generation in the header.
 */
export default function DashboardPrintRoute() {
  return <DashboardPrint />;
}
