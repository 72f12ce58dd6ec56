import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Chat conversations (issue 5): each belongs to one console user and is served by its own agent
 * (a Planner in workflow mode, a Conductor in delegated mode) made for it on the agent platform,
 * so the agent's message history is the conversation. A user has many.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<'planner' | 'conductor'>().notNull(),
    /** The agent on the platform (local or Letta) that holds the history. */
    agentId: text('agent_id').notNull(),
    /** Which platform made the agent (`local` or `letta`): a conversation stays on its platform. */
    platform: text('platform').$type<'local' | 'letta'>().notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_idx').on(t.userId, t.updatedAt)],
);
export type ConversationRow = typeof conversations.$inferSelect;
