import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
 *
 * Lineage (issue 29, migration 0024, server/auth/token-lineage.ts): a token minted by a caller that
 * itself holds a token (spawn_agent over MCP) records that token (`minted_by`) and the top of the
 * chain (`root_token_id`, itself for every other token). Revoking a token revokes its descendants,
 * and authentication refuses a token any of whose ancestors is revoked.
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
    /** The token whose caller minted this one; null when a user, an in-process agent or the system did. */
    mintedBy: uuid('minted_by').references((): AnyPgColumn => apiTokens.id, { onDelete: 'set null' }),
    /** The top of the lineage (itself when `minted_by` is null); always set by createApiToken. */
    rootTokenId: uuid('root_token_id').references((): AnyPgColumn => apiTokens.id, { onDelete: 'set null' }),
    /** Who minted it, as the audit log names writers: an agent id, `user:<id>` or `system:<id>`. */
    mintedByActor: text('minted_by_actor'),
    /** Minted by spawn_agent (counted by the spawn cap, DCF_SPAWN_MAX_PER_ROOT), not made in Settings. */
    spawned: boolean('spawned').notNull().default(false),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_created_idx').on(t.createdAt),
    index('api_tokens_root_idx').on(t.rootTokenId),
    index('api_tokens_minted_by_idx').on(t.mintedBy),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
