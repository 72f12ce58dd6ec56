import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Workflow drafts (issue 6): the editor's document kept on the server per user, as TEXT — a
 * draft may be invalid or not even parse, so it is stored exactly as typed. `base` names the
 * saved version it was opened from (both columns or neither). A draft is private to its user.
 */
export const workflowDrafts = pgTable(
  'workflow_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    baseWorkflowId: text('base_workflow_id'),
    baseVersion: text('base_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_drafts_user_idx').on(t.userId, t.updatedAt)],
);
export type WorkflowDraftRow = typeof workflowDrafts.$inferSelect;
