import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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

const limiters = new WeakMap<Redis, RateLimiterRedis>();

/** Takes one call from the run's allowance: null when allowed, else the seconds until the next call may come. */
export async function takeWebhookCall(redis: Redis, runId: string): Promise<number | null> {
  let limiter = limiters.get(redis);
  if (!limiter) {
    const keyPrefix = `${KEY_PREFIX}:webhook-rate`;
    const points = WEBHOOK_LIMITS.callsPerMinute;
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60 });
    limiters.set(redis, limiter);
  }
  try {
    await limiter.consume(runId);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res; // Redis itself failed: not the caller's fault
  }
}

/** Hash of a run's webhook event counts per state instance (in the run's hash slot, next to its other keys). */
export const webhookCountsKey = (runId: string) => `${KEY_PREFIX}:run:{${runId}}:webhooks`;
