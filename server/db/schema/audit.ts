import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Append-only audit log: one row per mutation (who, which tool or procedure, a digest of the
 * arguments, the result status, when). A trigger (migration 0001) rejects UPDATE and DELETE, so
 * the log cannot be rewritten through the application's database role.
 *
 * Tamper-evident (migration 0013): each entry written by `recordAudit` stores `hash`, the SHA-256
 * of every other column (server/audit/chain-hash.ts), and `prev_hash`, the hash of the entry
 * before it, so a changed, removed or inserted row breaks the chain (server/audit/verify.ts).
 * Rows from before the chain began have both null; the first hashed row has `prev_hash` null.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `user`, `agent` or `system`. */
    actorKind: text('actor_kind').notNull(),
    /** User id, agent id, or a system component name; `anonymous` for failed sign-ins. */
    actorId: text('actor_id').notNull(),
    /** Human-readable actor (email or agent name) at the time of the action. */
    actorLabel: text('actor_label').notNull(),
    /** Tool name (`validate_workflow`) or procedure path (`users.create`). */
    action: text('action').notNull(),
    /** `sha256:` + hex digest of the canonical JSON of the arguments (secrets never stored). */
    argsDigest: text('args_digest').notNull(),
    /** `ok`, `error` or `forbidden`. */
    resultStatus: text('result_status').notNull(),
    /** Short, non-secret context, e.g. the error code. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The action's full content when the caller supplies it (e.g. a review), secrets redacted. */
    content: jsonb('content'),
    /** `hash` of the previous chained entry; null on the chain's first entry and on unchained rows. */
    prevHash: text('prev_hash'),
    /** `sha256:` + hex of this entry's canonical content (every other column); null before the chain began. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action),
    // One successor per entry: should two appends ever race past the lock, the second fails loudly instead of forking the chain.
    uniqueIndex('audit_log_prev_hash_key').on(t.prevHash),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
