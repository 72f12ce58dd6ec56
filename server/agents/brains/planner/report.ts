import { INVALID_INPUT_PREFIX } from '../../../../lib/failure-cause.ts';
import { isRecord, str } from '../../../../lib/is-record.ts';
import { byInstance, partsOf, type QaPart } from '../../../../lib/qa-parts.ts';
import { ukDate } from '../../../../lib/uk-time.ts';
/**
 * What the Planner tells the user about a finished run, read from what wait_for_workflow_run /
 * get_workflow_run returned: the data-plane envelope of every Task (`data`, by state instance),
 * the state documents (attempts, last errors — a worker's skill swap shows there) and the run
 * record. Envelopes are recognised by their payload (a QA score has `score` and `max_score`,
 * compliance has `verdicts`, …), so a workflow the Planner did not compose reads the same.
 */
type Obj = Record<string, unknown>;

export interface RunView {
  run: Obj;
  states: Record<string, { status: string; attempts: number; last_error?: string | null }>;
  data: Record<string, unknown>;
}

export function runViewOf(result: Obj | null): RunView | null {
  if (!result || !isRecord(result.run)) return null;
  return {
    run: result.run,
    states: (isRecord(result.states) ? result.states : {}) as RunView['states'],
    data: isRecord(result.data) ? result.data : {},
  };
}

export const runStatus = (v: RunView) => String(v.run.status ?? 'UNKNOWN');

interface Verdict {
  rule_id: string;
  rule: string;
  verdict: string;
  rationale?: string;
  evidence?: string | null;
  category?: string;
}
interface Recording {
  recording_id: string;
  application_id: string;
  recorded_at?: string;
  duration_s?: number;
  uri?: string;
}

/** The envelopes of one QA part in the run (lib/qa-parts.ts), top-level states first; with the skill that produced each. */
function payloads(v: RunView, part: QaPart): Array<{ state: string; data: Obj; skill: string | null }> {
  return partsOf(v.data, part).map((p) => ({
    state: p.instance,
    data: p.data,
    skill: isRecord(p.envelope.metrics) ? str(p.envelope.metrics.skill) : null,
  }));
}

const quote = (s: string) => `“${s.trim()}”`;

/**
 * The failed rules, grouped by what the skill found (its rationale and the quoted sentence), so a
 * sentence that several rules point at is quoted once: "Prohibited wording used" quotes what was
 * said; "Required wording missing where the rule applies" quotes where it applied.
 */
function failedRules(verdicts: Verdict[], limit = 12): string[] {
  const failed = verdicts.filter((x) => x.verdict === 'fail').slice(0, limit);
  const groups = new Map<string, Verdict[]>();
  for (const x of failed)
    groups.set(`${x.rationale ?? ''}\u0000${x.evidence ?? ''}`, [
      ...(groups.get(`${x.rationale ?? ''}\u0000${x.evidence ?? ''}`) ?? []),
      x,
    ]);
  const lines = [...groups.values()].map((g) => {
    const { rationale, evidence } = g[0]!;
    const rules = g.map((x) => `${x.rule_id} (${x.rule.replace(/\.$/, '')})`).join('; ');
    const label = /prohibited/i.test(rationale ?? '') ? 'said' : 'where it applied';
    return `- ${rules} — ${(rationale ?? 'failed').replace(/\.$/, '')}${evidence ? `; ${label}: ${quote(evidence)}` : '.'}`;
  });
  const more = verdicts.filter((x) => x.verdict === 'fail').length - failed.length;
  if (more > 0) lines.push(`- … and ${more} more.`);
  return lines;
}

function complianceCounts(verdicts: Verdict[]) {
  const n = (k: string) => verdicts.filter((x) => x.verdict === k).length;
  return { pass: n('pass'), fail: n('fail'), na: n('not_applicable') };
}

/** States that needed more than one attempt, and how they ended (spec §4.2: a worker swapped a failing skill). */
export function recoveries(v: RunView): string[] {
  return Object.entries(v.states)
    .filter(([, s]) => s.attempts > 1 && s.last_error)
    .map(([state, s]) => {
      const env = v.data[state];
      const skill = isRecord(env) && isRecord(env.metrics) && typeof env.metrics.skill === 'string' ? env.metrics.skill : null;
      return `${state} needed ${s.attempts} attempts (${s.last_error})${s.status === 'done' && skill ? `; the worker finished it with ${skill}` : ''}.`;
    });
}

/** Why a run did not succeed: its error and cause, and the states that failed. */
export function failureReport(v: RunView): string {
  const failed = Object.entries(v.states)
    .filter(([, s]) => s.status === 'failed')
    .map(([state, s]) => `${state}${s.last_error ? ` (${s.last_error})` : ''}`);
  const why = [v.run.error, v.run.cause].filter((x) => typeof x === 'string' && x).join(': ');
  const states = failed.length ? ` Failed state${failed.length > 1 ? 's' : ''}: ${failed.join('; ')}.` : '';
  // A failure the request caused (lib/failure-cause.ts) is said to be one: it is not the skill's fault.
  const caller =
    typeof v.run.cause === 'string' && v.run.cause.startsWith(INVALID_INPUT_PREFIX)
      ? " The request itself was the problem (invalid input), not a skill: it does not count against any skill's reliability."
      : '';
  return `The run ended ${runStatus(v)}${why ? ` — ${why}` : ''}.${states}${caller}`;
}

/** The recordings the run found, and which one a pilot analysed (from the transcription's `recordings[i]` binding). */
export function pilotScope(v: RunView, pilotIndex: number | null): { found: Recording[]; analysed: Recording | null } {
  const found = (payloads(v, 'recordings')[0]?.data.recordings ?? []) as Recording[];
  return { found, analysed: pilotIndex !== null ? (found[pilotIndex] ?? null) : null };
}

export function describeRecording(r: Recording): string {
  return `${r.recording_id} (application ${r.application_id}${r.recorded_at ? `, recorded ${ukDate(r.recorded_at)}` : ''})`;
}

/**
 * One line per Map iteration (e.g. one per call), from its Tasks' one-line summaries: what
 * wait_for_workflow_run keeps of iterations with `iteration_data: "summary"`.
 */
export function iterationLines(v: RunView): string[] {
  const groups = new Map<string, string[]>();
  for (const [state, env] of Object.entries(v.data).sort(([a], [b]) => byInstance(a, b))) {
    const cut = state.lastIndexOf('/');
    if (cut < 0 || !isRecord(env) || typeof env.summary !== 'string' || !env.summary) continue;
    const key = state.slice(0, cut);
    groups.set(key, [...(groups.get(key) ?? []), env.summary]);
  }
  if (!groups.size) return [];
  const recordings = (payloads(v, 'recordings')[0]?.data.recordings ?? []) as Recording[];
  const named = recordings.length === groups.size;
  return [
    'Per call:',
    ...[...groups].map(([key, summaries], i) => `- ${named ? recordings[i]!.recording_id : key}: ${summaries.join(' ')}`),
  ];
}

type ScoreData = {
  score: number;
  max_score: number;
  formula_id?: string;
  breakdown?: Record<string, number>;
  cap?: { value: number; categories: string[]; rule_ids: string[] };
};

/**
 * One score with its parts, honest about their sum: "60/100 — compliance 45, sentiment 13.8,
 * clarity 8.3 (together 67, capped at 60 because mandatory disclosure failed: FCA-DISC-01)".
 */
export function scoreText(d: ScoreData): string {
  const parts = Object.entries(d.breakdown ?? {}).map(([k, x]) => `${k.replace(/_/g, ' ')} ${x}`);
  const total = Math.round(Object.values(d.breakdown ?? {}).reduce((s, x) => s + x, 0));
  const cap = d.cap
    ? ` (together ${total}, capped at ${d.cap.value} because ${d.cap.categories.map((c) => c.replace(/_/g, ' ')).join(' and ')} failed` +
      `${d.cap.rule_ids.length ? `: ${d.cap.rule_ids.join(', ')}` : ''})`
    : parts.length && total !== d.score
      ? ` (together ${total}, capped at ${d.score})`
      : '';
  return `${d.score}/${d.max_score}${parts.length ? ` — ${parts.join(', ')}${cap}` : ''}`;
}

/**
 * The QA result of spec §2: score with breakdown, sentiment, and the failed rules with their
 * evidence. With several calls scored one by one, the headline is the mean of the per-call scores
 * with the count (what the QA page shows); the workflow's pooled score is named as what it is.
 */
export function qaReport(v: RunView): string[] {
  const lines: string[] = [];
  const scores = payloads(v, 'scoring');
  const perCall = scores.filter((s) => s.state.includes('/'));
  const overall = scores.find((s) => !s.state.includes('/'));
  if (perCall.length > 1) {
    const d0 = perCall[0]!.data as ScoreData;
    const mean = Math.round((perCall.reduce((s, p) => s + (p.data as ScoreData).score, 0) / perCall.length) * 10) / 10;
    lines.push(
      `**QA score: ${mean}/${d0.max_score}, the mean of ${perCall.length} per-call scores**` +
        `${d0.formula_id ? ` (scorecard ${d0.formula_id})` : ''}; each call's score is below.`,
    );
    if (overall)
      lines.push(
        'Scored together as one body of work (the scorecard\'s "several calls" rule: pooled verdicts, mean sentiment), ' +
          `the calls get ${scoreText(overall.data as ScoreData)}.`,
      );
  } else if (overall ?? perCall[0]) {
    const d = (overall ?? perCall[0])!.data as ScoreData;
    lines.push(
      `**QA score: ${d.score}/${d.max_score}**${d.formula_id ? ` (scorecard ${d.formula_id})` : ''}${scoreText(d).slice(`${d.score}/${d.max_score}`.length)}.`,
    );
  } else lines.push('The run produced no QA score.');
  lines.push(...iterationLines(v));
  // Trimmed iteration envelopes (iteration_data "summary") have no flags list: not "no flags".
  const sentiments = payloads(v, 'sentiment').filter((p) => Array.isArray(p.data.flags));
  for (const s of sentiments.slice(0, 4)) {
    const flags = (Array.isArray(s.data.flags) ? s.data.flags : []) as Array<{ type: string; severity: string; excerpt: string }>;
    const scope = s.state.includes('/') ? ` (${s.state.split('/')[0]})` : '';
    lines.push(
      `Customer sentiment${scope}: ${String(s.data.overall)} (score ${String(s.data.score)})${
        flags.length
          ? `; flags: ${flags
              .slice(0, 3)
              .map((f) => `${f.type} (${f.severity}) ${quote(f.excerpt)}`)
              .join('; ')}`
          : '; no flags'
      }.`,
    );
  }
  const verdicts = payloads(v, 'compliance').flatMap((p) => p.data.verdicts as Verdict[]);
  if (verdicts.length) {
    const c = complianceCounts(verdicts);
    lines.push(
      `Compliance with the standard script: ${c.pass} of ${c.pass + c.fail} applicable rules passed` +
        `${c.na ? ` (${c.na} did not apply)` : ''}.${c.fail ? ' Failed rules:' : ''}`,
    );
    lines.push(...failedRules(verdicts));
  }
  return lines;
}

/** The product-explanation result of spec §3: compliance on the advisor's product segments only. */
export function productReport(v: RunView, product: string): string[] {
  const lines: string[] = [];
  const diar = payloads(v, 'diarization')[0];
  if (diar)
    lines.push(
      `Diarization kept the advisor's speech: ${(diar.data.utterances as unknown[]).length} utterance(s) of ${(diar.data.speakers as string[]).join(' and ')}.`,
    );
  const seg = payloads(v, 'segmentation')[0];
  if (seg) {
    const labels = (seg.data.segments as Array<{ label: string }>).map((s) => s.label);
    lines.push(
      `Segmentation: ${labels.length} segment(s) (${[...new Set(labels)].join(', ')}); only product_detail and offer_explanation were checked.`,
    );
  }
  const verdicts = payloads(v, 'compliance').flatMap((p) => p.data.verdicts as Verdict[]);
  if (!verdicts.length) return [...lines, 'The run produced no compliance verdicts.'];
  const c = complianceCounts(verdicts);
  lines.push(
    `**Product explanation: ${c.pass} of ${c.pass + c.fail} applicable rules passed** ` +
      `(${c.na} did not apply to these segments).${c.fail ? ' Failed rules:' : ''}`,
  );
  lines.push(...failedRules(verdicts));
  const productRules = verdicts.filter((x) => x.rule.toLowerCase().includes(product.toLowerCase()));
  if (!productRules.length)
    lines.push(`The rule set has no rule specific to ${product}; the general product rules above are what applies to its explanation.`);
  else if (productRules.every((x) => x.verdict === 'not_applicable'))
    lines.push(`${product} was not discussed in this call, so its product-specific rules did not apply.`);
  else lines.push(`${product}-specific rules: ${productRules.map((x) => `${x.rule_id} ${x.verdict.replace('_', ' ')}`).join(', ')}.`);
  return lines;
}
