import type { RedisClient } from '../redis/connection.ts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { KEY_PREFIX } from '../controlplane/keys.ts';

/**
 * Limits of a run's webhook (issue 14 item 5): an asynchronous skill reports back once or a few
 * times per job, so a body is small, a run receives few calls, and a state few events. The
 * numbers bound what one leaked URL can add to a run's event stream (shown to every viewer).
 */
export const WEBHOOK_LIMITS = {
  /** Bytes of one webhook body (read with a hard limit, never parsed whole beyond it). */
  maxBodyBytes: 64 * 1024,
  /** Characters of the body kept in the `webhook` event (the rest is cut, and marked as cut). */
  maxStoredChars: 10_000,
  /** Calls per run per minute, counted on the runtime's Redis (shared by every console process). */
  callsPerMinute: 60,
  /** `webhook` events one state instance may receive in all. */
  eventsPerState: 20,
} as const;

const limiters = new WeakMap<RedisClient, RateLimiterRedis>();
let memoryLimiter: RateLimiterMemory | null = null;

/**
 * Takes one call from the allowance of `key` (a run id, `session:<id>`): null when allowed, else
 * the seconds until the next call may come. Counted on Redis when there is one (shared by every
 * console process), else in this process.
 */
export async function takeWebhookCall(redis: RedisClient | undefined, key: string): Promise<number | null> {
  const points = WEBHOOK_LIMITS.callsPerMinute;
  let limiter: RateLimiterRedis | RateLimiterMemory;
  if (redis) {
    const keyPrefix = `${KEY_PREFIX}:webhook-rate`;
    limiter = limiters.get(redis) ?? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60 });
    limiters.set(redis, limiter);
  } else {
    limiter = memoryLimiter ??= new RateLimiterMemory({ keyPrefix: 'webhook-rate', points, duration: 60 });
  }
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res; // RedisClient itself failed: not the caller's fault
  }
}

/** Hash of a run's webhook event counts per state instance (in the run's hash slot, next to its other keys). */
export const webhookCountsKey = (runId: string) => `${KEY_PREFIX}:run:{${runId}}:webhooks`;
