import type { Metadata } from 'next';
import { FindingsPage } from '@/components/planning/findings-page';
import { navItemFor } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Findings' };

/**
 * The sentinel's findings (issue 17, admins): every agent's tool calls checked against its declared
 * plan. Other roles get a notice; planning.findings refuses them regardless.
 */
export default async function FindingsRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Findings" description={navItemFor('/findings').purpose} />
      {user.role === 'admin' ? (
        <FindingsPage />
      ) : (
        <RoleNotice>Findings is for admins: it shows what the sentinel found in every agent’s tool calls.</RoleNotice>
      )}
    </>
  );
}
