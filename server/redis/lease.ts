import { randomUUID } from 'node:crypto';
import type { RedisClient } from './connection.ts';

/** A single node or a cluster client: every lease here is one key, so both serve (plain commands and EVAL on that key). */

/**
 * A lease taken and kept alive: `lost` aborts when a renewal finds the lease gone (expired while
 * this process stalled, or Redis lost it) — the holder must stop, since another may hold it now;
 * `release` stops renewing and gives it up (once; later calls do nothing).
 */
export interface HeldLease {
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

// KEYS: the lease. ARGV: token, ttl ms. Extends the lease only while `token` still holds it.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

// KEYS: the lease. ARGV: token. Deletes the lease only while `token` still holds it (compare-and-delete).
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const connecting = new WeakMap<RedisClient, Promise<void>>();

/**
 * Connects a lazily connecting client once (createRedis has no offline queue, so a command sent
 * before the connection is up fails); a failed connection surfaces as the command's error.
 */
export async function connected(redis: RedisClient): Promise<void> {
  if (redis.status !== 'wait') return connecting.get(redis);
  const p = redis.connect().catch(() => undefined);
  connecting.set(redis, p);
  return p;
}

/**
 * A lease just taken, kept alive: renewed with `renew` every third of `ttlMs`; the first renewal
 * that answers false, or two failing in a row (so before the lease can have expired unseen),
 * aborts `lost`. `release` stops the renewals and gives the lease up with `giveUp`, once.
 */
export function holdLease(renew: () => Promise<boolean>, giveUp: () => Promise<unknown>, ttlMs: number): HeldLease {
  const lost = new AbortController();
  let failures = 0;
  let stopped = false;
  const timer = setInterval(
    () => {
      renew().then(
        (held) => {
          failures = 0;
          if (!held && !stopped) lost.abort(new Error('the lease expired before it was renewed'));
        },
        (err: unknown) => {
          if (++failures >= 2 && !stopped) lost.abort(err);
        },
      );
    },
    Math.max(5, Math.floor(ttlMs / 3)),
  );
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  lost.signal.addEventListener('abort', stop, { once: true });
  let released: Promise<void> | undefined;
  return {
    lost: lost.signal,
    release: () =>
      (released ??= (async () => {
        stop();
        await giveUp();
      })()),
  };
}

/**
 * An exclusive lease on one Redis key across processes: taken with SET NX PX and a unique token,
 * renewed every third of its TTL while held, released with a compare-and-delete script — so a
 * holder only ever deletes its own lease, and the lease of a holder that died (no renewals)
 * expires within `ttlMs`.
 */
export class RedisLease {
  constructor(
    private readonly redis: RedisClient,
    private readonly ttlMs: number,
  ) {}

  /** Takes the lease on `key` if nobody holds it; null when someone does. */
  async tryAcquire(key: string): Promise<HeldLease | null> {
    await connected(this.redis);
    const token = randomUUID();
    if ((await this.redis.set(key, token, 'PX', this.ttlMs, 'NX')) !== 'OK') return null;
    return holdLease(
      async () => Number(await this.redis.eval(RENEW, 1, key, token, this.ttlMs)) === 1,
      () => this.redis.eval(RELEASE, 1, key, token),
      this.ttlMs,
    );
  }
}
