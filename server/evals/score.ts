import type { Expectations, ExpectedRun, Fact } from './dataset-schema.ts';

/** What one turn did, as the runner observed it through the agent platform's events. */
export interface TurnObservation {
  user: string;
  /** The agent's final message of the turn ('' when it said nothing). */
  reply: string;
  /** The turn's tool calls in order, with whether each returned ok. */
  calls: Array<{ name: string; args: Record<string, unknown>; ok: boolean }>;
  /** The runs the turn started (start_workflow_run calls that returned ok), with the workflow's saved name when known. */
  runs: Array<{ workflow_id: string; workflow_name: string | null; input: Record<string, unknown> }>;
  /** An error the platform reported, or why the turn did not end normally. */
  error: string | null;
  /** Set when the platform call itself failed: nothing of the turn was seen, so none of its expectations holds. */
  unobserved?: true;
}

/** One expectation's outcome: what was asked for, whether it held, and what was seen instead. */
export interface ExpectationResult {
  turn: number;
  kind: 'run' | 'no_run' | 'tool_called' | 'tool_not_called' | 'fact' | 'question';
  expected: string;
  pass: boolean;
  seen: string;
}

/** The tools that start work: a run (the Planner, a Companion) or a delegation (the Conductor). `no_run` allows none of them. */
export const WORK_TOOLS = ['start_workflow_run', 'redrive_workflow_run', 'delegate_task', 'broadcast_task'];

const norm = (s: string) => s.normalize('NFKC').replace(/[*_`]/g, '').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Whether the answer states the fact: the text (or one of the alternatives) found, case and markdown emphasis aside. */
export function statesFact(reply: string, fact: Fact): boolean {
  const r = norm(reply);
  const options = typeof fact === 'string' ? [fact] : fact.any_of;
  return options.some((o) => r.includes(norm(o)));
}

function runMatches(expected: ExpectedRun, run: TurnObservation['runs'][number]): boolean {
  if (expected.workflow && expected.workflow !== run.workflow_id && norm(expected.workflow) !== norm(run.workflow_name ?? '')) return false;
  return Object.entries(expected.input).every(([k, v]) => run.input[k] === v);
}

const describeRun = (r: ExpectedRun) => `${r.workflow ?? 'a workflow'} with ${JSON.stringify(r.input)}`;
const seenRuns = (o: TurnObservation) =>
  o.runs.length ? o.runs.map((r) => `${r.workflow_name ?? r.workflow_id} ${JSON.stringify(r.input)}`).join('; ') : 'no run started';

/**
 * Scores one turn's expectations against what it did. Pure: each expectation passes or fails on
 * the observation alone; a turn that failed with an error still has its expectations scored (most fail).
 */
export function scoreTurn(turn: number, e: Expectations, o: TurnObservation): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  const called = o.calls.map((c) => c.name);
  const answer = `answer: "${clip(o.reply)}"`;
  for (const r of e.runs ?? []) {
    out.push({ turn, kind: 'run', expected: `started ${describeRun(r)}`, pass: o.runs.some((x) => runMatches(r, x)), seen: seenRuns(o) });
  }
  if (e.no_run) {
    const starts = o.calls.filter((c) => WORK_TOOLS.includes(c.name)).map((c) => c.name);
    out.push({
      turn,
      kind: 'no_run',
      expected: `no ${WORK_TOOLS.join(', ')}`,
      pass: starts.length === 0,
      seen: starts.length ? `${starts.length} call(s): ${[...new Set(starts)].join(', ')}` : 'none',
    });
  }
  for (const name of e.tools_called ?? []) {
    out.push({
      turn,
      kind: 'tool_called',
      expected: `called ${name}`,
      pass: called.includes(name),
      seen: called.join(', ') || 'no tool calls',
    });
  }
  for (const name of e.tools_not_called ?? []) {
    out.push({
      turn,
      kind: 'tool_not_called',
      expected: `did not call ${name}`,
      pass: !called.includes(name),
      seen: called.join(', ') || 'no tool calls',
    });
  }
  for (const f of e.facts ?? []) {
    const expected = typeof f === 'string' ? `states "${f}"` : `states one of ${f.any_of.map((x) => `"${x}"`).join(', ')}`;
    out.push({ turn, kind: 'fact', expected, pass: statesFact(o.reply, f), seen: answer });
  }
  if (e.question) {
    const pass = o.reply.includes('?') && statesFact(o.reply, e.question);
    out.push({ turn, kind: 'question', expected: `asks "${e.question}…?"`, pass, seen: answer });
  }
  if (o.error) for (const r of out) r.seen = `${r.seen} (turn error: ${clip(o.error, 120)})`;
  return out;
}

/** A case's score: passed expectations over all of them (0 when the case could not run at all). */
export function caseScore(results: ExpectationResult[]): { passed: number; total: number; score: number } {
  const passed = results.filter((r) => r.pass).length;
  return { passed, total: results.length, score: results.length ? passed / results.length : 0 };
}
