import { isRecord, num, str } from '@/lib/is-record';
import { byInstance, partOf } from '@/lib/qa-parts';
/**
 * A workflow run as the chat shows it, read from what `runs.get` / `get_workflow_run` /
 * `wait_for_workflow_run` return (server/execution/show-run.ts): the run record, the state
 * documents, and — once it succeeded — its output, where the QA score and the compliance
 * verdicts are found by their shape (server/skills/demo/skills/scoring.ts, compliance.ts).
 */
type Obj = Record<string, unknown>;

/** Run statuses after which nothing changes (lib/run-list.ts RUN_STATUSES). */
export const FINAL_RUN_STATUSES = ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export const isFinalRunStatus = (status: string | null | undefined) => (FINAL_RUN_STATUSES as readonly string[]).includes(status ?? '');

export interface RunStateView {
  status: string;
  attempts: number;
  lastError: string | null;
}

export interface RunSnapshot {
  runId: string;
  workflowId: string | null;
  workflowName: string | null;
  workflowVersion: string | null;
  status: string;
  error: string | null;
  cause: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  output: unknown;
  /** By state instance (Map iterations as `Map[i]/State`). */
  states: Record<string, RunStateView>;
}

/** A run view (the tool's `{status: "ok", run, states, …}` result) → snapshot; null for a failure or another shape. */
export function runSnapshotOf(value: unknown): RunSnapshot | null {
  if (!isRecord(value) || value.status === 'error' || !isRecord(value.run)) return null;
  const run = value.run;
  const runId = str(run.run_id);
  if (!runId) return null;
  const states: Record<string, RunStateView> = {};
  if (isRecord(value.states)) {
    for (const [name, doc] of Object.entries(value.states)) {
      if (!isRecord(doc)) continue;
      states[name] = { status: str(doc.status) ?? 'pending', attempts: num(doc.attempts) ?? 0, lastError: str(doc.last_error) };
    }
  }
  return {
    runId,
    workflowId: str(run.workflow_id),
    workflowName: str(run.workflow_name),
    workflowVersion: str(run.workflow_version),
    status: str(run.status) ?? 'RUNNING',
    error: str(run.error),
    cause: str(run.cause),
    startedAt: str(run.started_at),
    finishedAt: str(run.finished_at),
    output: run.output ?? null,
    states,
  };
}

export interface RunProgress {
  total: number;
  done: number;
  running: number;
  failed: number;
  pending: number;
}

/** How many state instances are in each status. */
export function runProgress(s: RunSnapshot): RunProgress {
  const p: RunProgress = { total: 0, done: 0, running: 0, failed: 0, pending: 0 };
  for (const st of Object.values(s.states)) {
    p.total += 1;
    if (st.status === 'done') p.done += 1;
    else if (st.status === 'running') p.running += 1;
    else if (st.status === 'failed') p.failed += 1;
    else p.pending += 1;
  }
  return p;
}

/** State instances that needed more than one attempt (a retry, or a worker swapping a failing skill). */
export function retriedStates(s: RunSnapshot): Array<{ state: string } & RunStateView> {
  return Object.entries(s.states)
    .filter(([, st]) => st.attempts > 1)
    .map(([state, st]) => ({ state, ...st }))
    .sort((a, b) => byInstance(a.state, b.state));
}

/** Milliseconds between start and finish (or `now` while running); null without a start. */
export function runDurationMs(s: RunSnapshot, now: number): number | null {
  const start = s.startedAt ? Date.parse(s.startedAt) : NaN;
  if (Number.isNaN(start)) return null;
  const end = s.finishedAt ? Date.parse(s.finishedAt) : now;
  return Number.isNaN(end) ? null : Math.max(0, end - start);
}

export interface FailedRule {
  ruleId: string;
  rule: string;
  category: string | null;
  rationale: string | null;
  /** The whole sentence the verdict quotes; null when nothing in the call could be quoted (wording missing). */
  evidence: string | null;
  /** Which call it came from, when the run analysed several. */
  call: string | null;
}

export interface QaResult {
  /** Null when the run checked compliance but computed no score (e.g. the product-explanation workflow). */
  score: number | null;
  maxScore: number | null;
  formulaId: string | null;
  /** The scoring skill's one-line summary (says when a failed category capped the score). */
  summary: string | null;
  breakdown: Array<{ component: string; points: number }>;
  /** Per-call scores when the run scored each call before the aggregate. */
  perCall: Array<{ call: string; score: number; maxScore: number }>;
  /** With several per-call scores: their mean (one decimal) and how many — the QA page's aggregate. */
  mean: { value: number; count: number } | null;
  /** Why the score is below the sum of its parts (the scoring skill's `cap`), as a sentence; null when it is not. */
  capText: string | null;
  compliance: { passed: number; failed: number; notApplicable: number } | null;
  complianceSummaries: string[];
  failedRules: FailedRule[];
}

type Found<T> = { depth: number; key: string; call: string | null; envelope: Obj; data: T };

/** A label for one item of an array in the output: the call's recording or application, else its position. */
function callLabel(item: unknown, index: number): string {
  if (isRecord(item)) {
    const rec = isRecord(item.recording) ? item.recording : null;
    const id = str(rec?.recording_id) ?? str(item.recording_id) ?? str(rec?.application_id) ?? str(item.application_id);
    if (id) return id;
  }
  return `#${index + 1}`;
}

/** Walks the output for data-plane envelopes (`{ok, summary, data}`) holding a score or verdicts. */
function collect(output: unknown) {
  const scores: Array<Found<Obj>> = [];
  const compliance: Array<Found<unknown[]>> = [];
  const walk = (v: unknown, depth: number, key: string, call: string | null) => {
    if (depth > 12) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, depth + 1, key, call ?? callLabel(item, i)));
      return;
    }
    if (!isRecord(v)) return;
    const data = isRecord(v.data) ? v.data : null;
    const part = 'summary' in v ? partOf(v) : null;
    if (data && part === 'scoring') scores.push({ depth, key, call, envelope: v, data });
    if (data && part === 'compliance') compliance.push({ depth, key, call, envelope: v, data: data.verdicts as unknown[] });
    for (const [k, child] of Object.entries(v)) if (k !== 'data' || !data) walk(child, depth + 1, k, call);
  };
  walk(output, 0, '', null);
  return { scores, compliance };
}

/** "Parts add up to 67; capped at 60 because mandatory disclosure failed (FCA-DISC-01, …)." or null. */
function capTextOf(data: Obj, breakdown: Array<{ points: number }>): string | null {
  const total = Math.round(breakdown.reduce((t, b) => t + b.points, 0));
  const score = num(data.score);
  const cap = isRecord(data.cap) ? data.cap : null;
  if (!cap && (score === null || !breakdown.length || total === score)) return null;
  const categories = Array.isArray(cap?.categories) ? (cap.categories as unknown[]).map((c) => String(c).replace(/_/g, ' ')) : [];
  const rules = Array.isArray(cap?.rule_ids) ? (cap.rule_ids as unknown[]).map(String) : [];
  const why = categories.length ? ` because ${categories.join(' and ')} failed${rules.length ? ` (${rules.join(', ')})` : ''}` : '';
  return `Parts add up to ${total}; capped at ${num(cap?.value) ?? score}${why}.`;
}

/** The QA result in a run's output: score, breakdown, compliance counts and failed rules with evidence; null when there is neither a score nor verdicts. */
export function qaResultOf(output: unknown): QaResult | null {
  const { scores, compliance } = collect(output);
  if (scores.length === 0 && compliance.length === 0) return null;
  const byDepth = [...scores].sort((a, b) => Number(b.key === 'qa_score') - Number(a.key === 'qa_score') || a.depth - b.depth);
  const main = byDepth.find((s) => s.call === null) ?? byDepth[0] ?? null;
  const parts = main && isRecord(main.data.breakdown) ? Object.entries(main.data.breakdown) : [];
  const breakdown = parts.flatMap(([component, p]) => (num(p) !== null ? [{ component, points: p as number }] : []));
  const perCall = scores
    .filter((s) => s !== main && s.call !== null)
    .map((s) => ({ call: s.call!, score: s.data.score as number, maxScore: s.data.max_score as number }));

  const failedRules: FailedRule[] = [];
  const counts = { passed: 0, failed: 0, notApplicable: 0 };
  for (const c of compliance) {
    const verdicts = c.data.filter(isRecord);
    const data = c.envelope.data as Obj;
    const count = (k: string) => verdicts.filter((v) => v.verdict === k).length;
    counts.passed += num(data.passed) ?? count('pass');
    counts.failed += num(data.failed) ?? count('fail');
    counts.notApplicable += count('not_applicable');
    for (const v of verdicts) {
      if (v.verdict !== 'fail') continue;
      failedRules.push({
        ruleId: str(v.rule_id) ?? '?',
        rule: str(v.rule) ?? '',
        category: str(v.category),
        rationale: str(v.rationale),
        evidence: str(v.evidence),
        call: c.call,
      });
    }
  }
  const mean =
    perCall.length > 1
      ? { value: Math.round((perCall.reduce((t, c) => t + c.score, 0) / perCall.length) * 10) / 10, count: perCall.length }
      : null;
  return {
    mean,
    capText: main ? capTextOf(main.data, breakdown) : null,
    score: main ? (main.data.score as number) : null,
    maxScore: main ? (main.data.max_score as number) : null,
    formulaId: main ? str(main.data.formula_id) : null,
    summary: main ? str(main.envelope.summary) : null,
    breakdown,
    perCall,
    compliance: compliance.length > 0 ? counts : null,
    complianceSummaries: compliance.filter((c) => c.call === null).flatMap((c) => str(c.envelope.summary) ?? []),
    failedRules,
  };
}
