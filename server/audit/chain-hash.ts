import { createHash } from 'node:crypto';
import type { AuditRow } from '../db/schema/index.ts';
import { stableJson } from './digest.ts';

/**
 * The hash of one audit entry. It covers every stored column except `hash` itself, so changing
 * any stored value of an entry (its `prev_hash` included) changes what its hash should be. Pure.
 */

/** Each hashed property of a row and the column name it has in the hash input. */
export const HASHED_COLUMNS = {
  id: 'id',
  at: 'at',
  actorKind: 'actor_kind',
  actorId: 'actor_id',
  actorLabel: 'actor_label',
  action: 'action',
  argsDigest: 'args_digest',
  resultStatus: 'result_status',
  detail: 'detail',
  content: 'content',
  prevHash: 'prev_hash',
} as const;

type Hashed = keyof typeof HASHED_COLUMNS;
/** Compile-time guard: a column added to audit_log must be added to HASHED_COLUMNS (or this line fails). */
const everyColumnHashed: [Exclude<keyof AuditRow, Hashed | 'hash'>] extends [never] ? true : never = true;
void everyColumnHashed;

/**
 * An entry's hashed values as stored. `at` is its text at PostgreSQL's full precision (`atText`),
 * `detail` and `content` are JSON values as the database returns them (object key order is irrelevant).
 */
export type ChainedEntry = Omit<Pick<AuditRow, Hashed>, 'at'> & { at: string };

/**
 * `at` as hashed: UTC ISO 8601 with microseconds, `2024-07-08T09:00:00.123000Z`. The log writes
 * JavaScript dates (milliseconds); the verifier reads the column at microseconds, so a change
 * below the millisecond is a change too.
 */
export function atText(date: Date): string {
  return date.toISOString().replace(/Z$/, '000Z');
}

/** `sha256:<hex>` of the canonical JSON of `{id, at, actor_kind, …, content, prev_hash}` (null for absent values). */
export function entryHash(entry: ChainedEntry): string {
  const input = Object.fromEntries(Object.entries(HASHED_COLUMNS).map(([prop, column]) => [column, entry[prop as Hashed] ?? null]));
  return 'sha256:' + createHash('sha256').update(stableJson(input)).digest('hex');
}
