import type { Db } from '../db/client.ts';
import { recordAudit } from '../audit/log.ts';
import { anonymousActor } from '../contracts/audit-actor.ts';
import { sourceBucket, type RequestSource } from '../http/request-source.ts';
import { ukDateTime } from '../../lib/uk-time.ts';
import { HashBusyError } from './hash-gate.ts';
import type { Lockout, SignInThrottle, ThrottledAttempt } from './sign-in-throttle.ts';
import { authenticate, type PublicUser } from './users.ts';

/**
 * One sign-in attempt: the throttle first (a locked-out email or source is refused before any
 * password is hashed, even a correct one), then the password check through the hash gate.
 * Every attempt that does not sign in is audited here as `auth.signIn` / `forbidden` (busy:
 * `error`) by the anonymous actor, with where it came from in `detail.source`; a wrong password
 * and an unknown email leave identical entries, so the log does not tell which emails exist.
 * The caller starts the session and audits the success.
 */
export type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: 'invalid'; lockout: Lockout | null }
  | { ok: false; reason: 'throttled'; lockout: Lockout }
  | { ok: false; reason: 'busy' };

export type SignInInput = { email: string; password: string };

export async function attemptSignIn(db: Db, throttle: SignInThrottle, input: SignInInput, source: RequestSource): Promise<SignInResult> {
  const decision = await throttle.begin(input.email, sourceBucket(source.address));
  const result: SignInResult = decision.ok
    ? await check(db, decision.attempt, input)
    : { ok: false, reason: 'throttled', lockout: decision.refused };
  if (!result.ok) await auditRefusal(db, input, source, result);
  return result;
}

async function check(db: Db, attempt: ThrottledAttempt, input: SignInInput): Promise<SignInResult> {
  let user: PublicUser | null;
  try {
    user = await authenticate(db, input.email, input.password);
  } catch (err) {
    await attempt.settle('abandoned');
    if (err instanceof HashBusyError) return { ok: false, reason: 'busy' };
    throw err;
  }
  const lockout = await attempt.settle(user ? 'success' : 'failure');
  return user ? { ok: true, user } : { ok: false, reason: 'invalid', lockout };
}

type Refusal = Exclude<SignInResult, { ok: true }>;

async function auditRefusal(db: Db, input: SignInInput, source: RequestSource, result: Refusal): Promise<void> {
  const detail: Record<string, unknown> = { source: sourceDetail(source) };
  if (result.reason === 'throttled') detail.throttled = lockoutDetail(result.lockout);
  if (result.reason === 'invalid' && result.lockout) detail.locked_out = lockoutDetail(result.lockout);
  if (result.reason === 'busy') detail.code = 'TOO_MANY_REQUESTS';
  await recordAudit(db, {
    actor: anonymousActor,
    action: 'auth.signIn',
    args: { email: input.email.toLowerCase(), password: input.password },
    status: result.reason === 'busy' ? 'error' : 'forbidden',
    detail,
  });
}

function sourceDetail(source: RequestSource): Record<string, string | null> {
  const detail: Record<string, string | null> = { address: source.address, user_agent: source.userAgent };
  if (source.claimedForwardedFor) detail.claimed_forwarded_for = source.claimedForwardedFor;
  return detail;
}

const lockoutDetail = (lockout: Lockout) => ({ scope: lockout.scope, until: lockout.until.toISOString() });

/** What the sign-in form shows when attempts are refused: why, and when to try again (UK time). */
export function lockoutMessage(lockout: Lockout, now: number = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((lockout.until.getTime() - now) / 60_000));
  // Shown to the minute, so rounded up: "after 09:15" must not be before the lock-out ends.
  const shown = new Date(Math.ceil(lockout.until.getTime() / 60_000) * 60_000).toISOString();
  const when = `${ukDateTime(shown)} UK time, in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (lockout.scope === 'account') return `Too many failed sign-ins for this email. Try again after ${when}.`;
  // The source's budget is used up: only accounts that have signed in from it before go on (sign-in-throttle.ts).
  return (
    `Too many failed sign-ins from your network: until ${when}, only accounts that have signed in from it before ` + 'may sign in from it.'
  );
}

/** Seconds until a lock-out ends, for the Retry-After header. */
export function retryAfterSeconds(lockout: Lockout, now: number = Date.now()): number {
  return Math.max(1, Math.ceil((lockout.until.getTime() - now) / 1000));
}
