import { sql } from 'drizzle-orm';
import { checkAdapters } from '../../health/check-adapters.ts';
import { redis } from '../../app/services.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';

/** Settings → Health: each port's adapter and whether it is reachable now. */
export const healthRouter = router({
  adapters: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) =>
    checkAdapters({ config: ctx.services.config, pingDatabase: async () => void (await ctx.db.execute(sql`select 1`)), redis }),
  ),
});
