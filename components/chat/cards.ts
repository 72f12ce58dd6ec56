import { isRecord, str } from '@/lib/is-record';
import { allStatesOf } from '@/server/engine/asl/state-tree';
import { mergeRunCall, runCallOf, runCardOf, type RunCard } from './run-cards';
import type { ThreadItem, ToolItem } from './thread';

export type { RunCard } from './run-cards';

/**
 * Which special card a tool call/return pair gets, below its tool card:
 * - a **workflow card** for a workflow document checked (`validate_workflow`), saved
 *   (`save_workflow`) or read from the catalog (`get_saved_workflow`);
 * - a **run card** for a run started (`start_workflow_run`, `create_workflow_control_plane`),
 *   redriven or read (`get_workflow_run`, `wait_for_workflow_run`): one card per run
 *   (run-cards.ts), live until final, then the QA result when the run's output holds one.
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
  /** The saved catalog version (save_workflow succeeded, get_saved_workflow read it, or a later save did). */
  saved: { workflowId: string; version: string } | null;
  /** Why save_workflow refused it. */
  saveError: string | null;
  /**
   * save_workflow's lineage: the saved version this document changes (its `parent` argument, else
   * the parent it returned). The card then shows what changed against it (workflow-changes.ts).
   */
  parent: WorkflowParent | null;
}

export interface WorkflowParent {
  workflowId: string;
  version: string;
  relation: 'VERSION_OF' | 'REFINEMENT_OF';
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

/** Counts the states of an ASL `States` map, Parallel branches and Map processors included (the engine's walk). */
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
    ? v.filter(isRecord).map((i) => ({
        path: typeof i.path === 'string' ? i.path : '',
        code: str(i.code) ?? '',
        message: str(i.message) ?? '',
      }))
    : [];

const okValue = (item: ToolItem): Obj | null => {
  const v = item.ret?.value;
  return isRecord(v) && v.status === 'ok' ? v : null;
};

/** Fills the summary's gaps (a call by `path` carries no document) from the fields a tool returned. */
type ReturnedKeys = { id: string; name: string; version: string };
function withReturned(s: WorkflowSummary, r: Obj | null, keys: ReturnedKeys): WorkflowSummary {
  return {
    ...s,
    workflowId: s.workflowId ?? str(r?.[keys.id]),
    name: s.name ?? str(r?.[keys.name]),
    version: s.version ?? str(r?.[keys.version]),
  };
}

const RELATIONS = ['VERSION_OF', 'REFINEMENT_OF'] as const;

/**
 * The lineage of a save: the `parent` argument as save_workflow takes it ({workflow_id, version,
 * relation}), else the parent it returned with its relation; null when neither names one.
 */
export function parentOf(args: Obj, returned: Obj | null): WorkflowParent | null {
  const p = isRecord(args.parent) ? args.parent : null;
  const relation = str(p?.relation) ?? str(returned?.relation);
  const from = p ?? (isRecord(returned?.parent) ? returned.parent : null);
  const workflowId = str(from?.workflow_id);
  const version = str(from?.version);
  const known = RELATIONS.find((r) => r === relation);
  return workflowId && version && known ? { workflowId, version, relation: known } : null;
}

function saveCard(item: ToolItem, args: Obj, r: Obj | null): WorkflowCard | null {
  const doc = documentOf(args.workflow);
  if (!doc && !r) return null;
  const saved = r && str(r.workflow_id) && str(r.version) ? { workflowId: r.workflow_id as string, version: r.version as string } : null;
  const refusal = isRecord(item.ret?.value) ? str(item.ret.value.error) : null;
  const failure = item.ret && !r ? (refusal ?? item.ret.text.slice(0, 300)) : null;
  const workflow = withReturned(workflowSummaryOf(doc), r, RETURNED_KEYS);
  return {
    kind: 'workflow',
    tool: item.name,
    workflow,
    document: doc,
    validation: null,
    saved,
    saveError: failure,
    parent: parentOf(args, r),
  };
}

function workflowCard(item: ToolItem): WorkflowCard | null {
  const args = isRecord(item.args) ? item.args : {};
  const r = okValue(item);
  if (item.name === 'validate_workflow') {
    const doc = documentOf(args.workflow);
    if (!doc && !r) return null;
    const validation =
      r && typeof r.valid === 'boolean' ? { valid: r.valid, errors: issues(r.errors), warnings: issues(r.warnings) } : null;
    const workflow = withReturned(workflowSummaryOf(doc), r, RETURNED_KEYS);
    const card = { workflow, document: doc, validation, saved: null, saveError: null, parent: null };
    return { kind: 'workflow', tool: item.name, ...card };
  }
  if (item.name === 'save_workflow') return saveCard(item, args, r);
  if (item.name === 'get_saved_workflow' && r) {
    const doc = documentOf(r.document);
    const saved = str(r.workflow_id) && str(r.version) ? { workflowId: r.workflow_id as string, version: r.version as string } : null;
    const summary = withReturned(workflowSummaryOf(doc), r, { id: 'workflow_id', name: 'name', version: 'version' });
    const workflow = { ...summary, description: summary.description ?? str(r.description) };
    const card = { workflow, document: doc, validation: null, saved, saveError: null, parent: null };
    return { kind: 'workflow', tool: item.name, ...card };
  }
  return null;
}

/** The card one tool call/return pair gets, or null for a plain tool card. */
export function cardForTool(item: ToolItem): ToolCard | null {
  return workflowCard(item) ?? runCardOf(item);
}

/**
 * The cards of a whole thread, by tool call id (`ToolItem.callId`). Across the thread: each run
 * has ONE card, at its latest call, with the newest status the thread knows (run-cards.ts: no
 * stale RUNNING card beside the final one); a workflow draft that was saved later in the thread
 * links to the saved version.
 */
export function planToolCards(items: readonly ThreadItem[]): Map<string, ToolCard> {
  const cards = new Map<string, ToolCard>();
  const runs = new Map<string, { callId: string; card: RunCard }>();
  const saved = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'tool') continue;
    const call = runCallOf(item);
    if (call) {
      const prev = runs.get(call.runId);
      if (prev) cards.delete(prev.callId);
      const card = mergeRunCall(prev?.card ?? null, call);
      runs.set(call.runId, { callId: item.callId, card });
      cards.set(item.callId, card);
      continue;
    }
    const card = workflowCard(item);
    if (!card) continue;
    cards.set(item.callId, card);
    if (card.saved) saved.add(`${card.saved.workflowId}@${card.saved.version}`);
  }
  for (const [id, card] of cards) {
    if (card.kind !== 'workflow' || card.saved) continue;
    const { workflowId, version } = card.workflow;
    if (workflowId && version && saved.has(`${workflowId}@${version}`)) {
      cards.set(id, { ...card, saved: { workflowId, version } });
    }
  }
  return cards;
}

/** Where a saved workflow version is shown: the Graph page's version panel. */
export function savedVersionHref(saved: { workflowId: string; version: string }): string {
  return `/graph?${new URLSearchParams({ workflow: saved.workflowId, version: saved.version }).toString()}`;
}
