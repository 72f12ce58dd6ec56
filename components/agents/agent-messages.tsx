'use client';
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { plural } from './format';
import { TurnView } from './turn-view';
import { eventTimes, turnsOf } from './turns';
import type { AgentDetail } from './types';

const PAGE_SIZE = 50;

/**
 * The agent's recent history, as turns newest first, each read top-down with its tool calls and
 * returns; older messages a page at a time.
 */
export function AgentMessages({ agent }: { agent: Pick<AgentDetail, 'id' | 'name' | 'conversation'> }) {
  const trpc = useTRPC();
  const history = useInfiniteQuery(
    trpc.agents.messages.infiniteQueryOptions({ agent_id: agent.id, limit: PAGE_SIZE }, { getNextPageParam: (p) => p.next_before }),
  );
  const messages = useMemo(() => (history.data?.pages ?? []).flatMap((p) => p.messages), [history.data]);
  const turns = useMemo(() => turnsOf(messages), [messages]);
  const times = useMemo(() => eventTimes(messages), [messages]);
  const userName = agent.conversation?.owner_name ?? 'the user';

  if (history.isPending) return <LoadingState label="Loading messages…" />;
  if (history.isError && !messages.length) {
    return <ErrorState title="Messages could not be loaded" message={errorMessage(history.error)} onRetry={() => void history.refetch()} />;
  }
  if (!messages.length) return <EmptyState title="No messages yet">Nobody has written to this agent, and it has not acted.</EmptyState>;

  return (
    <div className="space-y-3" data-testid="agent-messages">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span aria-live="polite">
          {plural(messages.length, 'message')} in {plural(turns.length, 'turn')}, newest first
          {history.hasNextPage ? '; older ones below' : ''}
        </span>
        <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => void history.refetch()} disabled={history.isFetching}>
          {history.isFetching && !history.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {turns.map((t) => (
        <TurnView key={t.key} turn={t} times={times} agentName={agent.name} userName={userName} />
      ))}
      {history.isError && (
        <ErrorState
          title="Older messages could not be loaded"
          message={errorMessage(history.error)}
          onRetry={() => void history.fetchNextPage()}
        />
      )}
      {history.hasNextPage && (
        <div className="flex justify-center">
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
          </Button>
        </div>
      )}
    </div>
  );
}
