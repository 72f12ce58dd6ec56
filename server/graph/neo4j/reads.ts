import { sortByRef, sortLineageEdges, sortLineageNodes } from '../ordering.ts';
import type {
  ExecutionSummary,
  LineageEdge,
  LineageNode,
  LinkKind,
  ReliabilityWindow,
  SkillFailure,
  SkillReliability,
  TrendBucket,
  WorkflowRef,
} from '../port.ts';
import { emptyReliability, toReliability, windowBounds } from '../reliability.ts';
import { bucketTrend, trendRange } from '../trend.ts';
import type { CypherClient } from './client.ts';
import type { CypherTransaction } from './driver-surface.ts';
import {
  ALL_SKILL_RELIABILITY,
  DESCENDANTS,
  EXECUTIONS,
  LINEAGE,
  RECENT_CALLER_ERRORS,
  RECENT_FAILURES,
  SKILL_RELIABILITY,
  SKILL_TREND_USES,
  WORKFLOWS_USING_SKILL,
} from './statements.ts';
import { int, msToIso, num } from './values.ts';

/** The Neo4j adapter's reads; results are shaped and ordered exactly as the Postgres adapter's. */

type Row = Record<string, unknown>;

export async function rows(tx: CypherTransaction, query: string, params: Record<string, unknown>): Promise<Row[]> {
  return (await tx.run(query, params)).records.map((r) => r.toObject());
}

const str = (v: unknown) => v as string;
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : (v as string));

/** Past any real use count: "no count bound" for LIMIT, which needs a value. */
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;

function windowParams(window: ReliabilityWindow | undefined, now: Date) {
  const { since, limit } = windowBounds(window, now);
  return { since: since?.toISOString() ?? null, until: null, limit: int(limit ?? NO_LIMIT) };
}

/** A reliability row as the port's shape: the node's all-time counters, or the counts over the window's uses. */
export function toSkillReliability(r: Row, allTime: boolean): SkillReliability {
  return toReliability({
    skill: str(r.uri),
    capability: strOrNull(r.capability),
    n_success: (allTime ? num(r.all_success) : num(r.n_success)) ?? 0,
    n_failures: (allTime ? num(r.all_failures) : num(r.n_failures)) ?? 0,
    n_caller_errors: (allTime ? num(r.all_caller_errors) : num(r.n_caller_errors)) ?? 0,
    p50: num(r.p50),
    p95: num(r.p95),
  });
}

export async function skillReliability(
  c: CypherClient,
  uri: string,
  window: ReliabilityWindow | undefined,
  now: Date,
): Promise<SkillReliability> {
  const [row] = await c.read((tx) => rows(tx, SKILL_RELIABILITY, { uri, ...windowParams(window, now) }));
  return row ? toSkillReliability(row, window === undefined) : emptyReliability(uri);
}

export async function allSkillReliability(c: CypherClient, window: ReliabilityWindow | undefined, now: Date): Promise<SkillReliability[]> {
  const all = await c.read((tx) => rows(tx, ALL_SKILL_RELIABILITY, windowParams(window, now)));
  return all.map((r) => toSkillReliability(r, window === undefined)).sort((a, b) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
}

export async function skillTrend(c: CypherClient, uri: string, buckets: number, bucketDays: number, now: Date): Promise<TrendBucket[]> {
  const { from, to } = trendRange(now, buckets, bucketDays);
  const uses = await c.read((tx) => rows(tx, SKILL_TREND_USES, { uri, from: from.toISOString(), to: to.toISOString() }));
  return bucketTrend(
    uses.map((u) => ({ at: new Date(num(u.at_ms) ?? 0), outcome: str(u.outcome) })),
    now,
    buckets,
    bucketDays,
  );
}

async function latestUses(c: CypherClient, query: string, uri: string, limit: number): Promise<SkillFailure[]> {
  const found = await c.read((tx) => rows(tx, query, { uri, limit: int(limit) }));
  return found.map((r) => ({ run_id: str(r.run_id), state: str(r.state), error: strOrNull(r.error), at: msToIso(r.at_ms) }));
}

export const recentFailures = (c: CypherClient, uri: string, limit: number) => latestUses(c, RECENT_FAILURES, uri, limit);
export const recentCallerErrors = (c: CypherClient, uri: string, limit: number) => latestUses(c, RECENT_CALLER_ERRORS, uri, limit);

const toNode = (r: Row): LineageNode => ({
  workflow_id: str(r.workflow_id),
  version: str(r.version),
  name: str(r.name),
  created_at: msToIso(r.created_at_ms),
});

export async function lineage(c: CypherClient, workflowId: string): Promise<{ nodes: LineageNode[]; edges: LineageEdge[] }> {
  const members = await c.read((tx) => rows(tx, LINEAGE, { workflow_id: workflowId }));
  const edges: LineageEdge[] = members.flatMap((m) =>
    (m.parents as Array<{ kind: LinkKind; workflow_id: string; version: string }>).map((p) => ({
      kind: p.kind,
      from: { workflow_id: str(m.workflow_id), version: str(m.version) },
      to: { workflow_id: p.workflow_id, version: p.version },
    })),
  );
  return { nodes: sortLineageNodes(members.map(toNode)), edges: sortLineageEdges(edges) };
}

export async function descendants(c: CypherClient, node: WorkflowRef): Promise<LineageNode[]> {
  const found = await c.read((tx) => rows(tx, DESCENDANTS, { workflow_id: node.workflow_id, version: node.version }));
  return sortLineageNodes(found.map(toNode));
}

export async function executions(c: CypherClient, node: WorkflowRef, limit: number): Promise<ExecutionSummary[]> {
  const found = await c.read((tx) => rows(tx, EXECUTIONS, { workflow_id: node.workflow_id, version: node.version, limit: int(limit) }));
  return found.map((r) => ({
    run_id: str(r.run_id),
    status: str(r.status),
    started_at: msToIso(r.started_at_ms),
    finished_at: msToIso(r.finished_at_ms),
  }));
}

export async function workflowsUsingSkill(c: CypherClient, uri: string): Promise<LineageNode[]> {
  const found = await c.read((tx) => rows(tx, WORKFLOWS_USING_SKILL, { uri }));
  return sortByRef(found.map(toNode));
}
