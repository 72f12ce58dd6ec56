import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { savedRunFilters } from '../../db/schema/saved-run-filters.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';

/**
 * Named filters per user, for any list whose filter has a zod schema (the run list, the QA
 * queue): every signed-in role keeps its own, by name; saving a name again replaces its filter.
 * The filter is parsed with the list's own schema on the way in and out, so a saved filter is
 * always a valid query. Tables passed here have the columns of `saved_run_filters`.
 */
type FilterTable = typeof savedRunFilters;

export function savedFiltersRouter<S extends z.ZodType>(table: { _: unknown } & object, schema: S) {
  const t = table as unknown as FilterTable;
  const view = (r: FilterTable['$inferSelect']) => ({
    id: r.id,
    name: r.name,
    filter: schema.parse(r.filter) as z.output<S>,
    createdAt: r.createdAt.toISOString(),
  });
  return router({
    /** The caller's saved filters, by name. */
    list: procedure
      .meta({ access: ALL_ROLES })
      .query(async ({ ctx }) => (await ctx.db.select().from(t).where(eq(t.userId, ctx.user!.id)).orderBy(asc(t.name))).map(view)),

    /** Saves a filter under a name; saving the same name again replaces its filter. Returns the row. */
    save: procedure
      .meta({ access: ALL_ROLES })
      .input(z.object({ name: z.string().trim().min(1).max(80), filter: schema }))
      .mutation(async ({ ctx, input: raw }) => {
        const input = raw as { name: string; filter: unknown };
        const filter = input.filter as FilterTable['$inferInsert']['filter'];
        const [row] = await ctx.db
          .insert(t)
          .values({ userId: ctx.user!.id, name: input.name, filter })
          .onConflictDoUpdate({ target: [t.userId, t.name], set: { filter } })
          .returning();
        return view(row!);
      }),

    /** Deletes one of the caller's saved filters (another user's id deletes nothing). */
    delete: procedure
      .meta({ access: ALL_ROLES })
      .input(z.object({ id: z.string().uuid() }))
      .mutation(async ({ ctx, input }) => {
        const rows = await ctx.db
          .delete(t)
          .where(and(eq(t.id, input.id), eq(t.userId, ctx.user!.id)))
          .returning({ id: t.id });
        return { deleted: rows.length === 1 };
      }),
  });
}
