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
 * event read): each event re-reads the record and — unless a turn is streaming, whose end
 * re-reads it anyway — the conversation's messages (results and advice arrive as messages).
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
  const throttle = useRef<RefetchThrottle | null>(null);

  useEffect(() => {
    const t = createRefetchThrottle(
      () =>
        Promise.all([
          qc.invalidateQueries(trpc.companions.sessionOfConversation.queryFilter({ conversation_id: conversationId })),
          streaming.current ? Promise.resolve() : qc.invalidateQueries(trpc.chat.messages.queryFilter({ conversation_id: conversationId })),
        ]),
      REREAD_MS,
    );
    throttle.current = t;
    return () => t.stop();
  }, [qc, trpc, conversationId]);

  const current = session.data?.session ?? null;
  const live = useSessionFeed(enabled ? (current?.id ?? null) : null, current?.last_event_id ?? null, () => throttle.current?.trigger());

  const facts = useMemo<SessionFacts>(
    () => (session.data ? { sessionId: current?.id ?? null, tasks: session.data.tasks, agents: session.data.agents } : NO_FACTS),
    [session.data, current?.id],
  );
  return { facts, live: enabled && current ? live : null };
}
