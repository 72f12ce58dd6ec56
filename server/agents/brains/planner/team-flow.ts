import type { OutcomeChange } from '../../../../lib/nl/index.ts';
import type { DateRange } from '../../../../lib/relative-dates.ts';
import { notPublished, savedLifecycle, testRunLine } from './published.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import type { BrainDecision } from '../brain.ts';
import { newMeta, validateAndSave } from './build-flow.ts';
import { callsSaid, type CallCount } from './checks.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { describeRange } from './intent.ts';
import { thinFootnote, thinNote } from '../thin-figures.ts';
import { candidatesOf, coveringWorkflow, QA_CAPABILITIES, QA_QUERY } from './qa-flow.ts';
import { meanCell, queueLink, scoreOf } from './qa-links.ts';
import type { Group } from './insight-flow.ts';
import type { Who } from './resolve.ts';
import { fitInput, type HealthResult } from './run-flow.ts';
import { percent } from './skills.ts';
import { runStatus, runViewOf } from './report.ts';
import { scaleToEveryCall } from './scale.ts';
import { FIND, RUN, STORED, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * A QA review of several advisors, a team or everyone over a period (issue 15): every call of each
 * advisor, one run per advisor of the catalog's "all calls" workflow (the refinement of the
 * covering analysis; built from it and saved as REFINEMENT_OF when the catalog has only the pilot),
 * started together and waited for, then one table from the stored QA results
 * (summarise_qa_results by advisor) — the same numbers the QA queue shows, with a link to it.
 * Advisors with no calls in the period are named and skipped; nothing runs for them.
 */
export interface TeamTarget {
  who: Who;
  range: DateRange;
  calls: CallCount;
  outcomes: OutcomeChange;
  /** "the Home Finance North team", "Alex Wong and Priya Shah". */
  name: string;
}

const MAX_WAIT_ROUNDS = 3;
const WAIT_S = 120;

const withCalls = (t: TeamTarget) => t.who.advisors.filter((a) => (t.calls.by_advisor.find((b) => b.name === a)?.calls ?? 0) > 0);
const without = (t: TeamTarget) => t.who.advisors.filter((a) => !withCalls(t).includes(a));

export function teamConfirm(ctx: PlannerContext, t: TeamTarget): BrainDecision {
  const active = withCalls(t);
  const skipped = without(t);
  const people = t.who.team || t.who.everyone ? ` (${active.join(', ')})` : '';
  return ctx.say(
    [
      `Of course. ${QUESTION_MARKERS.confirm_axes} ${t.name}${people} — ${callsSaid(t.calls, t.range)} — ` +
        'should I check compliance with the standard script, ' +
        'assess customer sentiment, and produce an overall score for every call?',
      `I would run the analysis once per advisor (${active.length} run${active.length === 1 ? '' : 's'}, ` +
        'side by side) and compare them in one table.',
      skipped.length ? `${skipped.join(', ')} had no calls in that period, so I would leave them out.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    `Intent → QA review of ${t.name}: ${active.length} advisors with calls, ${t.calls.calls} calls (count_calls). ` +
      'Confirm before running.',
  );
}

/** The "all calls" workflow to run for each advisor: found, or built from the covering pilot. */
function wholeSetWorkflow(
  ctx: PlannerContext,
): { done: true; id: string; version: string; name: string; note: string | null } | { done: false; decision: BrainDecision } {
  const search = ctx.find('search_embeddings', (a) => a.query === QA_QUERY);
  const closest = ctx.find('find_closest_workflow', (a) => a.query === QA_QUERY);
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!search) calls.push(['search_embeddings', { query: QA_QUERY, kinds: ['workflow'], limit: 5 }]);
  if (!closest) calls.push(['find_closest_workflow', { query: QA_QUERY, capabilities: QA_CAPABILITIES }]);
  if (calls.length) {
    return {
      done: false,
      decision: ctx.call(calls, 'Find the saved workflow that analyses every call of an advisor (reuse before building).'),
    };
  }
  if (!search!.ok) return { done: false, decision: ctx.failed(search!, 'search the workflow catalog') };
  if (!closest!.ok) return { done: false, decision: ctx.failed(closest!, 'rank the saved workflows') };
  const { pilot, scale } = coveringWorkflow(candidatesOf(closest!.result));
  if (scale) return { done: true, id: scale.workflow_id, version: scale.version, name: scale.name, note: null };
  if (!pilot) {
    return {
      done: false,
      decision: ctx.say(
        "No saved workflow analyses advisors' calls yet. " +
          "Ask me for one advisor's review first (e.g. “check Alex Wong's calls last week”): " +
          'I will build the analysis from the skill catalog, run a pilot, and then I can run it for the whole team.',
        'No covering workflow to scale: building one needs a pilot first.',
      ),
    };
  }
  const read = ctx.find('get_saved_workflow', (a) => a.workflow_id === pilot.workflow_id && a.version === pilot.version);
  if (!read) {
    return {
      done: false,
      decision: ctx.call(
        [['get_saved_workflow', { workflow_id: pilot.workflow_id, version: pilot.version }]],
        `Only the pilot «${pilot.name}» exists: read it to scale it to every call.`,
      ),
    };
  }
  if (!read.ok) return { done: false, decision: ctx.failed(read, `read «${pilot.name}»`) };
  const doc = read.result!.document as Record<string, unknown>;
  const built = validateAndSave(ctx, `${String(doc.workflow_name)} (all calls)`, () => scaleToEveryCall(doc, newMeta(ctx)), {
    parent: { workflow_id: pilot.workflow_id, version: pilot.version, relation: 'REFINEMENT_OF' },
    note: `The pilot «${pilot.name}» scaled to every call, for a team review.`,
    why: 'A team review analyses every call: refine the pilot into a Map over the recordings.',
  });
  if (!built.done) return built;
  const s = built.value;
  return {
    done: true,
    id: s.workflow_id,
    version: s.version,
    name: s.name,
    note: `I built «${s.name}» v${s.version} from «${pilot.name}» (saved as its REFINEMENT_OF) ` + 'so every call is analysed.',
  };
}

export function teamWork(ctx: PlannerContext, t: TeamTarget): BrainDecision {
  const wf = wholeSetWorkflow(ctx);
  if (!wf.done) return wf.decision;
  const health = ctx.find('check_workflow_health', (a) => a.workflow_id === wf.id && a.version === wf.version);
  const read = ctx.find('get_saved_workflow', (a) => a.workflow_id === wf.id && a.version === wf.version);
  const pre: Array<[string, Record<string, unknown>]> = [];
  if (!read) pre.push(['get_saved_workflow', { workflow_id: wf.id, version: wf.version }]);
  if (ctx.has('check_workflow_health') && !health) {
    pre.push(['check_workflow_health', { workflow_id: wf.id, version: wf.version }]);
  }
  if (pre.length) {
    return ctx.call(pre, `Pre-flight for «${wf.name}» v${wf.version}: its input schema and the reliability of its skills.`);
  }
  if (!read!.ok) return ctx.failed(read!, `read «${wf.name}»`);
  const doc = isRecord(read!.result?.document) ? read!.result.document : null;
  // Issue 28: a found workflow runs only when published; one built just now (a draft) only as a test run.
  const builtHere = wf.note !== null;
  const lifecycle = savedLifecycle(read!.result);
  if (lifecycle && lifecycle.version_status !== 'published' && !builtHere) {
    return ctx.say(...notPublished({ name: wf.name, version: wf.version }, lifecycle));
  }
  const testRun = builtHere ? { test_run: true } : {};
  const told = { ...wf, note: builtHere ? `${wf.note} ${testRunLine(wf, wf.version)}` : wf.note };

  const advisors = withCalls(t);
  const inputOf = (advisor: string) => fitInput(doc, { advisor_name: advisor, start_date: t.range.start_date, end_date: t.range.end_date });
  const missing = inputOf(advisors[0]!).missing;
  if (missing.length) {
    return ctx.say(`«${wf.name}» needs ${missing.join(', ')} as input, which I do not have for this request.`);
  }
  const starts = advisors.map((a) => ({
    advisor: a,
    input: inputOf(a).input,
    o: ctx.find(
      'start_workflow_run',
      (x) => x.workflow_id === wf.id && x.version === wf.version && JSON.stringify(x.input) === JSON.stringify(inputOf(a).input),
    ),
  }));
  const toStart = starts.filter((s) => !s.o);
  if (toStart.length) {
    return ctx.call(
      toStart.map((s) => ['start_workflow_run', { workflow_id: wf.id, version: wf.version, input: s.input, ...testRun }]),
      `Start «${wf.name}» v${wf.version} once per advisor: ${toStart.map((s) => s.advisor).join(', ')}.`,
    );
  }
  const failedStart = starts.find((s) => !s.o!.ok);
  if (failedStart) return ctx.failed(failedStart.o!, `start the run for ${failedStart.advisor}`);

  const runs = starts.map((s) => {
    const id = String(s.o!.result?.run_id);
    const reads = ctx.outcomes.filter((o) => o.name === 'wait_for_workflow_run' && o.args.run_id === id && o.index > s.o!.index && o.ok);
    const view = reads.length ? runViewOf(reads.at(-1)!.result) : null;
    return {
      advisor: s.advisor,
      id,
      status: view ? runStatus(view) : 'RUNNING',
      error: view ? [view.run.error, view.run.cause].filter(Boolean).join(': ') : '',
    };
  });
  const open = runs.filter((r) => r.status === 'RUNNING' || r.status === 'PENDING');
  if (open.length) {
    const rounds = ctx.outcomes.filter((o) => o.name === 'wait_for_workflow_run' && ctx.inTurn(o)).length / Math.max(1, open.length);
    if (rounds < MAX_WAIT_ROUNDS) {
      return ctx.call(
        open.map((r) => [
          'wait_for_workflow_run',
          {
            run_id: r.id,
            timeout_s: WAIT_S,
            include_events: false,
            include_entries: false,
            include_output: false,
            iteration_data: 'summary',
          },
        ]),
        `Wait for the ${open.length} run${open.length === 1 ? '' : 's'} still going.`,
      );
    }
    return ctx.say(
      `${runs.length - open.length} of ${runs.length} runs have finished; ` +
        `${open.map((r) => r.advisor).join(', ')} ${open.length === 1 ? 'is' : 'are'} still running. ` +
        'Ask me for the status in a moment and I will report the results.',
    );
  }
  return teamReport(ctx, t, told, runs, healthNote(health?.ok ? (health.result as unknown as HealthResult) : null));
}

/** What the pre-flight check found, said with the results (a team review does not stop to ask about it). */
function healthNote(h: HealthResult | null): string | null {
  if (!h || h.healthy || !h.findings.length) return null;
  const found = h.findings.map((f) => `${f.skill} failed ${percent(f.failure_rate)} of its last ${f.uses} uses`).join('; ');
  const offer = h.proposal
    ? ` Version ${h.proposal.new_version} with a more reliable alternative is ready: a single advisor's review offers it.`
    : '';
  return `Note from the check before running: ${found} (above the ${percent(h.threshold)} threshold).${offer}`;
}

function teamReport(
  ctx: PlannerContext,
  t: TeamTarget,
  wf: { id: string; version: string; name: string; note: string | null },
  runs: Array<{ advisor: string; id: string; status: string; error: string }>,
  health: string | null,
): BrainDecision {
  const filter = { from: t.range.start_date, to: t.range.end_date, ...(t.who.team ? { team: t.who.team } : {}) };
  // Only a summary read after the runs ended counts (an earlier one, e.g. the ranking that offered
  // these runs, does not hold their results).
  const ids = new Set(runs.map((r) => r.id));
  const ended = Math.max(
    -1,
    ...ctx.outcomes.filter((o) => o.name === 'wait_for_workflow_run' && ids.has(String(o.args.run_id))).map((o) => o.index),
  );
  const summary = [...ctx.outcomes]
    .reverse()
    .find(
      (o) =>
        o.name === 'summarise_qa_results' &&
        o.index > ended &&
        (o.ok || ctx.inTurn(o)) &&
        o.args.group_by === 'advisor' &&
        JSON.stringify(o.args.filter) === JSON.stringify(filter),
    );
  if (!summary) {
    return ctx.call(
      [['summarise_qa_results', { filter, group_by: 'advisor', order: 'mean_score_asc' }]],
      'All runs ended: read the stored QA results per advisor for the table.',
    );
  }
  if (!summary.ok) return ctx.failed(summary, 'read the QA results');
  const groups = ((summary.result?.groups ?? []) as Group[]).filter((g) => t.who.advisors.includes(g.label ?? g.key));
  const lines = [wf.note ?? `I ran «${wf.name}» v${wf.version} for each advisor, on every call ${describeRange(t.range)}.`];
  if (health) lines.push(health);
  // The runs analysed the calls of the applications opened in the period; the table counts by call date, as the dashboard.
  if (t.calls.recorded_in_period !== undefined && t.calls.recorded_in_period !== t.calls.calls) {
    lines.push(
      `The runs analysed the ${callsSaid(t.calls, t.range)}; the table below counts calls by their call date ${describeRange(t.range)}, ` +
        'as the dashboard and the QA queue do, so a call recorded outside the period is counted under its own date.',
    );
  }
  const failed = runs.filter((r) => r.status !== 'SUCCEEDED');
  if (failed.length) {
    lines.push(
      `Not finished: ${failed.map((r) => `${r.advisor} — run \`${r.id}\` ${r.status}${r.error ? ` (${r.error})` : ''}`).join('; ')}.`,
    );
  }
  lines.push(
    [
      '| Advisor | Calls analysed | Mean QA score | Lowest call | Failed a mandatory rule | Vulnerable customer |',
      '|---|---|---|---|---|---|',
      ...groups.map(
        (g) =>
          `| ${g.label ?? g.key} | ${g.scored} of ${g.calls} | ${meanCell(g.mean_score, g.scored)} ` +
          `| ${scoreOf(g.min_score)} | ${g.failed_mandatory} | ${g.vulnerable} |`,
      ),
    ].join('\n'),
  );
  const weakest = groups.filter((g) => g.mean_score !== null).sort((a, b) => a.mean_score! - b.mean_score!)[0];
  if (weakest && groups.length > 1) {
    lines.push(
      `Lowest mean score: ${weakest.label ?? weakest.key} ` +
        `(${scoreOf(weakest.mean_score)} over ${weakest.scored} call${weakest.scored === 1 ? '' : 's'})` +
        `${thinNote(weakest.scored, 'calls', 'a ranking')}.`,
    );
  }
  const footnote = thinFootnote(
    groups.filter((g) => g.mean_score !== null).map((g) => g.scored),
    'scored calls',
  );
  if (footnote) lines.push(footnote);
  const skipped = without(t);
  if (skipped.length) lines.push(`${skipped.join(', ')} had no calls ${describeRange(t.range)}.`);
  lines.push(
    `Runs: ${runs.map((r) => `${r.advisor} \`${r.id}\` ${r.status}`).join('; ')}. ` +
      'The figures are the stored QA results; ' +
      `${queueLink(filter, 'open these calls in the QA queue')} to review them.`,
  );
  return ctx.say(lines.join('\n\n'), 'Report the team review from the stored QA results.');
}

/** Flow `team_work` (entered by reviewWork and scheduledReview): the "all calls" workflow per advisor, one table of results. */
export const TEAM_WORK_FLOW: PlannerFlowEntry = {
  forecast: [...FIND('the advice-call review'), ...RUN, STORED("one table of the advisors' results")],
};
