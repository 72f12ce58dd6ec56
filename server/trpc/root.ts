/** The console's API, one router per feature (reads like a table of contents). */
import { router } from './init.ts';
import { authRouter } from './routers/auth.ts';
import { usersRouter } from './routers/users.ts';
import { auditRouter } from './routers/audit.ts';
import { healthRouter } from './routers/health.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  audit: auditRouter,
  health: healthRouter,
});

export type AppRouter = typeof appRouter;
