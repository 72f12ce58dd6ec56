import { createHash } from 'node:crypto';
import type { RedisClient } from '../redis/connection.ts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Sign-in throttling with rate-limiter-flexible (issue 14; the model changed in issue 29):
 *
 * - **Per account** (the normalised email, hashed: no addresses in Redis keys): after
 *   `accountFailures` failed checks in a window the email is locked until the window ends, its
 *   right password included, from every address. A lock-out applies to an email whether or not an
 *   account has it, so the answer never tells which emails exist.
 * - **Per source** (sourceBucket of the request's address): `sourceFailures` failed checks across
 *   all emails in a window. Using them up does not lock the address out: accounts that have signed
 *   in successfully from that address before (a remembered pair of source and account, kept
 *   `knownSeconds` after each success) go on being checked as usual, so the right password still
 *   signs them in; only emails never signed in from there are refused until the window ends.
 *   Behind a proxy without DCF_TRUSTED_PROXIES every request shares one address, and the office
 *   keeps signing in while someone sprays guesses at it; the sprayer, past the budget, can only
 *   try accounts that have signed in from that address, each under its own per-account limit.
 *
 * Successful sign-ins are not failures. Every attempt takes one point of each *before* its
 * password is checked, so concurrent attempts (a tRPC batch of sign-ins) cannot all slip under
 * the limit at once; `settle` then returns the points of a success (and clears the account's
 * failures) or of an attempt that never got its answer (busy, crashed).
 */
export type SignInLimits = {
  /** Failed checks one email may have per window; the next attempt is refused. */
  accountFailures: number;
  /** Failed checks one source may have per window, across all emails. */
  sourceFailures: number;
  windowSeconds: number;
  /** How long a successful sign-in of an account from a source is remembered (it may sign in there past the source's budget). */
  knownSeconds: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  accountFailures: 5,
  sourceFailures: 20,
  windowSeconds: 15 * 60,
  knownSeconds: 30 * 86_400,
};

/** The pairs of source and account that have signed in successfully (recently). */
export interface KnownSignIns {
  has(source: string, accountKey: string): Promise<boolean>;
  remember(source: string, accountKey: string): Promise<void>;
}

export type ThrottleScope = 'account' | 'source';
export type Lockout = { scope: ThrottleScope; until: Date };
export type Outcome = 'success' | 'failure' | 'abandoned';

export type ThrottledAttempt = {
  /** Reports the password check's outcome; for a failure that used up a limit, the lock-out it starts. */
  settle(outcome: Outcome): Promise<Lockout | null>;
};

export type ThrottleDecision = { ok: true; attempt: ThrottledAttempt } | { ok: false; refused: Lockout };

export class SignInThrottle {
  constructor(
    private readonly limiters: { account: RateLimiterAbstract; source: RateLimiterAbstract },
    private readonly known: KnownSignIns,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Takes a point for the email and one for the source, or says until when attempts are refused: an
   * email locked out, or a source past its budget for an email that has not signed in from it before.
   */
  async begin(email: string, source: string): Promise<ThrottleDecision> {
    const accountKey = accountKeyOf(email);
    const bySource = await take(this.limiters.source, source, this.now());
    if (!bySource.ok && !(await this.known.has(source, accountKey))) {
      return { ok: false, refused: { scope: 'source', until: bySource.until } };
    }
    const byAccount = await take(this.limiters.account, accountKey, this.now());
    if (!byAccount.ok) {
      // Refused before any password was checked: not a failure of this source.
      await this.limiters.source.reward(source, 1);
      return { ok: false, refused: { scope: 'account', until: byAccount.until } };
    }
    const settle = async (outcome: Outcome): Promise<Lockout | null> => {
      if (outcome === 'success') {
        await Promise.all([
          this.limiters.source.reward(source, 1),
          this.limiters.account.delete(accountKey),
          this.known.remember(source, accountKey),
        ]);
        return null;
      }
      if (outcome === 'abandoned') {
        await Promise.all([this.limiters.source.reward(source, 1), this.limiters.account.reward(accountKey, 1)]);
        return null;
      }
      if (byAccount.last) return { scope: 'account', until: byAccount.until };
      return bySource.ok && bySource.last ? { scope: 'source', until: bySource.until } : null;
    };
    return { ok: true, attempt: { settle } };
  }
}

type Taken = { ok: true; last: boolean; until: Date } | { ok: false; until: Date };

/** One point from `key`: whether it was granted, whether it was the last, and when the window ends. */
async function take(limiter: RateLimiterAbstract, key: string, now: number): Promise<Taken> {
  try {
    const res = await limiter.consume(key, 1);
    return { ok: true, last: res.remainingPoints === 0, until: new Date(now + res.msBeforeNext) };
  } catch (err) {
    // rate-limiter-flexible rejects with a RateLimiterRes when the points are used up; an Error is
    // a store failure with no insurance left, which must not look like a lock-out.
    if (err instanceof RateLimiterRes) return { ok: false, until: new Date(now + err.msBeforeNext) };
    throw err;
  }
}

/** The account's key: a digest of the normalised email (the same normalisation as findUserByEmail). */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** In-process counters: for a console without Redis (one process, so they are the only ones). */
export function memorySignInThrottle(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS): SignInThrottle {
  return new SignInThrottle(
    {
      account: new RateLimiterMemory({ points: limits.accountFailures, duration: limits.windowSeconds }),
      source: new RateLimiterMemory({ points: limits.sourceFailures, duration: limits.windowSeconds }),
    },
    memoryKnownSignIns(limits.knownSeconds),
  );
}

/** Remembered pairs in this process (expiring `knownSeconds` after the last success). */
function memoryKnownSignIns(knownSeconds: number): KnownSignIns {
  const until = new Map<string, number>();
  return {
    has: async (source, accountKey) => (until.get(`${source} ${accountKey}`) ?? 0) > Date.now(),
    remember: async (source, accountKey) => {
      until.set(`${source} ${accountKey}`, Date.now() + knownSeconds * 1000);
    },
  };
}

/**
 * Remembered pairs in Redis (one key per pair, expiring): shared by every console process. While
 * Redis cannot answer, a pair counts as not known (the source's budget applies) and is not stored.
 */
function redisKnownSignIns(redis: RedisClient, prefix: string, knownSeconds: number): KnownSignIns {
  const key = (source: string, accountKey: string) => `${prefix}:known:${source}:${accountKey}`;
  return {
    has: (source, accountKey) =>
      redis.exists(key(source, accountKey)).then(
        (n) => n === 1,
        () => false,
      ),
    remember: (source, accountKey) =>
      redis.set(key(source, accountKey), '1', 'EX', knownSeconds).then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * Counters in Redis, shared by every console process. While Redis cannot answer, each limiter
 * falls back to in-process counters of the same limits (the library's insuranceLimiter), so an
 * outage neither opens sign-in to unlimited guessing nor locks everyone out.
 */
export function redisSignInThrottle(
  redis: RedisClient,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  prefix = 'dcf:signin',
): SignInThrottle {
  const limiter = (name: ThrottleScope, points: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: limits.windowSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration: limits.windowSeconds }),
    });
  return new SignInThrottle(
    {
      account: limiter('account', limits.accountFailures),
      source: limiter('source', limits.sourceFailures),
    },
    redisKnownSignIns(redis, prefix, limits.knownSeconds),
  );
}
