import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, type AuditRow } from '../db/schema/index.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { appendChained } from './chain-append.ts';
import { digestArgs, redactSecrets } from './digest.ts';

export type AuditStatus = 'ok' | 'error' | 'forbidden';

export type AuditEntry = {
  actor: Actor;
  /** Tool name or procedure path. */
  action: string;
  args: unknown;
  status: AuditStatus;
  /** Short, non-secret context (error code, token id); stored as given. */
  detail?: Record<string, unknown>;
  /** The action's full content (e.g. a review with its scores and notes); stored with secret-looking keys redacted. */
  content?: unknown;
};

/** Where audit entries go; the tool invoker and the tRPC mutation middleware write through it. */
export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

/**
 * Appends one entry to the hash chain (chain-append.ts). The table rejects UPDATE/DELETE
 * (migration 0001), so this is the only write. `detail` and `content` are stored as the database
 * gives JSON back (so the hash verifies after a round trip); `content` with secrets redacted.
 * Inside a transaction pass that transaction, never the outer `db` (on PGlite that waits for the
 * open transaction forever), and append last: the chain lock is held until the transaction ends.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await appendChained(db, {
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    argsDigest: digestArgs(entry.args),
    resultStatus: entry.status,
    detail: entry.detail === undefined ? null : (JSON.parse(JSON.stringify(entry.detail)) as Record<string, unknown>),
    content: entry.content === undefined ? null : redactSecrets(entry.content),
  });
}

export const dbAuditSink = (db: Db): AuditSink => ({ record: (entry) => recordAudit(db, entry) });

export type AuditQuery = { limit: number; beforeId?: number; action?: string; actorId?: string };

/** Newest first, keyset-paginated by id. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (q.beforeId !== undefined) where.push(lt(auditLog.id, q.beforeId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(q.limit);
}

/** Every action that has an entry, alphabetically (for the console's filter). */
export async function listAuditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}
