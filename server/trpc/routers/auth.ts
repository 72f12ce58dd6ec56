import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { authenticate } from '../../auth/users.ts';
import { createSession, deleteSession, pruneExpiredSessions } from '../../auth/sessions.ts';
import { clearSessionCookieHeader, sessionCookieHeader, signCookieValue } from '../../auth/cookie.ts';
import { recordAudit } from '../../audit/log.ts';
import { anonymousActor } from '../../audit/actor.ts';
import { actorOf, procedure, router } from '../init.ts';

export const authRouter = router({
  /** The signed-in user, or null. */
  me: procedure.meta({ access: 'public' }).query(({ ctx }) => ctx.user),

  /**
   * Checks credentials, starts a session and sets the signed HTTP-only cookie. Failed attempts
   * are audited as `forbidden` with the anonymous actor; the message never says which part was wrong.
   */
  signIn: procedure
    .meta({ access: 'public', audit: 'self' })
    .input(z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }))
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx.db, input.email, input.password);
      const args = { email: input.email.toLowerCase(), password: input.password };
      if (!user) {
        await recordAudit(ctx.db, { actor: anonymousActor, action: 'auth.signIn', args, status: 'forbidden' });
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Email or password is incorrect.' });
      }
      await pruneExpiredSessions(ctx.db);
      const session = await createSession(ctx.db, user.id, ctx.sessionTtlHours, ctx.userAgent);
      ctx.resHeaders.append(
        'set-cookie',
        sessionCookieHeader(signCookieValue(session.id, ctx.cookieSecret), { maxAgeSeconds: ctx.sessionTtlHours * 3600, secure: ctx.secure }),
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
