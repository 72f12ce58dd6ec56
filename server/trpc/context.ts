import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessionFromCookies } from '../auth/session-cookie.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import { peerAddressInstalled } from '../http/peer-address.ts';
import { requestSource } from '../http/request-source.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import type { TrpcContext } from './init.ts';

/** Whether the request reached us over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(req: Request): boolean {
  const forwarded = req.headers.get('x-forwarded-proto');
  return (forwarded ? forwarded.split(',')[0]!.trim() : new URL(req.url).protocol.replace(':', '')) === 'https';
}

/**
 * What a request's context is built from, handed in by the composition root (server/app/trpc-context.ts):
 * this layer never reaches for the process's singletons itself (issue 31).
 */
export interface RequestServices {
  config: AppConfig;
  db(): Promise<Db>;
  cookieSecret(): Promise<string>;
  signInThrottle(): Promise<SignInThrottle>;
  toolServices(): ToolServices;
  redis(): import('../redis/connection.ts').RedisClient | undefined;
}

/** Where the request came from: the TCP peer, or what trusted proxies say (server/http/request-source.ts). */
function sourceOf(req: Request, config: AppConfig) {
  return requestSource(req.headers, { trustedProxies: config.http.trustedProxies, peerKnown: peerAddressInstalled() });
}

/** Builds the tRPC context for one HTTP request. */
export async function createRequestContext(req: Request, resHeaders: Headers, s: RequestServices): Promise<TrpcContext> {
  const db = await s.db();
  const secret = await s.cookieSecret();
  const { user, sessionId } = await sessionFromCookies(db, req.headers.get('cookie'), secret);
  return {
    db,
    user,
    sessionId,
    resHeaders,
    secure: isSecureRequest(req),
    userAgent: req.headers.get('user-agent'),
    source: sourceOf(req, s.config),
    signInThrottle: await s.signInThrottle(),
    cookieSecret: secret,
    sessionTtlHours: s.config.sessionTtlHours,
    services: s.toolServices(),
    redis: s.redis,
  };
}
