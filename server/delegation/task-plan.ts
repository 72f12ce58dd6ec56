import { isObject } from '../engine/json.ts';
import { applyPayloadTemplate, evaluatePath, StatesError, withinStepBudget, type ContextObject } from '../engine/runtime/index.ts';
import { dataPlaneEnvelope } from '../execution/data-plane.ts';
import type { PlanStep } from './protocol.ts';

/**
 * A task plan (task_delegation `context.plan`, schemas/messages/task-delegation-1.0.0.json)
 * played forward over the tool calls already made, so a stateless executor (the Companion's
 * deterministic brain) can ask "what next?" at every step. The task's data starts as
 * `{inputs}`; each step adds its result under its `result` name — a tool's data-plane envelope
 * (read `$.<result>.data.<field>`), or for a map step one entry per item (its `select`, else all
 * its steps' results). Arguments are payload templates as in ASL Parameters (`"x.$": "$.path"`,
 * `States.*` intrinsics), evaluated by the engine.
 *
 * The walk needs no memory: a call is matched to the earliest unused record of the same skill,
 * tool and arguments, so replaying the same records always gives the same answer.
 */
export interface PlanCall {
  step: string;
  skill: string;
  tool: string;
  args: Record<string, unknown>;
}

/** A call made for the plan and what came back (invoke_skill_tool's return). */
export interface CallRecord {
  skill: string;
  tool: string;
  args: unknown;
  ok: boolean;
  /** The tool's result (ok) or the failure (error name and cause). */
  result: unknown;
  error: string | null;
}

export type PlanState =
  /** These calls are due now (all of them may run in parallel). */
  | { kind: 'calls'; calls: PlanCall[]; step: string; stepsDone: number; stepsTotal: number }
  | { kind: 'failed'; step: string; skill: string | null; error: string; stepsDone: number; data: Record<string, unknown> }
  | { kind: 'done'; data: Record<string, unknown>; summaries: string[] };

const key = (skill: string, tool: string, args: unknown) => JSON.stringify([skill, tool, args]);

class Records {
  private readonly used = new Map<string, number>();
  private readonly byKey = new Map<string, CallRecord[]>();

  constructor(records: CallRecord[]) {
    for (const r of records) {
      const k = key(r.skill, r.tool, r.args);
      this.byKey.set(k, [...(this.byKey.get(k) ?? []), r]);
    }
  }

  take(call: PlanCall): CallRecord | null {
    const k = key(call.skill, call.tool, call.args);
    const n = this.used.get(k) ?? 0;
    const r = this.byKey.get(k)?.[n];
    if (r) this.used.set(k, n + 1);
    return r ?? null;
  }
}

type Outcome =
  { kind: 'ok'; value: unknown } | { kind: 'pending'; calls: PlanCall[] } | { kind: 'failed'; skill: string | null; error: string };

function context(taskId: string, step: string, inputs: unknown, item?: { index: number; value: unknown }): ContextObject {
  const at = new Date(0).toISOString();
  return {
    Execution: { Id: `task:${taskId}`, Input: inputs, Name: taskId, StartTime: at },
    State: { Name: step, EnteredTime: at, RetryCount: 0 },
    StateMachine: { Id: 'delegated-task', Name: 'delegated task' },
    ...(item ? { Map: { Item: { Index: item.index, Value: item.value } } } : {}),
  };
}

const why = (err: unknown) =>
  err instanceof StatesError ? `${err.error}: ${err.cause}` : err instanceof Error ? err.message : String(err);

/** A skill tool's answer as plan data: its data-plane envelope (a failed envelope is a failure). */
function envelopeOf(r: CallRecord): { ok: true; envelope: Record<string, unknown> } | { ok: false; error: string } {
  if (!r.ok) return { ok: false, error: r.error ?? 'the tool failed' };
  const envelope = dataPlaneEnvelope(r.result, 0, r.skill);
  if (envelope.ok === false)
    return {
      ok: false,
      error: typeof envelope.summary === 'string' && envelope.summary ? envelope.summary : 'the skill reported a failure',
    };
  return { ok: true, envelope };
}

function runStep(
  s: PlanStep,
  data: Record<string, unknown>,
  records: Records,
  taskId: string,
  inputs: unknown,
  item?: { index: number; value: unknown },
): Outcome {
  if (s.steps) return runMap(s, data, records, taskId, inputs);
  if (!s.skill || !s.tool) return { kind: 'failed', skill: null, error: `step ${s.step} names no skill and tool` };
  let args: unknown;
  try {
    args = applyPayloadTemplate(s.args ?? {}, data, context(taskId, s.step, inputs, item));
  } catch (err) {
    return { kind: 'failed', skill: s.skill, error: `step ${s.step}: its arguments could not be built (${why(err)})` };
  }
  if (!isObject(args)) return { kind: 'failed', skill: s.skill, error: `step ${s.step}: its arguments are not an object` };
  const call: PlanCall = { step: s.step, skill: s.skill, tool: s.tool, args };
  const record = records.take(call);
  if (!record) return { kind: 'pending', calls: [call] };
  const e = envelopeOf(record);
  return e.ok
    ? { kind: 'ok', value: e.envelope }
    : { kind: 'failed', skill: s.skill, error: `step ${s.step} (${s.skill} ${s.tool}): ${e.error}` };
}

function itemsOf(s: PlanStep, data: Record<string, unknown>, taskId: string, inputs: unknown): unknown[] | string {
  try {
    const items = evaluatePath(s.for_each!, data, context(taskId, s.step, inputs));
    return Array.isArray(items) ? items : `step ${s.step}: for_each ${s.for_each} is not a list`;
  } catch (err) {
    return `step ${s.step}: for_each ${s.for_each} names nothing (${why(err)})`;
  }
}

/** A step with for_each: its tool (or its own steps) once per item; pending calls of all items come together. */
function runMap(s: PlanStep, data: Record<string, unknown>, records: Records, taskId: string, inputs: unknown): Outcome {
  const items = itemsOf(s, data, taskId, inputs);
  if (typeof items === 'string') return { kind: 'failed', skill: null, error: items };
  const pending: PlanCall[] = [];
  const values: unknown[] = [];
  for (const [index, value] of items.entries()) {
    const scope: Record<string, unknown> = { ...data, [s.as!]: value };
    const item = { index, value };
    const o = s.steps
      ? runSequence(s.steps, scope, records, taskId, inputs, item)
      : runStep({ ...s, for_each: undefined }, scope, records, taskId, inputs, item);
    if (o.kind === 'failed') return { ...o, error: `item ${index + 1} of ${items.length}: ${o.error}` };
    if (o.kind === 'pending') pending.push(...o.calls);
    else values.push(s.steps && s.select ? select(s, o.value as Record<string, unknown>, taskId, inputs, item) : o.value);
  }
  if (pending.length) return { kind: 'pending', calls: pending };
  const failedSelect = values.find(
    (v): v is { failedSelect: string } => isObject(v) && typeof (v as { failedSelect?: unknown }).failedSelect === 'string',
  );
  if (failedSelect) return { kind: 'failed', skill: null, error: failedSelect.failedSelect };
  return { kind: 'ok', value: values };
}

function select(
  s: PlanStep,
  scope: Record<string, unknown>,
  taskId: string,
  inputs: unknown,
  item: { index: number; value: unknown },
): unknown {
  try {
    return applyPayloadTemplate(s.select!, scope, context(taskId, s.step, inputs, item));
  } catch (err) {
    return { failedSelect: `step ${s.step}: select failed for item ${item.index + 1} (${why(err)})` };
  }
}

/** Steps in order within one scope; the scope (data) gains each result. Stops at the first pending or failed step. */
function runSequence(
  steps: PlanStep[],
  scope: Record<string, unknown>,
  records: Records,
  taskId: string,
  inputs: unknown,
  item?: { index: number; value: unknown },
): Outcome {
  for (const s of steps) {
    const o = s.for_each && !s.steps ? runMap(s, scope, records, taskId, inputs) : runStep(s, scope, records, taskId, inputs, item);
    if (o.kind !== 'ok') return o;
    scope[s.result] = o.value;
  }
  return { kind: 'ok', value: scope };
}

/** Where the plan stands given the calls made so far (oldest first). */
export function walkPlan(plan: PlanStep[], inputs: unknown, made: CallRecord[], taskId: string): PlanState {
  // The plan's templates and paths are the engine's: they get the engine's compute budget per walk.
  return withinStepBudget(() => walk(plan, inputs, made, taskId));
}

function walk(plan: PlanStep[], inputs: unknown, made: CallRecord[], taskId: string): PlanState {
  const records = new Records(made);
  const data: Record<string, unknown> = { inputs };
  const summaries: string[] = [];
  for (const [i, s] of plan.entries()) {
    const o = s.for_each && !s.steps ? runMap(s, data, records, taskId, inputs) : runStep(s, data, records, taskId, inputs);
    if (o.kind === 'pending') return { kind: 'calls', calls: o.calls, step: s.step, stepsDone: i, stepsTotal: plan.length };
    if (o.kind === 'failed') return { kind: 'failed', step: s.step, skill: o.skill, error: o.error, stepsDone: i, data };
    data[s.result] = o.value;
    summaries.push(summaryOf(s, o.value));
  }
  return { kind: 'done', data, summaries };
}

/** A finished step in a sentence: the skill's own summary, or for a map step how many items it did. */
function summaryOf(s: PlanStep, value: unknown): string {
  if (Array.isArray(value)) return `${s.step}: ${value.length} item${value.length === 1 ? '' : 's'} done.`;
  const summary = isObject(value) && typeof value.summary === 'string' && value.summary.trim() ? value.summary.trim() : 'done';
  return `${s.step}: ${/[.!?]$/.test(summary) ? summary : `${summary}.`}`;
}

/** The task's output data: the `output` template over the final data, else every step's result. */
export function planOutput(
  template: Record<string, unknown> | undefined,
  data: Record<string, unknown>,
  taskId: string,
): Record<string, unknown> {
  if (!template) {
    const { inputs: _inputs, ...results } = data;
    return results;
  }
  const out = withinStepBudget(() => applyPayloadTemplate(template, data, context(taskId, 'output', data.inputs)));
  return isObject(out) ? out : { value: out };
}
