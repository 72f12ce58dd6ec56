import { beforeDeadline, LATE } from '../../lib/deadline.ts';
import { connectRedis, type RedisClient, type RedisTarget } from './connection.ts';

/**
 * A Redis connection for the control plane (connection.ts, role `command`). Commands fail fast
 * while disconnected (no offline queue, one retry per request) so a dead Redis surfaces as an
 * error, not as a hung request; the client keeps reconnecting in the background with capped back-off.
 */
export function createRedis(target: RedisTarget): RedisClient {
  return connectRedis(target, 'command');
}

/** Connects if needed and round-trips PING within `timeoutMs` (on a cluster: to one of its nodes). */
export async function pingRedis(redis: RedisClient, timeoutMs = 2_000): Promise<void> {
  const work = (async () => {
    if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`unexpected PING reply: ${pong}`);
  })();
  if ((await beforeDeadline(work, timeoutMs)) === LATE) throw new Error(`no reply within ${timeoutMs} ms`);
}
