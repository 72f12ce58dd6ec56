import type { RedisClient } from '../redis/connection.ts';
import { RedisLease } from '../redis/lease.ts';

/**
 * Which conversations have a turn running, so a second message meanwhile is refused (409) rather
 * than answered beside the first. `begin` answers null when a turn is running, else a handle whose
 * `end` frees the conversation. Across consoles this is a Redis lease per conversation; the agent's
 * own turn lease (server/agents/local/turn-lease.ts) is what keeps the turns themselves apart, so
 * a conversation lease lost mid-turn (Redis unreachable past its TTL) is not fatal to the turn.
 */
export interface ConversationTurns {
  begin(conversationId: string): Promise<{ end(): Promise<void> } | null>;
}

const inProcess = new Set<string>();

/** Conversations with a turn in progress in this process: for a console alone, or where there is no Redis. */
export const localConversationTurns: ConversationTurns = {
  async begin(conversationId) {
    if (inProcess.has(conversationId)) return null;
    inProcess.add(conversationId);
    return { end: async () => void inProcess.delete(conversationId) };
  },
};

/** A held conversation frees this long after its console died (default; renewed every third of it while the turn runs). */
export const CONVERSATION_TURN_TTL_MS = 30_000;

/** The Redis key of a conversation's turn lease. */
export const conversationTurnKey = (conversationId: string) => `dcf:chat-turn:${conversationId}`;

/** Conversations with a turn in progress on any console sharing `redis` (server/redis/lease.ts). */
export function redisConversationTurns(redis: RedisClient, ttlMs = CONVERSATION_TURN_TTL_MS): ConversationTurns {
  const lease = new RedisLease(redis, ttlMs);
  return {
    async begin(conversationId) {
      const held = await lease.tryAcquire(conversationTurnKey(conversationId));
      return held && { end: () => held.release() };
    },
  };
}
