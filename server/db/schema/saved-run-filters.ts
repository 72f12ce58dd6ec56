import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RunListFilter } from '../../../lib/run-list.ts';
import { users } from './users.ts';

/**
 * Named run-list filters per user (issue 6: "a run list with filters … that can be saved").
 * `filter` is a list_workflow_runs filter, validated with the tool's own schema before it is
 * stored (server/execution/run-list-filter.ts). A name is unique per user; saving a name again
 * replaces that filter.
 */
export const savedRunFilters = pgTable(
  'saved_run_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<RunListFilter>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_run_filters_user_name_unique').on(t.userId, t.name)],
);
export type SavedRunFilterRow = typeof savedRunFilters.$inferSelect;
