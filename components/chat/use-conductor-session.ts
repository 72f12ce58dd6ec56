'use client';
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { createRefetchThrottle, type RefetchThrottle } from '@/components/hooks/refetch-throttle';
import { useSessionFeed } from '@/components/companions/use-session-feed';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';
import { NO_FACTS, type SessionFacts } from './delegation-cards';

/** At most one re-read per second while a session's events arrive. */
const REREAD_MS = 1000;

/**
 * A Conductor conversation's delegated work, live: its session's record (tasks, agents) for the
 * delegation cards, and its session's event feed (GET /api/sessions/<id>/events, from the last
 * event read): each event re-reads the record and the conversation's messages (results and advice
 * arrive as messages). While a turn of the user's is running, the messages are not re-read under
 * it but once it is over: its own end re-read may have been answered before the agent's later
 * answers were stored (the Conductor answers its Companions' results as soon as the turn ends).
 * No polling. Planner conversations have none of this (`enabled` false).
 */
export function useConductorSession(
  conversationId: string,
  enabled: boolean,
  busy: boolean,
): { facts: SessionFacts; live: LiveStatus | null } {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useQuery({
    ...trpc.companions.sessionOfConversation.queryOptions({ conversation_id: conversationId }),
    enabled,
    refetchOnWindowFocus: false,
  });
  const streaming = useRef(busy);
  streaming.current = busy;
  /** An event came while a turn was running: the messages are re-read when it is over. */
  const owed = useRef(false);
  const throttle = useRef<RefetchThrottle | null>(null);

  useEffect(() => {
    const t = createRefetchThrottle(() => {
      const reads = [qc.invalidateQueries(trpc.companions.sessionOfConversation.queryFilter({ conversation_id: conversationId }))];
      if (streaming.current) owed.current = true;
      else reads.push(qc.invalidateQueries(trpc.chat.messages.queryFilter({ conversation_id: conversationId })));
      return Promise.all(reads);
    }, REREAD_MS);
    throttle.current = t;
    return () => t.stop();
  }, [qc, trpc, conversationId]);

  useEffect(() => {
    if (busy || !owed.current) return;
    owed.current = false;
    void qc.invalidateQueries(trpc.chat.messages.queryFilter({ conversation_id: conversationId }));
  }, [busy, qc, trpc, conversationId]);

  const current = session.data?.session ?? null;
  const live = useSessionFeed(enabled ? (current?.id ?? null) : null, current?.last_event_id ?? null, () => throttle.current?.trigger());

  const facts = useMemo<SessionFacts>(
    () => (session.data ? { sessionId: current?.id ?? null, tasks: session.data.tasks, agents: session.data.agents } : NO_FACTS),
    [session.data, current?.id],
  );
  return { facts, live: enabled && current ? live : null };
}
