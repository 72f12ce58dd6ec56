import { memorySignInThrottle, redisSignInThrottle, type SignInThrottle } from '../auth/sign-in-throttle.ts';
import { createRequestContext } from '../trpc/context.ts';
import type { TrpcContext } from '../trpc/init.ts';
import { config, cookieSecret, database, redis, toolServices } from './services.ts';

/**
 * The process's sign-in throttle, made once: counters in Redis (RateLimiterRedis on the app's
 * ioredis) when REDIS_URL is set, so every console process shares them; in-process counters
 * (RateLimiterMemory) otherwise, where this process is the only one. On globalThis, like the other
 * singletons, because Next.js may load this module more than once.
 */
const THROTTLE = Symbol.for('dcf.signInThrottle');
function signInThrottle(): Promise<SignInThrottle> {
  const holder = globalThis as { [THROTTLE]?: Promise<SignInThrottle> };
  holder[THROTTLE] ??= (async () => {
    const limits = config().signIn;
    const client = redis();
    if (!client) return memorySignInThrottle(limits);
    // The shared client connects lazily; until it has, the limiters use their in-process insurance.
    if (client.status === 'wait') await client.connect().catch(() => undefined);
    return redisSignInThrottle(client, limits);
  })();
  return holder[THROTTLE];
}

/** The tRPC context of one request to this console, from the process's services (the composition root). */
export function appRequestContext(req: Request, resHeaders: Headers): Promise<TrpcContext> {
  return createRequestContext(req, resHeaders, {
    config: config(),
    db: async () => (await database()).db,
    cookieSecret,
    signInThrottle,
    toolServices,
    redis,
  });
}
