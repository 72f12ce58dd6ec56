import type { RedisClient } from '../redis/connection.ts';
import { RUN_INDEX, runKeys } from '../controlplane/keys.ts';
import { execAcrossSlots, type KeyedCommand } from '../redis/across-slots.ts';
import type { StateStatus } from '../controlplane/state-document.ts';
import type { RunListFilter } from '../../lib/run-list.ts';
import { matchesRunFilter } from './run-list-filter.ts';
import { parseRunFields } from './run-record.ts';
import type { RunRecord } from '../contracts/run-view.ts';

/** One row of the run list: the run record without its output, and its state counts. */
export type RunListRow = Omit<RunRecord, 'output' | 'summary'> & {
  states: Record<StateStatus, number> & { total: number };
};

export type RunListPage = { runs: RunListRow[]; next_cursor: string | null };
export class InvalidCursor extends Error {}

/** Where a listing stopped in the index: the last score examined and how many members of that score were. */
type Position = { s: number; n: number };

/** Index members read per round trip, and at most per call (so a filter that matches little still answers quickly). */
const BATCH = 200;
const MAX_EXAMINED = 5_000;
/** The run hash fields a row needs (the output and summary can be large and are not read). */
const ROW_FIELDS = [
  'run_id',
  'workflow_id',
  'workflow_name',
  'workflow_version',
  'status',
  'input',
  'error',
  'cause',
  'started_at',
  'finished_at',
  'started_by',
  'redrive_count',
  'test_run',
] as const;

export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify(p)).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const p = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Position;
    if (Number.isFinite(p.s) && Number.isInteger(p.n) && p.n >= 0) return { s: p.s, n: p.n };
  } catch {
    // falls through
  }
  throw new InvalidCursor('not a cursor of list_workflow_runs');
}

/**
 * The run list, newest first, from the run index (zset run_id → start ms) and the run hashes,
 * read in pipelines of BATCH. `cursor` continues where the previous page stopped: the index is
 * walked by score with an offset among equal scores, so runs started meanwhile (newer) neither
 * shift nor repeat a page. A call examines at most MAX_EXAMINED index entries: when a filter
 * matches few runs, a page may hold fewer than `limit` rows and still carry a `next_cursor`
 * (more may match further back); `next_cursor` is null only when the index is exhausted.
 */
export async function listWorkflowRuns(
  redis: RedisClient,
  filter: RunListFilter,
  page: { limit: number; cursor?: string },
): Promise<RunListPage> {
  let pos: Position | null = page.cursor ? decodeCursor(page.cursor) : null;
  const min = filter.started_after ? String(Date.parse(filter.started_after)) : '-inf';
  const before = filter.started_before ? Date.parse(filter.started_before) : null;
  const rows: RunListRow[] = [];
  let examined = 0;
  for (;;) {
    const max = pos ? (before !== null && before <= pos.s ? `(${before}` : String(pos.s)) : before !== null ? `(${before}` : '+inf';
    const offset = pos && !max.startsWith('(') ? pos.n : 0;
    const flat = await redis.zrevrangebyscore(RUN_INDEX, max, min, 'WITHSCORES', 'LIMIT', offset, BATCH);
    const members = Array.from({ length: flat.length / 2 }, (_, i) => ({ id: flat[2 * i]!, score: Number(flat[2 * i + 1]) }));
    const records = await readRows(
      redis,
      members.map((m) => m.id),
    );
    const matched: RunListRow[] = [];
    let i = 0;
    for (; i < members.length && rows.length + matched.length < page.limit && examined < MAX_EXAMINED; i++) {
      const m = members[i]!;
      pos = pos && pos.s === m.score ? { s: m.score, n: pos.n + 1 } : { s: m.score, n: 1 };
      examined++;
      const r = records[i];
      if (r && matchesRunFilter(r.record, filter))
        matched.push({ ...r.row, states: { pending: 0, running: 0, done: 0, failed: 0, total: 0 } });
    }
    await fillStateCounts(redis, matched, records);
    rows.push(...matched);
    const exhausted = members.length < BATCH && i === members.length;
    if (exhausted) return { runs: rows, next_cursor: null };
    if (rows.length >= page.limit || examined >= MAX_EXAMINED) return { runs: rows, next_cursor: encodeCursor(pos!) };
  }
}

type ReadRow = { record: RunRecord; row: Omit<RunListRow, 'states'>; summaryStates: Record<StateStatus, number> | null };

async function readRows(redis: RedisClient, ids: string[]): Promise<Array<ReadRow | null>> {
  if (ids.length === 0) return [];
  // Keys of many runs (many slots on a Redis Cluster): not one pipeline there (across-slots.ts).
  const replies = await execAcrossSlots(
    redis,
    ids.map((id): KeyedCommand => ['hmget', runKeys(id).run, ...ROW_FIELDS, 'summary']),
  );
  return replies.map(([err, values]) => {
    if (err) throw err;
    const v = values as Array<string | null>;
    const h: Record<string, string> = {};
    ROW_FIELDS.forEach((f, i) => {
      if (v[i] !== null && v[i] !== undefined) h[f] = v[i]!;
    });
    const record = parseRunFields(h);
    if (!record) return null;
    const { output: _o, summary: _s, ...row } = record;
    const summary = v[ROW_FIELDS.length] ? (JSON.parse(v[ROW_FIELDS.length]!) as { states?: Record<StateStatus, number> } | null) : null;
    return { record, row, summaryStates: summary?.states ?? null };
  });
}

/**
 * State counts per row: a finalized run's summary has them (finalize closed every open state, so
 * they are final); a run still going counts its state documents.
 */
async function fillStateCounts(redis: RedisClient, rows: RunListRow[], read: Array<ReadRow | null>): Promise<void> {
  const summaries = new Map(read.filter((r): r is ReadRow => !!r).map((r) => [r.row.run_id, r.summaryStates]));
  const live = rows.filter((r) => !summaries.get(r.run_id));
  const replies = await execAcrossSlots(
    redis,
    live.map((r): KeyedCommand => ['hvals', runKeys(r.run_id).states]),
  );
  const counted = new Map(live.map((r, i) => [r.run_id, countStatuses((replies[i]?.[1] as string[] | undefined) ?? [])]));
  for (const r of rows) {
    const c = counted.get(r.run_id) ?? summaries.get(r.run_id)!;
    r.states = { pending: c.pending ?? 0, running: c.running ?? 0, done: c.done ?? 0, failed: c.failed ?? 0, total: 0 };
    r.states.total = r.states.pending + r.states.running + r.states.done + r.states.failed;
  }
}

function countStatuses(docs: string[]): Record<StateStatus, number> {
  const c: Record<StateStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const raw of docs) c[(JSON.parse(raw) as { status: StateStatus }).status]++;
  return c;
}
