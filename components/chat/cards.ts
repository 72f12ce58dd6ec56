import { qaResultOf, runSnapshotOf, type QaResult, type RunSnapshot } from './run-view';
import { isRecord, str } from '@/lib/is-record';
import { allStatesOf } from '@/server/engine/asl/state-tree';
import type { ThreadItem, ToolItem } from './thread';

/**
 * Which special card a tool call/return pair gets, below its tool card:
 * - a **workflow card** for a workflow document checked (`validate_workflow`), saved
 *   (`save_workflow`) or read from the catalog (`get_saved_workflow`);
 * - a **run card** for a run started (`start_workflow_run`, `create_workflow_control_plane`) or
 *   read (`get_workflow_run`, `wait_for_workflow_run`): live status until final, then the QA
 *   result when the run's output holds one.
 * Pure: decided from the call's arguments and the parsed return only.
 */
export interface WorkflowSummary {
  workflowId: string | null;
  name: string | null;
  version: string | null;
  description: string | null;
  /** Every state, nested Parallel branches and Map iterators included; null without a document. */
  stateCount: number | null;
  startAt: string | null;
}

export interface ValidationIssueView {
  path: string;
  code: string;
  message: string;
}

export interface WorkflowCard {
  kind: 'workflow';
  tool: string;
  workflow: WorkflowSummary;
  /** The document itself (to copy), when the call carried or returned it. */
  document: Record<string, unknown> | null;
  /** validate_workflow's verdict. */
  validation: { valid: boolean; errors: ValidationIssueView[]; warnings: ValidationIssueView[] } | null;
  /** The saved catalog version (save_workflow succeeded, get_saved_workflow read it, or a later save in the thread). */
  saved: { workflowId: string; version: string } | null;
  /** Why save_workflow refused it. */
  saveError: string | null;
}

export interface RunCard {
  kind: 'run';
  tool: string;
  runId: string;
  /** What the tool returned about the run (get/wait); null when only the id is known (start, a call still waiting). */
  snapshot: RunSnapshot | null;
  /** The QA result in the returned snapshot's output. */
  qa: QaResult | null;
  /** A later card in the thread follows the same run: this one shows only its status. */
  superseded: boolean;
}

export type ToolCard = WorkflowCard | RunCard;

type Obj = Record<string, unknown>;

/** A document given inline as a JSON value or as JSON text (documentInput), or null. */
export function documentOf(v: unknown): Obj | null {
  if (isRecord(v)) return v;
  if (typeof v !== 'string') return null;
  try {
    const parsed = JSON.parse(v) as unknown;
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Counts the states of an ASL `States` map, Parallel branches and Map processors included (the engine's tree walk). */
export function countStates(states: unknown): number {
  return allStatesOf(states).length;
}

export function workflowSummaryOf(doc: Obj | null): WorkflowSummary {
  const asl = isRecord(doc?.asl) ? (doc!.asl as Obj) : null;
  return {
    workflowId: str(doc?.workflow_id),
    name: str(doc?.workflow_name),
    version: str(doc?.version),
    description: str(doc?.description),
    stateCount: asl && isRecord(asl.States) ? countStates(asl.States) : null,
    startAt: str(asl?.StartAt),
  };
}

/** Where validate_workflow and save_workflow return the workflow's id, name and version. */
const RETURNED_KEYS = { id: 'workflow_id', name: 'workflow_name', version: 'version' } as const;

const issues = (v: unknown): ValidationIssueView[] =>
  Array.isArray(v)
      ? v.filter(isRecord).map((i) => ({ path: typeof i.path === 'string' ? i.path : '', code: str(i.code) ?? '', message: str(i.message) ?? '' }))
      : [];

const okValue = (item: ToolItem): Obj | null => {
  const v = item.ret?.value;
  return isRecord(v) && v.status === 'ok' ? v : null;
};

/** Fills the summary's gaps (a call by `path` carries no document) from the fields a tool returned. */
function withReturned(s: WorkflowSummary, r: Obj | null, keys: { id: string; name: string; version: string }): WorkflowSummary {
  return { ...s, workflowId: s.workflowId ?? str(r?.[keys.id]), name: s.name ?? str(r?.[keys.name]), version: s.version ?? str(r?.[keys.version]) };
}

function workflowCard(item: ToolItem): WorkflowCard | null {
  const args = isRecord(item.args) ? item.args : {};
  const r = okValue(item);
  if (item.name === 'validate_workflow') {
    const doc = documentOf(args.workflow);
    if (!doc && !r) return null;
    const validation = r && typeof r.valid === 'boolean' ? { valid: r.valid, errors: issues(r.errors), warnings: issues(r.warnings) } : null;
    const workflow = withReturned(workflowSummaryOf(doc), r, RETURNED_KEYS);
    return { kind: 'workflow', tool: item.name, workflow, document: doc, validation, saved: null, saveError: null };
  }
  if (item.name === 'save_workflow') {
    const doc = documentOf(args.workflow);
    if (!doc && !r) return null;
    const saved = r && str(r.workflow_id) && str(r.version) ? { workflowId: r.workflow_id as string, version: r.version as string } : null;
    const failure = item.ret && !r ? (isRecord(item.ret.value) ? str(item.ret.value.error) : null) ?? item.ret.text.slice(0, 300) : null;
    const workflow = withReturned(workflowSummaryOf(doc), r, RETURNED_KEYS);
    return { kind: 'workflow', tool: item.name, workflow, document: doc, validation: null, saved, saveError: failure };
  }
  if (item.name === 'get_saved_workflow' && r) {
    const doc = documentOf(r.document);
    const saved = str(r.workflow_id) && str(r.version) ? { workflowId: r.workflow_id as string, version: r.version as string } : null;
    const summary = withReturned(workflowSummaryOf(doc), r, { id: 'workflow_id', name: 'name', version: 'version' });
    const workflow = { ...summary, description: summary.description ?? str(r.description) };
    return { kind: 'workflow', tool: item.name, workflow, document: doc, validation: null, saved, saveError: null };
  }
  return null;
}

const RUN_STARTERS = new Set(['start_workflow_run', 'create_workflow_control_plane']);
const RUN_READERS = new Set(['get_workflow_run', 'wait_for_workflow_run']);

function runCard(item: ToolItem): RunCard | null {
  const args = isRecord(item.args) ? item.args : {};
  const r = okValue(item);
  if (RUN_STARTERS.has(item.name)) {
    const runId = str(r?.run_id);
    return runId ? { kind: 'run', tool: item.name, runId, snapshot: null, qa: null, superseded: false } : null;
  }
  if (!RUN_READERS.has(item.name)) return null;
  // A read that failed (no such run, no Redis) gets no card: its tool card says why.
  if (item.ret && !r && isRecord(item.ret.value)) return null;
  const snapshot = runSnapshotOf(r);
  const runId = snapshot?.runId ?? str(args.run_id);
  if (!runId) return null;
  return { kind: 'run', tool: item.name, runId, snapshot, qa: snapshot ? qaResultOf(snapshot.output) : null, superseded: false };
}

/** The card one tool call/return pair gets, or null for a plain tool card. */
export function cardForTool(item: ToolItem): ToolCard | null {
  return workflowCard(item) ?? runCard(item);
}

/**
 * The cards of a whole thread, by tool call id (`ToolItem.callId`). Across the thread: a run followed by a later
 * card shows only its status there (one live view per run, the latest); a workflow draft that
 * was saved later in the thread links to the saved version.
 */
export function planToolCards(items: readonly ThreadItem[]): Map<string, ToolCard> {
  const cards = new Map<string, ToolCard>();
  const lastRunCard = new Map<string, string>();
  const saved = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'tool') continue;
    const card = cardForTool(item);
    if (!card) continue;
    cards.set(item.callId, card);
    if (card.kind === 'run') lastRunCard.set(card.runId, item.callId);
    else if (card.saved) saved.add(`${card.saved.workflowId}@${card.saved.version}`);
  }
  for (const [id, card] of cards) {
    if (card.kind === 'run' && lastRunCard.get(card.runId) !== id) cards.set(id, { ...card, superseded: true });
    if (card.kind !== 'workflow' || card.saved) continue;
    const { workflowId, version } = card.workflow;
    if (workflowId && version && saved.has(`${workflowId}@${version}`)) {
      cards.set(id, { ...card, saved: { workflowId, version } });
    }
  }
  return cards;
}

/** Where a saved workflow version is shown: the Graph page's version panel (the Workflows page takes no query yet). */
export function savedVersionHref(saved: { workflowId: string; version: string }): string {
  return `/graph?${new URLSearchParams({ workflow: saved.workflowId, version: saved.version }).toString()}`;
}
