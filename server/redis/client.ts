import { Redis } from 'ioredis';
import { beforeDeadline, LATE } from '../../lib/deadline.ts';

/**
 * A Redis connection for the control plane. Commands fail fast while disconnected (no offline
 * queue, one retry per request) so a dead Redis surfaces as an error, not as a hung request;
 * the client keeps reconnecting in the background with capped back-off.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  // Connection errors reach callers through the failing command (and the health page); without a
  // listener ioredis would also print each reconnect failure as an "unhandled error event".
  redis.on('error', () => {});
  return redis;
}

/** Connects if needed and round-trips PING within `timeoutMs`. */
export async function pingRedis(redis: Redis, timeoutMs = 2_000): Promise<void> {
  const work = (async () => {
    if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`unexpected PING reply: ${pong}`);
  })();
  if ((await beforeDeadline(work, timeoutMs)) === LATE) throw new Error(`no reply within ${timeoutMs} ms`);
}
