/**
 * An agent's turns one at a time across processes (issue 32): every turn — a chat turn through
 * streamMessage, an inbox turn (agent-to-agent message, host message, sleep-time wake-up) and a
 * waited-for reply — first takes its place in this process's TurnQueue (the in-process fast path,
 * strict arrival order, no round-trip), then the agent's cross-process turn lease, and gives both
 * up when it ends.
 *
 * Why the lease lives in Redis and not in the Postgres inbox claim: the inbox claim already keeps
 * inbox turns of an agent one at a time, but a chat turn streams its events back to the request of
 * the console that took it; routing it through the inbox would mean whichever process claims the
 * message relays every event to that console, and a row lock held for a whole turn would pin one
 * pooled connection per running agent for minutes. A Redis lease is one key per agent, expires on
 * its own when its holder dies (as the control plane's state leases do), and is queued in arrival
 * order (server/redis/queued-lease.ts) so a busy process cannot starve another. The inbox claim
 * stays: it is what makes each inbox message delivered once; the lease is what keeps turns apart.
 */
import type { RedisClient } from '../../redis/connection.ts';
import type { HeldLease } from '../../redis/lease.ts';
import { LeaseWaitExceeded, QueuedLease, waitedFor } from '../../redis/queued-lease.ts';
import { AgentPlatformError } from './errors.ts';
import type { TurnQueue } from './turn-queue.ts';

/** Each agent's cross-process turn lease. */
export interface AgentTurnLease {
  /** Waits (bounded) until this process may run a turn of the agent; an AgentPlatformError `conflict` when the wait is too long. */
  acquire(agentId: string, signal?: AbortSignal): Promise<HeldLease>;
  /** Gives up what the lease holds open (its Redis connection, when it owns one). */
  close(): Promise<void>;
}

export interface RedisAgentTurnLeaseOptions {
  /** A held lease frees this long after its holder died (default 30 s); renewed every third of it. */
  ttlMs?: number;
  /** Longest wait for an agent's turn lease (default 10 min: the agent's turns before it in other processes). */
  waitMs?: number;
  /** How often a waiting turn asks again (default 100 ms). */
  pollMs?: number;
  /** Disconnect `redis` at close (the lease was given a connection of its own). */
  ownsConnection?: boolean;
}

/** The Redis key of an agent's turn lease. */
export const agentTurnKey = (agentId: string) => `dcf:agent-turn:${agentId}`;

/** The agents' turn leases on `redis` (queued-lease.ts). */
export function redisAgentTurnLease(redis: RedisClient, opts: RedisAgentTurnLeaseOptions = {}): AgentTurnLease {
  const lease = new QueuedLease(redis, { ttlMs: opts.ttlMs ?? 30_000, ...(opts.pollMs ? { pollMs: opts.pollMs } : {}) });
  const waitMs = opts.waitMs ?? 600_000;
  return {
    async acquire(agentId, signal) {
      try {
        return await lease.acquire(agentTurnKey(agentId), { waitMs, ...(signal ? { signal } : {}) });
      } catch (err) {
        if (!(err instanceof LeaseWaitExceeded)) throw err;
        const busy = `agent ${agentId} is still busy with earlier turns (in another process) after ${waitedFor(waitMs)}; try again later`;
        throw new AgentPlatformError('conflict', busy);
      }
    },
    async close() {
      if (opts.ownsConnection) redis.disconnect();
    },
  };
}

/** A turn's place: `ready` resolves when it may run (to the signal that aborts if its cross-process lease is lost); `release` when it ends. */
export interface TurnPlace {
  ready: Promise<AbortSignal | undefined>;
  release(): void;
}

/**
 * Reserves the agent's next turn: the in-process queue place now (synchronously, so places follow
 * call order), then — when it is this turn's go — the cross-process lease if there is one. The
 * lease is given back before the queue place, so the next turn here finds it free.
 */
export function reserveTurn(rt: { queue: TurnQueue; turnLease?: AgentTurnLease }, agentId: string, signal?: AbortSignal): TurnPlace {
  const local = rt.queue.reserve(agentId);
  const lease = rt.turnLease;
  if (!lease) return { ready: local.ready.then(() => undefined), release: local.release };
  const held = local.ready.then(() => lease.acquire(agentId, signal));
  held.catch(() => undefined); // a failed wait is the caller's error through `ready`; release must not report it again
  let released = false;
  return {
    ready: held.then((h) => h.lost),
    release: () => {
      if (released) return;
      released = true;
      void held
        .then((h) => h.release())
        .then(
          () => local.release(),
          () => local.release(),
        );
    },
  };
}
