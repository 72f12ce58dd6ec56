import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { ROLES } from '../../db/schema/index.ts';
import { createUser, listUsers, setUserDisabled, setUserPassword, setUserRole } from '../../auth/users.ts';
import { deleteUserSessions } from '../../auth/sessions.ts';
import { ADMIN, procedure, router } from '../init.ts';

const password = z.string().min(10, 'at least 10 characters').max(1024);
const userId = z.string().uuid();

/** User administration (Settings → Users). Admins only; every change here is audited by the mutation middleware. */
export const usersRouter = router({
  list: procedure.meta({ access: ADMIN }).query(({ ctx }) => listUsers(ctx.db)),

  create: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({
        email: z.string().trim().email().max(320),
        displayName: z.string().trim().min(1).max(120),
        role: z.enum(ROLES),
        password,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const created = await createUser(ctx.db, input);
      if (!created.ok) throw new TRPCError({ code: 'CONFLICT', message: `A user with email ${input.email} already exists.` });
      return created.user;
    }),

  setRole: procedure
    .meta({ access: ADMIN })
    .input(z.object({ userId, role: z.enum(ROLES) }))
    .mutation(async ({ ctx, input }) => {
      if (input.userId === ctx.user?.id && input.role !== 'admin') {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot remove your own admin role.' });
      }
      const user = await setUserRole(ctx.db, input.userId, input.role);
      if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such user.' });
      await deleteUserSessions(ctx.db, input.userId); // the new role applies from the next sign-in
      return user;
    }),

  setDisabled: procedure
    .meta({ access: ADMIN })
    .input(z.object({ userId, disabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      if (input.userId === ctx.user?.id) throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot disable yourself.' });
      const user = await setUserDisabled(ctx.db, input.userId, input.disabled);
      if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such user.' });
      if (input.disabled) await deleteUserSessions(ctx.db, input.userId);
      return user;
    }),

  resetPassword: procedure
    .meta({ access: ADMIN })
    .input(z.object({ userId, password }))
    .mutation(async ({ ctx, input }) => {
      if (!(await setUserPassword(ctx.db, input.userId, input.password)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'No such user.' });
      await deleteUserSessions(ctx.db, input.userId);
      return { reset: true };
    }),
});
