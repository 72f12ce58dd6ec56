'use client';
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { AgentEvent } from '@/server/contracts/agent-platform';
import { sendTurn, type TurnOutcome } from './send-turn';
import { turnStopReason, turnUsage, type LiveTurn } from './thread';

/** How the last turn of a conversation ended, shown under its messages until the next one. */
export interface FinishedTurn {
  outcome: TurnOutcome;
  stopReason: string | null;
  usage: ReturnType<typeof turnUsage>;
}

export interface TurnState {
  live: LiveTurn | null;
  finished: FinishedTurn | null;
}

const IDLE: TurnState = { live: null, finished: null };

/**
 * The chat turns of the page, per conversation: a turn keeps streaming while the user looks at
 * another conversation (the list says which are answering). When a turn ends, the stored history
 * is re-read before the live view is dropped, so the reply does not flicker; the conversation
 * list is refreshed too (the first message titles a conversation and moves it to the top).
 * Leaving the page does not cancel a turn — only the stop button does.
 */
export function useChatTurns() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Record<string, TurnState>>({});
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback(
    (id: string, f: (t: TurnState) => TurnState) => setTurns((prev) => ({ ...prev, [id]: f(prev[id] ?? IDLE) })),
    [],
  );

  const send = useCallback(
    async (conversationId: string, content: string, onAccepted?: () => void): Promise<TurnOutcome | null> => {
      if (controllers.current.has(conversationId)) return null;
      const controller = new AbortController();
      controllers.current.set(conversationId, controller);
      const events: AgentEvent[] = [];
      update(conversationId, () => ({ live: { content, events: [], accepted: false }, finished: null }));
      const outcome = await sendTurn(conversationId, content, {
        signal: controller.signal,
        onAccepted: () => {
          update(conversationId, (t) => (t.live ? { ...t, live: { ...t.live, accepted: true } } : t));
          onAccepted?.();
        },
        onEvent: (e) => {
          events.push(e);
          update(conversationId, (t) => (t.live ? { ...t, live: { ...t.live, events: [...events] } } : t));
        },
      });
      controllers.current.delete(conversationId);
      if (outcome.kind !== 'refused') {
        // Drop the live view only once the re-read history holds this turn (its user message), so
        // what the user saw never disappears — a read that races the turn's last writes is retried.
        const filter = trpc.chat.messages.queryFilter({ conversation_id: conversationId });
        const hasTurn = () =>
          queryClient
            .getQueriesData<Array<{ event: { message_type: string; content?: string } }>>(filter)
            .some(([, data]) => data?.some((m) => m.event.message_type === 'user_message' && m.event.content === content.trim()));
        await queryClient.invalidateQueries(trpc.chat.conversations.queryFilter());
        // A Conductor's turn may start a new session (the last one was finalized) and delegate tasks.
        await queryClient.invalidateQueries(trpc.companions.sessionOfConversation.queryFilter({ conversation_id: conversationId }));
        for (let attempt = 0; attempt < 10; attempt++) {
          await queryClient.refetchQueries(filter);
          if (hasTurn()) break;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
      update(conversationId, () => ({ live: null, finished: { outcome, stopReason: turnStopReason(events), usage: turnUsage(events) } }));
      return outcome;
    },
    [queryClient, trpc, update],
  );

  const stop = useCallback((conversationId: string) => controllers.current.get(conversationId)?.abort(), []);

  const dismiss = useCallback((conversationId: string) => update(conversationId, (t) => ({ ...t, finished: null })), [update]);

  const turnOf = useCallback((conversationId: string): TurnState => turns[conversationId] ?? IDLE, [turns]);

  const answering = new Set(Object.entries(turns).flatMap(([id, t]) => (t.live ? [id] : [])));

  return { send, stop, dismiss, turnOf, answering };
}
