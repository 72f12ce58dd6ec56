import type { BrainDecision } from '../brain.ts';
import { thinNote } from '../thin-figures.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS, type ToolOutcome } from './conversation.ts';
import { failureReport, pilotScope, describeRecording, recoveries, runStatus, runViewOf, type RunView } from './report.ts';
import { percent } from './skills.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { notPublished, publishedLine, savedLifecycle, testRunLine } from './published.ts';

/**
 * Running a saved workflow version the way the spec's Planner does (§2.6, §4.4): a pre-flight
 * check_workflow_health; when a bound skill has become unreliable and a better alternative
 * exists, the proactive-healing question — on "yes" accept_workflow_update and run the new patch
 * version, on "no" run the version as it is —; then start_workflow_run, wait_for_workflow_run,
 * and the report.
 */
export interface RunTarget {
  workflow_id: string;
  version: string;
  name: string;
  /** The run input; keys the workflow's input schema does not declare are dropped. */
  input: Record<string, unknown>;
  /** "the Advice Call Analysis": what the healing message says is about to start. */
  purpose: string;
  /** The document, when the Planner has it (composed or read); else read with get_saved_workflow. */
  doc?: Record<string, unknown> | null;
  /** The user's answer to the healing question about this workflow, once asked. */
  healing: 'yes' | 'no' | null;
  /** Lines before the results (what was found or built). */
  intro: string[];
  /** The results the user asked for. */
  report: (view: RunView) => string[];
  /** A closing offer to scale the pilot to the whole set (made only when the run was a single-call pilot). */
  offer?: string | null;
  /**
   * The Planner saved this version itself in this conversation (issue 28): it is a draft, so it runs
   * only as a clearly marked test run. Otherwise the version's status is read first, and only a
   * published version runs.
   */
  built?: boolean;
}

const MAX_WAITS_PER_TURN = 3;
const WAIT_S = 120;

/**
 * The recording index a single-call pilot transcribes (`$.recordings.data.recordings[0].uri`), or null when it
 * analyses every call.
 */
export function pilotIndexOf(doc: Record<string, unknown> | null | undefined): number | null {
  const states = isRecord(doc?.asl) && isRecord(doc.asl.States) ? Object.values(doc.asl.States) : [];
  for (const s of states) {
    if (!isRecord(s) || !isRecord(s.Parameters)) continue;
    for (const v of Object.values(s.Parameters)) {
      const m = typeof v === 'string' ? v.match(/recordings[^[]*\[(\d+)\]/) : null;
      if (m) return Number(m[1]);
    }
  }
  return null;
}

/** The input restricted to what the workflow declares; the required properties it lacks. */
export function fitInput(
  doc: Record<string, unknown> | null | undefined,
  input: Record<string, unknown>,
): { input: Record<string, unknown>; missing: string[] } {
  const schema = isRecord(doc?.workflow_input_schema) ? doc.workflow_input_schema : null;
  if (!schema || !isRecord(schema.properties)) return { input, missing: [] };
  const props = schema.properties;
  const fitted = Object.fromEntries(Object.entries(input).filter(([k]) => k in props));
  const missing = (Array.isArray(schema.required) ? schema.required : []).filter(
    (r): r is string => typeof r === 'string' && !(r in fitted),
  );
  return { input: fitted, missing };
}

/** runSaved for a workflow the Planner just validated and saved (its document in hand). */
export function runBuilt(
  ctx: PlannerContext,
  base: Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro' | 'doc'>,
  s: { workflow_id: string; version: string; name: string; doc: Record<string, unknown> },
  intro: string[],
): BrainDecision {
  return runSaved(ctx, {
    ...base,
    workflow_id: s.workflow_id,
    version: s.version,
    name: s.name,
    doc: s.doc,
    intro,
    built: true,
  });
}

export function runSaved(ctx: PlannerContext, t: RunTarget): BrainDecision {
  const id = t.workflow_id;
  // 0. Pre-flight (spec §4.4 step 1): the document (to know the input and the pilot) and the health check.
  // The saved version is read unless the Planner just built it: its document, and its status (issue 28).
  const read = t.built
    ? null
    : ctx.has('get_saved_workflow')
      ? ctx.find('get_saved_workflow', (a) => a.workflow_id === id && a.version === t.version)
      : null;
  const health = ctx.has('check_workflow_health')
    ? ctx.find('check_workflow_health', (a) => a.workflow_id === id && a.version === t.version)
    : null;
  const pending: Array<[string, Record<string, unknown>]> = [];
  if (!t.built && ctx.has('get_saved_workflow') && !read) {
    pending.push(['get_saved_workflow', { workflow_id: id, version: t.version }]);
  }
  if (ctx.has('check_workflow_health') && !health) {
    pending.push(['check_workflow_health', { workflow_id: id, version: t.version }]);
  }
  if (pending.length) {
    return ctx.call(
      pending,
      `Pre-flight before running «${t.name}» v${t.version}: ${pending.map(([n]) => n).join(' and ')} — ` +
        'validate its skills against the knowledge graph for reliability before executing it.',
    );
  }
  if (read && !read.ok) return ctx.failed(read, `read the saved workflow «${t.name}»`);
  const doc = t.doc ?? (isRecord(read?.result?.document) ? read.result.document : null);
  const notes: string[] = [];
  const lifecycle = read?.ok ? savedLifecycle(read.result) : null;
  if (lifecycle && lifecycle.version_status !== 'published') return ctx.say(...notPublished(t, lifecycle));
  if (lifecycle) notes.push(publishedLine(t, lifecycle));
  let testRun = t.built === true;
  if (health && !health.ok) notes.push(`(I could not check the workflow's reliability first: ${health.error}.)`);

  // 1. Proactive healing.
  let version = t.version;
  let runDoc = doc;
  const h = health?.ok ? (health.result as unknown as HealthResult) : null;
  if (h && !h.healthy) {
    if (h.proposal) {
      if (t.healing === null) return askHealing(ctx, t, h);
      if (t.healing === 'yes') {
        const acc = ctx.find('accept_workflow_update', (a) => a.proposal_id === h.proposal!.proposal_id);
        if (!acc) {
          return ctx.call(
            [['accept_workflow_update', { proposal_id: h.proposal.proposal_id }]],
            `The user agreed: accept proposal ${h.proposal.proposal_id} (version ${h.proposal.new_version}), ` + 'then run it.',
          );
        }
        if (!acc.ok) return ctx.failed(acc, `save the improved version ${h.proposal.new_version}`);
        version = String(acc.result?.version ?? h.proposal.new_version);
        runDoc = isRecord(h.proposal.document) ? h.proposal.document : doc;
        testRun = true; // the accepted version is a draft this Planner saved: a test run until published
        notes.push(`I saved version ${version} of «${t.name}» (${swapText(h)}) and ran it.`);
      } else notes.push(`As you asked, I ran version ${version} as it is, without the proposed update.`);
    } else if (h.findings.length) {
      notes.push(
        `Note: ${h.findings
          .map((f) => `${f.skill} failed ${percent(f.failure_rate)} of its ${f.uses} recent uses`)
          .join('; ')} — above the ${percent(h.threshold)} threshold, ` +
          'but no more reliable alternative is known yet, so I ran it as it is.',
      );
    }
    for (const r of h.review_findings ?? []) {
      notes.push(
        `Note: QA reviewers overrode ${r.overridden} of ${r.decisions} reviewed outputs of ${r.skill} ` +
          `(${percent(r.override_rate)})${thinNote(r.decisions, 'decisions', 'a rate')}; treat its results with care until it is recalibrated.`,
      );
    }
  }

  // 2. Start the run.
  const fitted = fitInput(runDoc, t.input);
  if (fitted.missing.length) {
    return ctx.say(
      `«${t.name}» needs ${fitted.missing.join(', ')} as input, which I do not have for this request. ` +
        `Could you tell me ${fitted.missing.join(' and ')}?`,
    );
  }
  const sameInput = (a: Record<string, unknown>) => JSON.stringify(a.input) === JSON.stringify(fitted.input);
  let start = ctx.find('start_workflow_run', (a) => a.workflow_id === id && a.version === version && sameInput(a));
  if (start?.ok && endedBadlyBefore(ctx, start)) start = undefined; // "retry" after a failed run: a new run
  if (!start) {
    return ctx.call(
      [['start_workflow_run', { workflow_id: id, version, input: fitted.input, ...(testRun ? { test_run: true } : {}) }]],
      `Start «${t.name}» v${version} with ${JSON.stringify(fitted.input)}` +
        `${testRun ? ' as a test run (not published)' : ''}: ` +
        'the control plane, one worker per Task state, and the first notification.',
    );
  }
  if (testRun) notes.push(testRunLine(t, version));
  if (!start.ok) return ctx.failed(start, `start «${t.name}»`);
  const runId = String(start.result?.run_id);

  // 3. Wait for it.
  const waitTool = ctx.has('wait_for_workflow_run') ? 'wait_for_workflow_run' : 'get_workflow_run';
  const watches = watchesOf(ctx, start);
  const last = watches.at(-1);
  if (last && !last.ok && ctx.inTurn(last) && !(last.truncated && last.args.include_output)) {
    return ctx.failed(last, `follow run ${runId}`);
  }
  const view = last?.ok ? runViewOf(last.result) : null;
  if (!view || runStatus(view) === 'RUNNING') {
    const inTurn = watches.filter((o) => ctx.inTurn(o)).length;
    const limit = waitTool === 'wait_for_workflow_run' ? MAX_WAITS_PER_TURN : 1;
    if (inTurn < limit) {
      // A single-call pilot's output is small (the chat's QA card reads it); a Map run's is not: the
      // loop cuts tool returns at 50,000 characters, so it is left out and iterations summarised.
      const bounded = pilotIndexOf(runDoc) !== null && !watches.some((o) => o.truncated);
      const args =
        waitTool === 'wait_for_workflow_run'
          ? {
              run_id: runId,
              timeout_s: WAIT_S,
              include_events: false,
              include_entries: false,
              include_output: bounded,
              iteration_data: 'summary',
            }
          : { run_id: runId, include_events: false };
      return ctx.call(
        [[waitTool, args]],
        `Run ${runId} started; ` + `${waitTool === 'wait_for_workflow_run' ? `wait for it (up to ${WAIT_S} s)` : 'read its progress'}.`,
      );
    }
    return ctx.say(
      `Run ${runId} of «${t.name}» v${version} is still running. ` + 'Ask me for its status in a moment and I will report the results.',
      'The run has not finished within the waits of this turn.',
    );
  }
  return ctx.say(
    finalReport(t, version, runId, view, runDoc, notes),
    `Run ${runId} ended ${runStatus(view)}: report from its data-plane outputs.`,
  );
}

/** The readings (wait_for_workflow_run, get_workflow_run) of the run a start_workflow_run started, after it. */
function watchesOf(ctx: PlannerContext, start: ToolOutcome): ToolOutcome[] {
  const runId = String(start.result?.run_id);
  return ctx.outcomes.filter(
    (o) => (o.name === 'wait_for_workflow_run' || o.name === 'get_workflow_run') && o.args.run_id === runId && o.index > start.index,
  );
}

/** The run's latest reading, from an earlier turn, shows it ended without succeeding. */
function endedBadlyBefore(ctx: PlannerContext, start: ToolOutcome): boolean {
  const last = watchesOf(ctx, start)
    .filter((o) => o.ok)
    .at(-1);
  const view = last ? runViewOf(last.result) : null;
  return !!last && !ctx.inTurn(last) && !!view && !['RUNNING', 'SUCCEEDED'].includes(runStatus(view));
}

export interface HealthResult {
  healthy: boolean;
  threshold: number;
  version: string;
  findings: Array<{
    skill: string;
    states: string[];
    failure_rate: number;
    uses: number;
    alternative: { skill: string; failure_rate: number | null; uses: number } | null;
  }>;
  proposal: { proposal_id: string; new_version: string; reason: string; document: Record<string, unknown> } | null;
  review_findings?: Array<{ skill: string; decisions: number; overridden: number; override_rate: number }>;
}

const shortName = (uri: string) => uri.replace(/^skill:\/\//, '').replace(/@.*$/, '');

function swapText(h: HealthResult): string {
  return h.findings
    .filter((f) => f.alternative)
    .map((f) => `${f.states.join(', ')} now use${f.states.length > 1 ? '' : 's'} ` + `${f.alternative!.skill} instead of ${f.skill}`)
    .join('; ');
}

/** Spec §4.4 "[PLANNER AGENT]" message, as a question: the user decides whether the improved version runs. */
function askHealing(ctx: PlannerContext, t: RunTarget, h: HealthResult): BrainDecision {
  const swaps = h.findings.filter((f) => f.alternative);
  const rel = swaps.map((f) => ctx.find('get_skill_reliability', (a) => a.skill === f.skill));
  const missing = swaps.filter((_, i) => !rel[i]);
  if (missing.length && ctx.has('get_skill_reliability')) {
    return ctx.call(
      missing.map((f) => ['get_skill_reliability', { skill: f.skill }]),
      `Health check: ${h.proposal!.reason}. ` +
        `Query the knowledge graph for ${missing.map((f) => f.skill).join(', ')} (n_success, n_failures) ` +
        `before recommending version ${h.proposal!.new_version}.`,
    );
  }
  const capability = (i: number) => {
    const r = rel[i]?.result as { skills?: Array<{ capability: string | null }> } | undefined;
    return r?.skills?.[0]?.capability ?? 'this step';
  };
  const details = swaps.map((f, i) => {
    const alt = f.alternative!;
    return (
      `a tool I normally use for ${capability(i)} (${shortName(f.skill)}) has become less reliable recently: ` +
      `it failed ${percent(f.failure_rate)} of its last ${f.uses} uses, above the ${percent(h.threshold)} threshold, ` +
      `while the alternative ${shortName(alt.skill)} failed ${percent(alt.failure_rate ?? 0)} of ${alt.uses}`
    );
  });
  return ctx.say(
    [
      `I am ready to start ${t.purpose} with «${t.name}» v${h.version}. ` + `I've noticed that ${details.join('; and ')}.`,
      `I have prepared version ${h.proposal!.new_version} of the workflow, identical except that ${swapText(h)}, ` +
        `to ensure a smooth execution. ${QUESTION_MARKERS.healing} ` +
        `(If you prefer, say no and I will run version ${h.version} as it is.)`,
    ].join('\n\n'),
    `Proactive healing (spec §4.4): ${h.proposal!.reason}. ` +
      `Proposal ${h.proposal!.proposal_id} is pending; ask the user before accepting it.`,
  );
}

function finalReport(
  t: RunTarget,
  version: string,
  runId: string,
  view: RunView,
  doc: Record<string, unknown> | null | undefined,
  notes: string[],
): string {
  const lines = [...t.intro, ...notes];
  const status = runStatus(view);
  lines.push(`Run \`${runId}\` of «${t.name}» v${version}: **${status}**.`);
  if (status !== 'SUCCEEDED') {
    lines.push(failureReport(view), ...recoveries(view), QUESTION_MARKERS.error);
    return lines.join('\n\n');
  }
  const pilot = pilotIndexOf(doc);
  const scope = pilotScope(view, pilot);
  // A pilot over a period with one call has analysed the whole set: nothing is left to scale to.
  const wholeSet = scope.found.length === 1;
  if (pilot !== null && scope.analysed && wholeSet) {
    lines.push(`The period has one call — ${describeRecording(scope.analysed)} — and the workflow analysed it.`);
  } else if (pilot !== null && scope.analysed) {
    lines.push(
      `This was a single-call pilot: the workflow looks up all ${scope.found.length} calls in the period but transcribes ` +
        `and analyses only the ${pilot === 0 ? 'first' : `#${pilot + 1}`} one — ${describeRecording(scope.analysed)} — ` +
        'so you can check the result before scaling up.',
    );
  } else if (pilot !== null) {
    lines.push('No call recordings were found for this period, so there was nothing to analyse.');
  } else if (scope.found.length) {
    lines.push(
      wholeSet
        ? 'The run analysed the one call found in the period.'
        : `The run analysed all ${scope.found.length} calls found in the period.`,
    );
  }
  lines.push(t.report(view).join('\n'));
  const swaps = recoveries(view);
  if (swaps.length) lines.push(`During the run: ${swaps.join(' ')}`);
  if (t.offer && pilot !== null && scope.analysed && !wholeSet) lines.push(t.offer); // the offer is to scale a pilot
  return lines.join('\n\n');
}
