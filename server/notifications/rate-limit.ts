import type { RedisClient } from '../redis/connection.ts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Actor } from '../contracts/audit-actor.ts';

/**
 * Issue 29: `send_notification` per caller per minute (DCF_NOTIFY_MAX_PER_MINUTE), counted with
 * rate-limiter-flexible as sign-in throttling and webhook calls are: on Redis, so every console
 * process and `dcf worker` shares one count, with in-process counters of the same limit as the
 * insurance while Redis cannot answer (an outage neither lifts the limit nor fails the call);
 * in-process only when there is no Redis (one process). A caller is the actor: a user, an agent
 * (an MCP token's or a local agent's), or a system component.
 */
const limiters = new WeakMap<RedisClient, Map<number, RateLimiterAbstract>>();
const memoryLimiters = new Map<number, RateLimiterAbstract>();
const KEY_PREFIX = 'dcf:notify-rate';

function limiterFor(redis: RedisClient | undefined, perMinute: number): RateLimiterAbstract {
  const memory = () => new RateLimiterMemory({ keyPrefix: KEY_PREFIX, points: perMinute, duration: 60 });
  if (!redis) {
    const found = memoryLimiters.get(perMinute) ?? memory();
    memoryLimiters.set(perMinute, found);
    return found;
  }
  const byPoints = limiters.get(redis) ?? new Map<number, RateLimiterAbstract>();
  limiters.set(redis, byPoints);
  const found =
    byPoints.get(perMinute) ??
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: KEY_PREFIX,
      points: perMinute,
      duration: 60,
      insuranceLimiter: memory(),
    });
  byPoints.set(perMinute, found);
  return found;
}

/** Takes one notification from the caller's allowance: null when allowed, else the seconds until the next may go. */
export async function takeNotification(redis: RedisClient | undefined, actor: Actor, perMinute: number): Promise<number | null> {
  try {
    await limiterFor(redis, perMinute).consume(`${actor.kind}:${actor.id}`);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res;
  }
}
