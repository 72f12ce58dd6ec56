import type { Metadata } from 'next';
import { EVALUATORS } from '@/lib/roles';
import { EvaluationsPage } from '@/components/evaluations/evaluations-page';
import { navItemFor } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Evaluations' };

/**
 * Agent evaluations (issue 30), for workflow designers and admins. Other roles get a notice; the
 * evaluations procedures refuse them regardless.
 */
export default async function EvaluationsRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Evaluations" description={navItemFor('/evaluations').purpose} />
      {EVALUATORS.includes(user.role) ? (
        <EvaluationsPage />
      ) : (
        <RoleNotice>Evaluations are for workflow designers and admins: they show how well the agents understand requests.</RoleNotice>
      )}
    </>
  );
}
