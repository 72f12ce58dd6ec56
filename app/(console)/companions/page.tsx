import type { Metadata } from 'next';
import { CompanionsWorkspace } from '@/components/companions/companions-workspace';
import { pageUser } from '@/server/app/page-user';
import { navItemFor, roleListText } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { allows } from '@/server/app/current-user';
import { COMPANION_ROLES } from '@/server/trpc/routers/companions';

export const metadata: Metadata = { title: 'Companions' };

/**
 * Delegated mode, watched live (issue 12): each Conductor session's pool of Companions, its
 * tasks from delegation to result, its shared memory with every revision, and the Strategist's
 * advice; dismiss a Companion or finalize a session. Admins see every session, compliance
 * managers the sessions of their own Conductor conversations; the companions router and the
 * session event streams enforce the same.
 */
export default async function CompanionsPage() {
  const user = await pageUser();
  const item = navItemFor('/companions');
  return (
    <>
      <PageHeader title="Companions" description={item.purpose} />
      {allows(user, COMPANION_ROLES) ? (
        <CompanionsWorkspace isAdmin={user.role === 'admin'} />
      ) : (
        <RoleNotice>
          Companions is for {roleListText(COMPANION_ROLES)}: it shows the work their Conductor conversations hand to Companion agents.
          {user.role === 'workflow_designer' && ' Your own Conductor conversations show their delegated tasks in Chat.'}
        </RoleNotice>
      )}
    </>
  );
}
