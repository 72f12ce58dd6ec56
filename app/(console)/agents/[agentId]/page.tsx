import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { AgentDetailPage } from '@/components/agents/agent-detail-page';

export const metadata: Metadata = { title: 'Agent' };

/** One agent (admins): core memory, messages and tool calls, tags and tools. `?tab=messages` opens the history, `?tab=files` the memory files. */
export default async function AgentPage({
  params,
  searchParams,
}: {
  params: Promise<{ agentId: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const [{ agentId }, { tab }] = await Promise.all([params, searchParams]);
  const user = await pageUser();
  if (user.role !== 'admin') {
    return (
      <>
        <PageHeader title="Agent" description="One agent’s memory, messages, tags and tools." />
        <RoleNotice>The Agents view is for admins: it shows and edits any agent’s memory.</RoleNotice>
      </>
    );
  }
  return (
    <AgentDetailPage
      key={agentId}
      agentId={decodeURIComponent(agentId)}
      initialTab={tab === 'messages' || tab === 'files' ? tab : 'memory'}
    />
  );
}
