import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { RunStatus } from '../../lib/run-list.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import type { Json } from '../engine/runtime/index.ts';

const JSON_FIELDS = new Set(['input', 'output', 'summary']);

/** The hash fields of a record (JSON fields serialised, nulls as empty strings). */
export function runFields(record: Partial<RunRecord>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) {
    // false: absent, as for runs before the field
    out[k] = JSON_FIELDS.has(k) ? JSON.stringify(v ?? null) : v === null || v === undefined || v === false ? '' : String(v);
  }
  return out;
}

export function parseRunFields(h: Record<string, string>): RunRecord | null {
  if (!h.run_id) return null;
  const s = (k: string) => (h[k] ? h[k] : null);
  const j = (k: string) => (h[k] ? (JSON.parse(h[k]) as Json) : null);
  return {
    run_id: h.run_id,
    workflow_id: h.workflow_id ?? '',
    workflow_name: h.workflow_name ?? '',
    workflow_version: h.workflow_version ?? '',
    status: (h.status ?? 'RUNNING') as RunStatus,
    input: j('input'),
    output: j('output'),
    error: s('error'),
    cause: s('cause'),
    started_at: h.started_at ?? '',
    finished_at: s('finished_at'),
    started_by: h.started_by ?? '',
    summary: j('summary'),
    redrive_count: Number(h.redrive_count ?? 0) || 0,
    test_run: h.test_run === 'true',
  };
}

export async function readRun(redis: RedisClient, runId: string): Promise<RunRecord | null> {
  return parseRunFields(await redis.hgetall(runKeys(runId).run));
}

/**
 * The run-record fields that identify one life of a run: its status and how often it was
 * redriven. A commit decided on the run as read (`CommitBuilder.requireRun`) is refused once
 * either changed — a late finalize does not close the states of a run redriven meanwhile, and
 * two redrives of one run cannot both apply.
 */
export function runGuard(run: Pick<RunRecord, 'status' | 'redrive_count'>): Record<string, string> {
  return { status: run.status, redrive_count: redriveCountField(run.redrive_count) };
}

/** `redrive_count` as the run hash holds it: absent ('') until the first redrive. */
export function redriveCountField(n: number): string {
  return n > 0 ? String(n) : '';
}
