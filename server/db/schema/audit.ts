import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit log: one row per mutation (who, which tool or procedure, a digest of the
 * arguments, the result status, when). A trigger (migration 0001) rejects UPDATE and DELETE, so
 * the log cannot be rewritten through the application's database role.
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
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action)],
);
export type AuditRow = typeof auditLog.$inferSelect;
