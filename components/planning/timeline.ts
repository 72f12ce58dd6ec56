import { msText } from '@/lib/duration-text';
import { fallbackChain, MODEL_RECORD, skillFits } from '@/server/contracts/planning/intent-fit';
import type { PlanView, SentinelFinding, ToolCallIntent, ToolCallRecord } from '@/lib/planning/schemas';
import { callTime, unitsText } from './format';

/**
 * A plan's timeline (pure): the declared intents in order beside the calls that actually happened.
 * Each intent carries the calls that carried it out (ToolCallRecord.intent_index, which the
 * tracker sets by the sentinel's matching rules); a call that carried out no intent is an
 * unplanned row, placed after the intent whose call came just before it, so the rows still read
 * in time order. Model steps (token usage, `tool_name` "model") are no tool calls: they are
 * summed apart.
 */

export type CallOutcome = ToolCallRecord['status'];

export interface CallStep {
  id: string;
  seq: number;
  tool: string;
  skill: string | null;
  /** "8 Jul 2024, 10:00:03" (London). */
  at: string;
  startedAt: string;
  /** "1.2 s"; "running" while it runs. */
  duration: string;
  status: CallOutcome;
  /** "Succeeded", "Failed (timeout)", "Refused: over budget", "Running". */
  outcome: string;
  cost: string;
  costSource: string;
  /** The intent it carried out (its index in plannedSequence), or null: not in the plan. */
  intentIndex: number | null;
  /** 0: the intent itself; d ≥ 1: its d-th fallback (taken after the level above it failed). */
  fallbackLevel: number;
  /** The agent's reason for a call outside the plan (an `unplanned_call` deviation), if it gave one. */
  explained: string | null;
}

/** What became of a declared intent. */
export type IntentState = 'done' | 'failed' | 'refused' | 'running' | 'waiting' | 'skipped' | 'not_reached' | 'moved';

export const INTENT_STATES: Record<IntentState, { label: string; tone: 'ok' | 'bad' | 'warn' | 'info' | 'neutral' }> = {
  done: { label: 'Carried out', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
  refused: { label: 'Refused: over budget', tone: 'bad' },
  running: { label: 'Running', tone: 'info' },
  waiting: { label: 'Not called yet', tone: 'neutral' },
  skipped: { label: 'Skipped', tone: 'warn' },
  not_reached: { label: 'Not reached: the plan failed first', tone: 'neutral' },
  moved: { label: 'Left to the plan that replaced this one', tone: 'neutral' },
};

export interface IntentStep {
  index: number;
  tool: string;
  rationale: string;
  expectedOutcome: string | null;
  skill: string | null;
  /** The fallback chain, first fallback first. */
  fallbacks: Array<{ tool: string; rationale: string; skill: string | null }>;
  calls: CallStep[];
  state: IntentState;
  /** The agent's reason for skipping it (a `skipped_intent` deviation), if it gave one. */
  skipRationale: string | null;
}

export type TimelineRow = { kind: 'intent'; step: IntentStep } | { kind: 'unplanned'; call: CallStep };

export interface PlanTimeline {
  rows: TimelineRow[];
  intents: IntentStep[];
  /** Model steps: how many and the units (tokens) they cost. */
  model: { steps: number; units: number };
  counts: { calls: number; unplanned: number; skipped: number; refused: number };
}

const SOURCES: Record<ToolCallRecord['cost_source'], string> = {
  model_tokens: 'model tokens',
  tool: 'tool cost',
  skill: 'tool and skill cost',
};

function outcomeText(r: ToolCallRecord): string {
  switch (r.status) {
    case 'ok':
      return 'Succeeded';
    case 'running':
      return 'Running';
    case 'refused':
      return 'Refused: over budget';
    case 'error':
      return r.error_code ? `Failed (${r.error_code})` : 'Failed';
  }
}

const rationaleFor = (view: PlanView, kind: 'unplanned_call' | 'skipped_intent', tool: string) =>
  view.plan.deviations.find((d) => d.kind === kind && d.toolName === tool)?.rationale ?? null;

/** Each record's fallback level, replaying the calls of each intent in order (server/planning/sentinel/match.ts). */
function fallbackLevels(intents: ToolCallIntent[], records: ToolCallRecord[]): Map<string, number> {
  const failed = intents.map(() => new Set<number>());
  const levels = new Map<string, number>();
  for (const r of records) {
    const i = r.intent_index;
    if (i === null || !intents[i]) continue;
    const chain = fallbackChain(intents[i]);
    const fits = (x: ToolCallIntent) => x.toolName === r.tool_name && skillFits(x.skill, r.skill, {});
    let level = 0;
    for (let d = chain.length - 1; d >= 1; d--) {
      if (failed[i]!.has(d - 1) && fits(chain[d]!)) {
        level = d;
        break;
      }
    }
    if (r.status === 'error') failed[i]!.add(level);
    levels.set(r.id, level);
  }
  return levels;
}

function stateOf(view: PlanView, index: number, calls: CallStep[], reached: number): IntentState {
  if (calls.some((c) => c.status === 'running')) return 'running';
  if (calls.some((c) => c.status === 'ok')) return 'done';
  if (calls.some((c) => c.status === 'error')) return 'failed';
  if (calls.length) return 'refused';
  switch (view.plan.executionState) {
    case 'Planned':
    case 'InProgress':
      return 'waiting';
    case 'Replaced':
      return 'moved';
    case 'Failed':
      return index > reached ? 'not_reached' : 'skipped';
    case 'Complete':
      return 'skipped';
  }
}

export function planTimeline(view: PlanView): PlanTimeline {
  const records = [...view.calls].sort((a, b) => a.seq - b.seq);
  const tools = records.filter((r) => r.tool_name !== MODEL_RECORD);
  const modelSteps = records.filter((r) => r.tool_name === MODEL_RECORD);
  const intents = view.plan.plannedSequence;
  const levels = fallbackLevels(intents, tools);
  const steps: CallStep[] = tools.map((r) => {
    const planned = r.intent_index !== null && r.intent_index < intents.length;
    return {
      id: r.id,
      seq: r.seq,
      tool: r.tool_name,
      skill: r.skill,
      at: callTime(r.started_at),
      startedAt: r.started_at,
      duration: r.status === 'running' ? 'running' : msText(r.latency_ms),
      status: r.status,
      outcome: outcomeText(r),
      cost: unitsText(r.cost_units),
      costSource: SOURCES[r.cost_source],
      intentIndex: planned ? r.intent_index : null,
      fallbackLevel: levels.get(r.id) ?? 0,
      explained: planned ? null : rationaleFor(view, 'unplanned_call', r.tool_name),
    };
  });
  const reached = Math.max(-1, ...steps.map((c) => c.intentIndex ?? -1));
  const intentSteps: IntentStep[] = intents.map((intent, index) => {
    const calls = steps.filter((c) => c.intentIndex === index);
    const state = stateOf(view, index, calls, reached);
    return {
      index,
      tool: intent.toolName,
      rationale: intent.rationale,
      expectedOutcome: intent.expectedOutcome ?? null,
      skill: intent.skill ?? null,
      fallbacks: fallbackChain(intent)
        .slice(1)
        .map((f) => ({ tool: f.toolName, rationale: f.rationale, skill: f.skill ?? null })),
      calls,
      state,
      skipRationale: state === 'skipped' ? rationaleFor(view, 'skipped_intent', intent.toolName) : null,
    };
  });
  return {
    rows: interleave(
      intentSteps,
      steps.filter((c) => c.intentIndex === null),
    ),
    intents: intentSteps,
    model: {
      steps: modelSteps.length,
      units: modelSteps.reduce((s, r) => s + (r.status === 'refused' ? 0 : r.cost_units), 0),
    },
    counts: {
      calls: steps.length,
      unplanned: steps.filter((c) => c.intentIndex === null).length,
      skipped: intentSteps.filter((i) => i.state === 'skipped').length,
      refused: steps.filter((c) => c.status === 'refused').length,
    },
  };
}

/** Intents in plan order; each unplanned call after the intent whose latest earlier call is the latest of all. */
function interleave(intents: IntentStep[], unplanned: CallStep[]): TimelineRow[] {
  const after = new Map<number, CallStep[]>();
  for (const u of unplanned) {
    let anchor = -1;
    let anchorSeq = -1;
    for (const step of intents) {
      for (const c of step.calls) {
        if (c.seq < u.seq && c.seq > anchorSeq) {
          anchor = step.index;
          anchorSeq = c.seq;
        }
      }
    }
    after.set(anchor, [...(after.get(anchor) ?? []), u]);
  }
  const rows: TimelineRow[] = (after.get(-1) ?? []).map((call) => ({ kind: 'unplanned', call }));
  for (const step of intents) {
    rows.push({ kind: 'intent', step });
    for (const call of after.get(step.index) ?? []) rows.push({ kind: 'unplanned', call });
  }
  return rows;
}

/**
 * What a finding rests on, in the timeline: the records it names as evidence and, for a skipped
 * intent (which no record can show), the intent it names.
 */
export function findingAnchors(f: SentinelFinding, timeline: PlanTimeline): { records: string[]; intents: number[] } {
  const intents: number[] = [];
  const d = f.detail;
  if (d.type === 'PlanDeviation' && d.deviation === 'skipped_intent' && d.expected) {
    const wanted = d.expected;
    const expected = JSON.stringify(wanted);
    const step =
      timeline.intents.find((i) => !i.calls.length && JSON.stringify(intentOf(i)) === expected) ??
      timeline.intents.find((i) => !i.calls.length && i.tool === wanted.toolName);
    if (step) intents.push(step.index);
  }
  return { records: f.evidence, intents };
}

/** The intent a step shows, rebuilt as the plan declared it (to compare with a finding's `expected`). */
function intentOf(step: IntentStep): ToolCallIntent {
  let chain: ToolCallIntent | undefined;
  for (const f of [...step.fallbacks].reverse()) {
    chain = {
      toolName: f.tool,
      rationale: f.rationale,
      ...(f.skill ? { skill: f.skill } : {}),
      ...(chain ? { fallbackOnFailure: chain } : {}),
    };
  }
  return {
    toolName: step.tool,
    rationale: step.rationale,
    ...(step.expectedOutcome !== null ? { expectedOutcome: step.expectedOutcome } : {}),
    ...(step.skill ? { skill: step.skill } : {}),
    ...(chain ? { fallbackOnFailure: chain } : {}),
  };
}
