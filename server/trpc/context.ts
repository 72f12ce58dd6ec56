import { config, cookieSecret, database, redis, toolServices } from '../app/services.ts';
import { sessionFromCookies } from '../auth/session-cookie.ts';
import { memorySignInThrottle, redisSignInThrottle, type SignInThrottle } from '../auth/sign-in-throttle.ts';
import { peerAddressInstalled } from '../http/peer-address.ts';
import { requestSource } from '../http/request-source.ts';
import type { TrpcContext } from './init.ts';

/** Whether the request reached us over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(req: Request): boolean {
  const forwarded = req.headers.get('x-forwarded-proto');
  return (forwarded ? forwarded.split(',')[0]!.trim() : new URL(req.url).protocol.replace(':', '')) === 'https';
}

// Moved to server/auth/session-cookie.ts (server components use them too); re-exported for callers here.
export { sessionFromCookies, sessionFromCookieValue } from '../auth/session-cookie.ts';

/**
 * The process's sign-in throttle, made once: counters in Redis (RateLimiterRedis on the app's
 * ioredis) when REDIS_URL is set, so every console process shares them; in-process counters
 * (RateLimiterMemory) otherwise, where this process is the only one. On globalThis, like the other
 * singletons, because Next.js may load this module more than once.
 */
const THROTTLE = Symbol.for('dcf.signInThrottle');
async function signInThrottle(): Promise<SignInThrottle> {
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

/** Where the request came from: the TCP peer, or what trusted proxies say (server/http/request-source.ts). */
function sourceOf(req: Request) {
  return requestSource(req.headers, { trustedProxies: config().http.trustedProxies, peerKnown: peerAddressInstalled() });
}

/** Builds the tRPC context for one HTTP request. */
export async function createRequestContext(req: Request, resHeaders: Headers): Promise<TrpcContext> {
  const { db } = await database();
  const secret = await cookieSecret();
  const { user, sessionId } = await sessionFromCookies(db, req.headers.get('cookie'), secret);
  return {
    db,
    user,
    sessionId,
    resHeaders,
    secure: isSecureRequest(req),
    userAgent: req.headers.get('user-agent'),
    source: sourceOf(req),
    signInThrottle: await signInThrottle(),
    cookieSecret: secret,
    sessionTtlHours: config().sessionTtlHours,
    services: toolServices(),
  };
}
