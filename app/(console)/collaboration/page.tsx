import type { Metadata } from 'next';
import { CollaborationPage } from '@/components/collaboration/collaboration-page';
import { navItemFor } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Collaboration' };

/**
 * Collaboration sessions (issue 18, admins, read-only): what agents did together through the
 * collaboration tools. Other roles get a notice; collaboration.* refuses them regardless.
 */
export default async function CollaborationRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Collaboration" description={navItemFor('/collaboration').purpose} />
      {user.role === 'admin' ? (
        <CollaborationPage />
      ) : (
        <RoleNotice>Collaboration is for admins: it shows the messages agents sent each other.</RoleNotice>
      )}
    </>
  );
}
