import type { Metadata } from 'next';
import { navItemFor } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { DashboardPage } from '@/components/dashboard/dashboard-page';

export const metadata: Metadata = { title: 'Dashboard' };

/**
 * The dashboard (issue 16): QA trends, compliance, customer outcomes, coverage and review, and
 * operations, for every role — read-only figures over the stored QA results, reviews and the
 * knowledge graph, each leading to the calls behind it.
 */
export default function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description={navItemFor('/dashboard').purpose} />
      <DashboardPage />
    </>
  );
}
