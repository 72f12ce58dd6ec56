import type { Redis } from 'ioredis';
import { config } from '../config.ts';
import { database } from '../db/index.ts';
import { createRedis } from '../redis/client.ts';
import { sessionSecret } from '../auth/secret.ts';
import type { ToolServices } from '../tools/context.ts';

// Process-wide singletons live on globalThis for the same reason as the database handle: Next.js
// may load this module more than once, and each copy must share one Redis connection.
const REDIS = Symbol.for('dcf.redis');
const SECRET = Symbol.for('dcf.sessionSecret');
type Holder = { [REDIS]?: Redis; [SECRET]?: Promise<string> };
const holder = globalThis as Holder;

/** The shared Redis client, or undefined when REDIS_URL is unset. */
export function redis(): Redis | undefined {
  const url = config().redisUrl;
  if (!url) return undefined;
  holder[REDIS] ??= createRedis(url);
  return holder[REDIS];
}

export function cookieSecret(): Promise<string> {
  holder[SECRET] ??= sessionSecret(config());
  return holder[SECRET];
}

/** Services handed to tool handlers in the server process. */
export function toolServices(): ToolServices {
  return { config: config() };
}

export { config, database };
