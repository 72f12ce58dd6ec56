'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TabList } from '@/components/ui/tab-list';
import { AGENT_ROLE_LABELS } from '@/lib/agent-roles';
import { AgentMessages } from './agent-messages';
import { AgentOverview } from './agent-overview';
import { AgentTags } from './agent-tags';
import { AgentTools } from './agent-tools';
import { MemoryBlocks } from './memory-blocks';
import { MemoryFiles } from './memory-files';

type Tab = 'memory' | 'messages' | 'files';
const trpcCode = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code;

const backLink = (
  <Link href="/agents" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
    ← All agents
  </Link>
);

/**
 * One agent for an admin: its core memory (editable), its recent history, and beside them who
 * it is (role, template, conversation, session, run), its tags and its tools. The open tab is
 * kept in the address (`?tab=messages`).
 */
export function AgentDetailPage({ agentId, initialTab }: { agentId: string; initialTab: Tab }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>(initialTab);
  const detail = useQuery({
    ...trpc.agents.get.queryOptions({ agent_id: agentId }),
    retry: (n, err) => n < 2 && !['NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED'].includes(trpcCode(err) ?? ''),
  });
  const choose = (t: Tab) => {
    setTab(t);
    const url = new URL(window.location.href);
    if (t === 'memory') url.searchParams.delete('tab');
    else url.searchParams.set('tab', t);
    window.history.replaceState(null, '', url);
  };

  if (detail.isPending) {
    return (
      <>
        <div className="mb-2">{backLink}</div>
        <PageHeader title="Agent" description={<span className="font-mono">{agentId}</span>} />
        <LoadingState label="Loading the agent…" />
      </>
    );
  }
  if (detail.isError) {
    const notFound = trpcCode(detail.error) === 'NOT_FOUND';
    return (
      <>
        <div className="mb-2">{backLink}</div>
        <PageHeader title={notFound ? 'No such agent' : 'Agent'} description={<span className="font-mono">{agentId}</span>} />
        {notFound ? (
          <EmptyState title="This agent is not on the platform">
            There is no agent <span className="font-mono">{agentId}</span> on the platform: it may have been deleted (with its conversation,
            when its session was finalised, or when its workflow run ended).
          </EmptyState>
        ) : (
          <ErrorState title="The agent could not be loaded" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
        )}
      </>
    );
  }

  const agent = detail.data;
  const role = agent.role ? AGENT_ROLE_LABELS[agent.role] : 'Agent';
  return (
    <>
      <div className="mb-2">{backLink}</div>
      <PageHeader
        title={agent.name}
        description={`${role}${agent.template ? ` made from ${agent.template}` : ''}: its core memory, recent messages and tool calls, tags and tools.`}
        actions={
          <Button
            onClick={() => {
              void detail.refetch();
              void queryClient.invalidateQueries(trpc.agents.messages.pathFilter());
              void queryClient.invalidateQueries(trpc.agentMemory.pathFilter());
            }}
            disabled={detail.isFetching}
            title="Read the agent, its memory and its messages again"
          >
            {detail.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Memory and messages" className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white">
          <TabList
            label="Agent views"
            idPrefix="agent"
            tab={tab}
            onTab={choose}
            tabs={[
              { id: 'memory', label: `Core memory (${agent.blocks.length})` },
              { id: 'messages', label: 'Messages and tool calls' },
              { id: 'files', label: 'Memory files' },
            ]}
          />
          <div role="tabpanel" id={`agent-panel-${tab}`} aria-labelledby={`agent-tab-${tab}`} className="bg-slate-50/60 p-4">
            {tab === 'memory' ? <MemoryBlocks agent={agent} /> : null}
            {tab === 'messages' ? <AgentMessages agent={agent} /> : null}
            {tab === 'files' ? <MemoryFiles agentId={agent.id} /> : null}
          </div>
        </section>
        <aside className="space-y-4" aria-label="About the agent">
          <AgentOverview agent={agent} />
          <AgentTags tags={agent.tags} />
          <AgentTools tools={agent.tools} />
        </aside>
      </div>
    </>
  );
}
