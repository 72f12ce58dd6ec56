import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What a token may call over MCP: `read` the read-only tools, `write` every tool. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * Bearer tokens for the MCP endpoint (`/api/mcp`), created and revoked by admins in Settings.
 * Only the SHA-256 of a token is stored (tokens are 256 random bits, so a fast hash suffices);
 * the token itself is shown once, at creation. `prefix` (the first characters) lets an admin
 * tell tokens apart. Revoking sets `revoked_at`; rows are kept so the audit log's actors stay
 * explainable.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the token is for, e.g. "Letta planner (staging)". */
    name: text('name').notNull(),
    /** The actor recorded in the audit log for every call made with the token. */
    agentName: text('agent_name').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiTokenScope[]>(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters (`dcf_` and a few more), shown in the list. */
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_created_idx').on(t.createdAt)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
