import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { RoleNotice } from '@/components/shell/role-notice';
import { navItemFor } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { AgentList } from '@/components/agents/agent-list';

export const metadata: Metadata = { title: 'Agents' };

/**
 * The Agents view (admins): find any agent on the agent platform and open it. Other roles get a
 * notice; the `agents` tRPC procedures refuse them regardless.
 */
export default async function AgentsPage() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Agents" description={navItemFor('/agents').purpose} />
      {user.role === 'admin' ? (
        <AgentList />
      ) : (
        <RoleNotice>The Agents view is for admins: it shows and edits any agent’s memory.</RoleNotice>
      )}
    </>
  );
}
