import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { savedRunFilters, type SavedRunFilterRow } from '../../db/schema/saved-run-filters.ts';
import { runListFilterSchema } from '../../execution/run-list-filter.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';

const view = (r: SavedRunFilterRow) => ({ id: r.id, name: r.name, filter: runListFilterSchema.parse(r.filter), createdAt: r.createdAt.toISOString() });

/**
 * Saved run-list filters (issue 6): every signed-in role keeps its own, by name. `filter` is
 * exactly a list_workflow_runs filter (same zod schema), so a saved filter is always a valid query.
 */
export const savedRunFiltersRouter = router({
  /** The caller's saved filters, by name. */
  list: procedure.meta({ access: ALL_ROLES }).query(async ({ ctx }) =>
    (await ctx.db.select().from(savedRunFilters).where(eq(savedRunFilters.userId, ctx.user!.id)).orderBy(asc(savedRunFilters.name))).map(view),
  ),

  /** Saves a filter under a name; saving the same name again replaces its filter. Returns the row. */
  save: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ name: z.string().trim().min(1).max(80), filter: runListFilterSchema }))
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .insert(savedRunFilters)
        .values({ userId: ctx.user!.id, name: input.name, filter: input.filter })
        .onConflictDoUpdate({ target: [savedRunFilters.userId, savedRunFilters.name], set: { filter: input.filter } })
        .returning();
      return view(row!);
    }),

  /** Deletes one of the caller's saved filters (another user's id deletes nothing). */
  delete: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ id: z.string().uuid() }))
    .mutation(async ({ ctx, input }) => {
      const rows = await ctx.db.delete(savedRunFilters).where(and(eq(savedRunFilters.id, input.id), eq(savedRunFilters.userId, ctx.user!.id))).returning({ id: savedRunFilters.id });
      return { deleted: rows.length === 1 };
    }),
});
