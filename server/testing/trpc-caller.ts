import { createCallerFactory, type TrpcContext } from '../trpc/init.ts';
import { appRouter } from '../trpc/root.ts';
import type { Db } from '../db/client.ts';
import type { PublicUser } from '../auth/users.ts';
import { testConfig } from './test-config.ts';
import { memorySignInThrottle } from '../auth/sign-in-throttle.ts';

const createCaller = createCallerFactory(appRouter);

/** A server-side tRPC caller acting as `user` (null = signed out), with the real middleware chain. */
export function callerFor(db: Db, user: PublicUser | null, extra: Partial<TrpcContext> = {}) {
  const ctx: TrpcContext = {
    db,
    user,
    sessionId: null,
    resHeaders: new Headers(),
    secure: false,
    userAgent: 'vitest',
    source: { address: '127.0.0.1', userAgent: 'vitest', claimedForwardedFor: null },
    signInThrottle: memorySignInThrottle(),
    cookieSecret: 'test-secret-0123456789-0123456789-abcdef',
    sessionTtlHours: 1,
    services: { config: testConfig(), db: async () => db },
    ...extra,
  };
  return { caller: createCaller(ctx), ctx };
}
