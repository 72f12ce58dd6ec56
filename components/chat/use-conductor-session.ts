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
 * arrive as messages), each at most once a second and neither waiting for the other's read (a slow
 * read of the messages held the cards back). While a turn of the user's is running, the messages are not re-read under
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

  // Two throttles: a throttle waits for its read before the next, and a slow read of the messages must
  // not hold the session's record (the delegation cards) back, nor the other way round.
  useEffect(() => {
    const record = createRefetchThrottle(
      () => qc.invalidateQueries(trpc.companions.sessionOfConversation.queryFilter({ conversation_id: conversationId })),
      REREAD_MS,
    );
    const messages = createRefetchThrottle(
      () => qc.invalidateQueries(trpc.chat.messages.queryFilter({ conversation_id: conversationId })),
      REREAD_MS,
    );
    throttle.current = {
      trigger() {
        record.trigger();
        if (streaming.current) owed.current = true;
        else messages.trigger();
      },
      stop() {
        record.stop();
        messages.stop();
      },
    };
    return () => throttle.current?.stop();
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
