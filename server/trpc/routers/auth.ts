import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { attemptSignIn, lockoutMessage, retryAfterSeconds, type SignInResult } from '../../auth/sign-in.ts';
import { createSession, deleteSession, pruneExpiredSessions } from '../../auth/sessions.ts';
import { clearSessionCookieHeader, sessionCookieHeader, signCookieValue } from '../../auth/cookie.ts';
import { recordAudit } from '../../audit/log.ts';
import { actorOf, procedure, router } from '../init.ts';

const BUSY = 'The server is busy checking other sign-ins; try again in a few seconds.';

/** The refusal a failed sign-in answers with; a lock-out or a busy server also sets Retry-After. */
function refusal(result: Exclude<SignInResult, { ok: true }>, resHeaders: Headers): TRPCError {
  if (result.reason === 'invalid') return new TRPCError({ code: 'UNAUTHORIZED', message: 'Email or password is incorrect.' });
  if (result.reason === 'busy') {
    resHeaders.set('retry-after', '5');
    return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: BUSY });
  }
  resHeaders.set('retry-after', String(retryAfterSeconds(result.lockout)));
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: lockoutMessage(result.lockout) });
}

export const authRouter = router({
  /** The signed-in user, or null. */
  me: procedure.meta({ access: 'public' }).query(({ ctx }) => ctx.user),

  /**
   * Checks credentials (throttled per email and per source: server/auth/sign-in.ts), starts a
   * session and sets the signed HTTP-only cookie. Refused attempts are audited there, with their
   * source; the message never says which part was wrong. A lock-out answers TOO_MANY_REQUESTS
   * with when to try again, also for the right password.
   */
  signIn: procedure
    .meta({ access: 'public', audit: 'self' })
    .input(z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }))
    .mutation(async ({ ctx, input }) => {
      const result = await attemptSignIn(ctx.db, ctx.signInThrottle, input, ctx.source);
      if (!result.ok) throw refusal(result, ctx.resHeaders);
      const { user } = result;
      const args = { email: input.email.toLowerCase(), password: input.password };
      await pruneExpiredSessions(ctx.db);
      const session = await createSession(ctx.db, user.id, ctx.sessionTtlHours, ctx.userAgent);
      ctx.resHeaders.append(
        'set-cookie',
        sessionCookieHeader(signCookieValue(session.id, ctx.cookieSecret), {
          maxAgeSeconds: ctx.sessionTtlHours * 3600,
          secure: ctx.secure,
        }),
      );
      await recordAudit(ctx.db, { actor: actorOf(user), action: 'auth.signIn', args, status: 'ok' });
      return user;
    }),

  signOut: procedure.meta({ access: 'signed_in' }).mutation(async ({ ctx }) => {
    if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId);
    ctx.resHeaders.append('set-cookie', clearSessionCookieHeader(ctx.secure));
    return { signedOut: true };
  }),
});
