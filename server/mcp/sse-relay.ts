import { randomUUID } from 'node:crypto';
import { channelOf, subscriberOf, type RedisClient } from '../redis/connection.ts';
import { once } from 'node:events';
import { z } from 'zod';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { rpcErrorResponse } from './http-auth.ts';
import { readPostedMessage } from './legacy-sse-transport.ts';
import { onTransportClose, unknownSession, type LocalSession, type SseSessions } from './sse-sessions.ts';

/** How long a session's registration outlives its console's last refresh (a SIGKILLed console's sessions expire after this). */
export const SESSION_TTL_MS = 30_000;
/** How long a POST on another console waits for the stream's console to take the message. */
export const ACK_TIMEOUT_MS = 5_000;
/** The stream's console refuses a relayed message this long before the sender stops waiting, so a late one is never both run and refused. */
const ACK_MARGIN_MS = 1_000;

/** One session's registration: `dcf:mcp:sse:session:<id>` → {tokenId, owner}, with a TTL (one key per session: Redis Cluster safe). */
export const sseSessionKey = (sessionId: string) => `dcf:mcp:sse:session:${sessionId}`;
/** Where a console receives relayed messages and acknowledgements (one channel per console process), as published on `redis` (channelOf). */
export const sseConsoleChannel = (redis: RedisClient, consoleId: string) => channelOf(redis, `dcf:mcp:sse:console:${consoleId}`);

const Registration = z.object({ tokenId: z.string(), owner: z.string() });
const Relayed = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('deliver'),
    relayId: z.string(),
    replyTo: z.string(),
    sessionId: z.string(),
    tokenId: z.string(),
    /** Epoch ms after which the sender no longer waits (consoles' clocks are NTP-synchronised; ACK_MARGIN_MS absorbs the rest). */
    deadline: z.number(),
    message: z.unknown(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal('ack'), relayId: z.string(), accepted: z.boolean() }),
]);
type Relayed = z.infer<typeof Relayed>;

/** Request headers not relayed through Redis: credentials (the POSTing console has already checked the token). */
const PRIVATE_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * Connects the shared client if nobody has yet, or waits (at most 2 s) while it connects: the
 * console's client sends no command before it is ready (no offline queue, server/redis/client.ts).
 */
async function connected(redis: RedisClient): Promise<void> {
  if (redis.status === 'wait') await redis.connect();
  else if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'reconnecting') {
    await once(redis, 'ready', { signal: AbortSignal.timeout(2_000) });
  }
}

/** A stored value as JSON, or null when absent or unreadable (then it is no registration). */
function jsonOrNull(raw: string | null): unknown {
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

export type SseRelayOptions = { ackTimeoutMs?: number; sessionTtlMs?: number };

/**
 * Legacy SSE sessions that work through any console behind a load balancer (issue 32). The
 * console holding a stream registers the session in Redis (id → token id and owner console, TTL
 * SESSION_TTL_MS, refreshed every third of it while the stream is open, deleted on close). A
 * POST on the owner is delivered directly; on any other console it is checked against the
 * registration (same token, else the unknown-session answer), read and bounded there, then
 * published on the owner's channel; the owner hands it to its transport and acknowledges. The
 * POST answers 202 on the acknowledgement, 404 when the owner no longer has the session, and
 * 410 when no acknowledgement comes within ACK_TIMEOUT_MS (the owner is gone: open a new session).
 *
 * Pub/sub delivers at most once; a relayed message lost in transit is never acknowledged, so the
 * client is told (410) rather than left waiting. Each command touches one key (Redis Cluster).
 */
export function redisSseSessions(
  redis: RedisClient,
  log: { error(obj: object, msg: string): void },
  opts: SseRelayOptions = {},
): SseSessions {
  const consoleId = randomUUID();
  const ackTimeoutMs = opts.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  const ttlMs = opts.sessionTtlMs ?? SESSION_TTL_MS;
  const local = new Map<string, LocalSession>();
  const awaitingAck = new Map<string, (accepted: boolean) => void>();
  let sub: RedisClient | undefined;
  let started: Promise<void> | undefined;
  let refresh: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const registration = (s: LocalSession) => JSON.stringify({ tokenId: s.tokenId, owner: consoleId });

  /** Connects the shared client if it has not yet, and subscribes this console's channel (once; again after a failure). */
  function start(): Promise<void> {
    if (stopped) return Promise.reject(new Error('the SSE session relay is stopped'));
    started ??= (async () => {
      await connected(redis);
      if (!sub) {
        sub = subscriberOf(redis);
        sub.on('message', (_channel: string, raw: string) => void receive(raw));
      }
      await sub.subscribe(sseConsoleChannel(redis, consoleId));
      refresh = setInterval(refreshAll, Math.max(1, Math.floor(ttlMs / 3)));
      refresh.unref?.();
    })().catch((err: unknown) => {
      started = undefined;
      throw err;
    });
    return started;
  }

  function refreshAll(): void {
    // Only sessions still open: close removes a session from `local` before its DEL is sent on the same connection.
    for (const [id, s] of local)
      void redis
        .set(sseSessionKey(id), registration(s), 'PX', ttlMs)
        .catch((err: unknown) => log.error({ err }, 'MCP SSE session refresh failed'));
  }

  async function receive(raw: string): Promise<void> {
    let relayed: Relayed;
    try {
      relayed = Relayed.parse(JSON.parse(raw));
    } catch (err) {
      log.error({ err }, 'MCP SSE relay: unreadable message on this console’s channel');
      return;
    }
    if (relayed.kind === 'ack') {
      awaitingAck.get(relayed.relayId)?.(relayed.accepted);
      return;
    }
    const session = local.get(relayed.sessionId);
    const message = JSONRPCMessageSchema.safeParse(relayed.message);
    const url = URL.canParse(relayed.url) ? new URL(relayed.url) : undefined;
    const accepted =
      !!session &&
      session.tokenId === relayed.tokenId &&
      message.success &&
      !!url &&
      Date.now() <= relayed.deadline &&
      session.transport.deliver(message.data, { requestInfo: { headers: relayed.headers, url } });
    const ack: Relayed = { kind: 'ack', relayId: relayed.relayId, accepted };
    await redis
      .publish(sseConsoleChannel(redis, relayed.replyTo), JSON.stringify(ack))
      .catch((err: unknown) => log.error({ err }, 'MCP SSE relay: ack failed'));
  }

  /** Publishes a checked message to the owner's channel; true/false as the owner answered, 'timeout' without an answer. */
  async function relay(owner: string, deliver: Omit<Extract<Relayed, { kind: 'deliver' }>, 'kind' | 'relayId' | 'replyTo' | 'deadline'>) {
    const relayId = randomUUID();
    const answered = new Promise<boolean | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ackTimeoutMs);
      awaitingAck.set(relayId, (accepted) => {
        clearTimeout(timer);
        resolve(accepted);
      });
    });
    try {
      const deadline = Date.now() + ackTimeoutMs - Math.min(ACK_MARGIN_MS, ackTimeoutMs / 2);
      const message: Relayed = { kind: 'deliver', relayId, replyTo: consoleId, deadline, ...deliver };
      await redis.publish(sseConsoleChannel(redis, owner), JSON.stringify(message));
      return await answered;
    } finally {
      awaitingAck.delete(relayId);
    }
  }

  return {
    async open(transport, tokenId) {
      await start();
      const session = { transport, tokenId };
      await redis.set(sseSessionKey(transport.sessionId), registration(session), 'PX', ttlMs);
      local.set(transport.sessionId, session);
      onTransportClose(transport, () => {
        local.delete(transport.sessionId);
        void redis.del(sseSessionKey(transport.sessionId)).catch((err: unknown) => log.error({ err }, 'MCP SSE session removal failed'));
      });
    },

    async post(sessionId, tokenId, req, extra) {
      const mine = local.get(sessionId);
      if (mine) return mine.tokenId === tokenId ? mine.transport.handlePostMessage(req, extra) : unknownSession();
      let raw: string | null;
      try {
        await start();
        raw = await redis.get(sseSessionKey(sessionId));
      } catch {
        return rpcErrorResponse(503, 'Service unavailable: the session registry (Redis) cannot be reached; retry shortly');
      }
      const stored = Registration.safeParse(jsonOrNull(raw));
      if (!stored.success || stored.data.tokenId !== tokenId || stored.data.owner === consoleId) return unknownSession();
      const posted = await readPostedMessage(req);
      if ('response' in posted) return posted.response;
      const headers: Record<string, string> = {};
      for (const [k, v] of req.headers) if (!PRIVATE_HEADERS.has(k)) headers[k] = v;
      const answer = await relay(stored.data.owner, { sessionId, tokenId, message: posted.message, url: req.url, headers }).catch(
        () => 'unreachable' as const,
      );
      if (answer === 'unreachable')
        return rpcErrorResponse(503, 'Service unavailable: the session registry (Redis) cannot be reached; retry shortly');
      if (answer === true) return new Response('Accepted', { status: 202 });
      if (answer === false) return unknownSession();
      return rpcErrorResponse(
        410,
        'Session gone: the console holding its event stream does not answer; open a new one with GET /api/mcp/sse',
        {},
        -32001,
      );
    },

    localCount: () => local.size,

    async stop() {
      stopped = true;
      clearInterval(refresh);
      for (const resolve of awaitingAck.values()) resolve(false);
      sub?.disconnect();
    },
  };
}
