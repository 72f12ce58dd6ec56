import { readRuleSet } from '../analysis/rule-set.ts';
import type { BrainDecision } from '../brain.ts';
import { bindingsOf, choiceNotes, discoverSkills, newMeta, validateAndSave } from './build-flow.ts';
import { SCORING_FORMULA } from './compose.ts';
import {
  completeOutcomes,
  composedName,
  composeOutcomes,
  isDefault,
  outcomeLabel,
  outcomeSet,
  QA_DEFAULT_OUTCOMES,
  ROLE_OF,
  rolesFor,
} from './compose-outcomes.ts';
import { MAX_STEPS_PER_TURN, type PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import type { OutcomeChange } from '../../../../lib/nl/index.ts';
import type { DateRange } from '../../../../lib/relative-dates.ts';
import { describeRange, periodAfterNoun, periodWords } from './intent.ts';
import { ukDate, ukDayRange } from '../../../../lib/uk-time.ts';
import { qaReport } from './report.ts';
import { runBuilt, runSaved, type RunTarget } from './run-flow.ts';
import { scalePilot } from './scale-flow.ts';
import type { Role, SkillSummary } from './skills.ts';
import type { ClosestCandidate } from '../../../learning/closest.ts';
import { compareVersions } from '../../../../lib/semver.ts';
import { BUILD, FIND, RUN, type PlannerFlowEntry } from './flow-steps.ts';
import { andList } from '../../../../lib/list-words.ts';

/**
 * Scenario 1 (spec §2): the advisor QA review. Turn 1 confirms the evaluation axes; on "yes" the
 * Planner looks for a saved workflow that covers them (reuse, spec: "a real planner reuses"), else
 * records the capability gap, discovers skills, composes, validates, saves, and runs a
 * single-call pilot; afterwards it can scale the pilot to the whole set.
 */
/** One advisor's review, the advisor resolved against the CRM (or null: not named yet). */
export interface QaRequest {
  advisor: string | null;
  range: DateRange | null;
  outcomes?: OutcomeChange;
}

export const QA_QUERY = 'advice call analysis';
/** The capabilities of the standard QA workflow: the functions of its outcomes (lib/analysis/functions.ts `standard`). */
export const QA_CAPABILITIES: string[] = QA_DEFAULT_OUTCOMES.map((o) => ROLE_OF[o]);
/**
 * The turn's tool-call plan and budget (tool-call-planning-drr.md): exploit what exists, explore skills only on a gap.
 */
export const PLAN_NOTE =
  `Plan (at most ${MAX_STEPS_PER_TURN} tool steps, greedy: reuse before building): ` +
  'search → closest workflow → [gap: store_memory → skill searches → reliability → validate → save] ' +
  '→ health check → start → wait → report.';
export const GAP_SUMMARY =
  'Advice Call Analysis capability missing; ' +
  'need to orchestrate Salesforce lookup, recording fetch, transcription, sentiment, compliance, scoring.';

/** A find_closest_workflow candidate, as the tool returns it. */
export type Candidate = ClosestCandidate;

export const candidatesOf = (r: Record<string, unknown> | null | undefined): Candidate[] =>
  Array.isArray(r?.candidates) ? (r.candidates as Candidate[]) : [];

/** One candidate per workflow (its highest version), in rank order. */
export function latestVersions(cands: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of cands) {
    const b = best.get(c.workflow_id);
    if (!b || compareVersions(c.version, b.version) > 0) best.set(c.workflow_id, c);
  }
  return cands.filter((c) => best.get(c.workflow_id) === c);
}

export function inputOf(req: QaRequest): Record<string, unknown> {
  return { advisor_name: req.advisor, start_date: req.range!.start_date, end_date: req.range!.end_date };
}

/** Turn 1 (spec §2.1 turn 2): confirm the evaluation axes, naming the advisor and the resolved range. */
export function qaConfirm(ctx: PlannerContext, req: QaRequest): BrainDecision {
  const gaps = [!req.advisor ? "which advisor's calls" : null, !req.range ? 'which period (e.g. “last week”)' : null].filter(Boolean);
  if (gaps.length) {
    return ctx.say(
      'I can review the quality of advice calls: compliance with the standard script, customer sentiment ' +
        `and an overall QA score. ${QUESTION_MARKERS.ask_details} ${gaps.join(' and ')} I should look at?`,
      `Intent classification → advisor QA review, but the request lacks ${gaps.join(' and ')}. ` + 'Ask before designing anything.',
    );
  }
  const outcomes = outcomeSet(req.outcomes);
  if (!isDefault(outcomes)) {
    // The standard outcomes left out (the transcript is always produced).
    const left = QA_DEFAULT_OUTCOMES.filter((o) => o !== 'transcript' && !outcomes.includes(o)).map(outcomeLabel);
    return ctx.say(
      `Of course. ${QUESTION_MARKERS.confirm_axes} ${req.advisor}'s calls ` +
        `${describeRange(req.range!)}, should I produce ` +
        `${outcomes.map(outcomeLabel).join(', ')}${left.length ? ` — without the ${left.join(' or the ')}` : ''}? ` +
        'That changes the standard analysis, so I would compose a workflow for it from the skill catalog ' +
        'and show you the change.',
      `Intent classification → advisor QA review with outcomes ${outcomes.join(', ')} (not the standard set). ` +
        'Confirm before composing.',
    );
  }
  return ctx.say(
    `Of course. ${QUESTION_MARKERS.confirm_axes} ${req.advisor}'s calls ${describeRange(req.range!)}, ` +
      'should I check compliance with the standard script, assess customer sentiment, and produce an overall score?',
    `Intent classification → advisor QA review (${req.advisor}, ${ukDayRange(req.range!.start_date, req.range!.end_date)}, ` +
      `from “${periodWords(req.range!.phrase)}” with today = ${ukDate(ctx.today.toISOString())}). ` +
      'Required outcomes: compliance verdicts, sentiment, score per call. ' +
      'Clarify the evaluation axes and the scoring rubric before designing the workflow.',
  );
}

/** The workflow to reuse for a pilot: covers every axis; the foundational one first (its refinements scale it up). */
export function coveringWorkflow(cands: Candidate[]): { pilot: Candidate | null; scale: Candidate | null } {
  const covering = latestVersions(cands.filter((c) => c.coverage === 1));
  const pilot = covering.find((c) => !c.derived_from) ?? covering[0] ?? null;
  const scale = pilot ? (covering.find((c) => c !== pilot && c.derived_from?.startsWith(`${pilot.workflow_id}@`)) ?? null) : null;
  return { pilot, scale };
}

/**
 * What a covering workflow does of what was asked, in words ("all 4 parts you asked for: transcription,
 * sentiment, compliance and scoring"): the tool's `reason` ("has 4 of 4 requested (capability …);
 * search score 0.900") is for agents, and was quoted to the user as it was.
 */
function coverageWords(c: Candidate): string {
  const parts = c.covered.map((label) => label.replace(/^(capability|skill|state) /, ''));
  return parts.length > 1 ? `all ${parts.length} parts you asked for: ${andList(parts)}` : `what you asked for: ${andList(parts)}`;
}

function scaleOffer(scale: Candidate | null): string {
  return scale
    ? `If the pilot looks good, I can scale it to the whole set with «${scale.name}» v${scale.version}, ` +
        `a refinement of this workflow that analyses every call and scores them together. ${QUESTION_MARKERS.scale}`
    : 'If the pilot looks good, I can build a refinement of this workflow that analyses every call ' +
        `and scores them together. ${QUESTION_MARKERS.scale}`;
}

/** After "yes" (spec §2.1 turn 4 → §2.2): reuse or build, then the pilot. */
export function qaWork(ctx: PlannerContext, req: QaRequest, healing: 'yes' | 'no' | null): BrainDecision {
  const search = ctx.find('search_embeddings', (a) => a.query === QA_QUERY);
  const closest = ctx.has('find_closest_workflow') ? ctx.find('find_closest_workflow', (a) => a.query === QA_QUERY) : null;
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!search) calls.push(['search_embeddings', { query: QA_QUERY, kinds: ['workflow'], limit: 5 }]);
  if (ctx.has('find_closest_workflow') && !closest) {
    calls.push(['find_closest_workflow', { query: QA_QUERY, capabilities: QA_CAPABILITIES }]);
  }
  if (calls.length) {
    return ctx.call(
      calls,
      `QA scorecard → ${SCORING_FORMULA}; standard script → the compliance rule set. ` +
        'Need skills: Salesforce lookup, recording retrieval, transcription, sentiment, compliance, scoring. ' +
        `${PLAN_NOTE} First check the capability catalog for an existing workflow ` +
        `(search_embeddings(query="${QA_QUERY}")).`,
      `Great. I'll source ${req.advisor}'s recordings ${periodAfterNoun(req.range!.phrase)}, transcribe them, ` +
        'analyse sentiment and compliance in parallel, and then compute the QA score with the existing QA scorecard. ' +
        "I'll run a single-call pilot first; if that looks good, I can scale to the whole set.",
    );
  }
  if (!search!.ok) return ctx.failed(search!, 'search the workflow catalog');
  if (closest && !closest.ok) return ctx.failed(closest, 'rank the saved workflows');
  const { pilot, scale } = coveringWorkflow(candidatesOf(closest?.result));
  const base: Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro'> = {
    input: inputOf(req),
    purpose: 'the Advice Call Analysis',
    healing,
    report: qaReport,
  };
  const asked = outcomeSet(req.outcomes);
  if (!isDefault(asked)) {
    // A workflow composed earlier for the same outcomes is reused, not composed again.
    const same = latestVersions(candidatesOf(closest?.result)).find((c) => c.name === composedName(asked));
    if (!same) return qaBuild(ctx, req, base, pilot);
    return runSaved(ctx, {
      ...base,
      workflow_id: same.workflow_id,
      version: same.version,
      name: same.name,
      intro: [`«${same.name}» v${same.version} already produces what you asked for, so I reused it.`],
      offer: asked.includes('score') ? scaleOffer(null) : null,
    });
  }
  if (pilot) {
    return runSaved(ctx, {
      ...base,
      workflow_id: pilot.workflow_id,
      version: pilot.version,
      name: pilot.name,
      intro: [
        'An existing workflow already covers this, so I reused it instead of building a new one: ' +
          `«${pilot.name}» v${pilot.version}, which does ${coverageWords(pilot)}.`,
      ],
      offer: scaleOffer(scale),
    });
  }
  return qaBuild(ctx, req, base);
}

/**
 * Spec §2.2 steps 2–4 and §2.3: the capability gap, skill discovery, composition from the asked
 * outcomes, validation, saving; then the pilot. With a covering workflow already saved (the user
 * asked for more or less than it does), no gap is recorded: the composition is saved as its
 * REFINEMENT_OF, so the chat shows the change against it.
 */
function qaBuild(
  ctx: PlannerContext,
  req: QaRequest,
  base: Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro'>,
  parent: Candidate | null = null,
): BrainDecision {
  const hits = (ctx.find('search_embeddings', (a) => a.query === QA_QUERY)?.result?.hits as unknown[] | undefined)?.length ?? 0;
  const gap = ctx.find('store_memory', (a) => a.kind === 'capability_gap');
  if (!parent && !gap && ctx.has('store_memory')) {
    return ctx.call(
      [
        [
          'store_memory',
          {
            kind: 'capability_gap',
            text: GAP_SUMMARY,
            tags: ['qa', 'advisor_quality', 'capability:new'],
            metadata: {
              type: 'capability_gap',
              summary: GAP_SUMMARY,
              intent: 'advisor QA review',
              advisor_name: req.advisor,
              start_date: req.range!.start_date,
              end_date: req.range!.end_date,
            },
          },
        ],
      ],
      `search_embeddings(query="${QA_QUERY}") → ` +
        `${hits ? `${hits} hit(s), none covering compliance, sentiment and scoring` : 'no existing capabilities found'}. ` +
        'This is a capability gap: record it, then construct a new workflow.',
    );
  }
  const asked = outcomeSet(req.outcomes);
  const why = parent
    ? `The user asked for ${asked.join(', ')}: compose it from skills as a refinement of «${parent.name}».`
    : 'Capability gap recorded; now find the component skills.';
  const first = discoverSkills(ctx, rolesFor(asked), why);
  if (!first.done) return first.decision;
  const completed = completeOutcomes(asked, (o) => first.value.choices[ROLE_OF[o]]?.chosen);
  const found = completed.added.length
    ? discoverSkills(ctx, rolesFor(completed.outcomes), 'The chosen skills need more inputs: find their producers too.')
    : first;
  if (!found.done) return found.decision;
  const outcomes = completed.outcomes;
  const kept = completed.added.map((a) => `the ${outcomeLabel(a.for)} needs the ${outcomeLabel(a.outcome)}, so I kept it`);
  if (parent && isDefault(outcomes)) {
    // What the skills need brought the request back to the standard analysis: run it, compose nothing.
    return runSaved(ctx, {
      ...base,
      workflow_id: parent.workflow_id,
      version: parent.version,
      name: parent.name,
      intro: [
        `${kept.join('; ')} — which is exactly what «${parent.name}» v${parent.version} does, so I ran it.`.replace(/^./, (c) =>
          c.toUpperCase(),
        ),
      ],
      offer: scaleOffer(null),
    });
  }
  const roles = rolesFor(outcomes);
  const skills = Object.fromEntries(roles.map((r) => [r, found.value.choices[r]!.chosen])) as Partial<Record<Role, SkillSummary>>;
  const name = composedName(outcomes);
  // Labelled segments use the lender's rule set's own labels (describe_rule_set), never a list in code.
  const described = outcomes.includes('segments') ? readRuleSet(ctx, "label the calls' segments") : null;
  if (described && !described.done) return described.decision;
  const taxonomy = described?.value.labels;
  const built = validateAndSave(ctx, name, () => composeOutcomes(outcomes, skills, found.value.skillset, newMeta(ctx), taxonomy), {
    ...(parent ? { parent: { workflow_id: parent.workflow_id, version: parent.version, relation: 'REFINEMENT_OF' as const } } : {}),
    note: parent
      ? `Composed by the Planner from the outcomes asked for (${outcomes.join(', ')}), ` + `as a refinement of «${parent.name}».`
      : `Composed by the Planner for a QA review of ${req.advisor}'s calls (capability gap: ${GAP_SUMMARY})`,
    why: `Skills selected: ${roles.map((r) => `${r} → ${skills[r]!.uri}`).join(', ')}. ` + `${choiceNotes(found.value).join(' ')}`,
  });
  if (!built.done) return built.decision;
  const s = built.value;
  const chain = bindingsOf(s.doc)
    .map((b) => `${b.state} → ${b.skill.replace('skill://', '')}`)
    .join(', ');
  const intro = parent
    ? [
        `You asked for ${outcomes.map(outcomeLabel).join(', ')}, ` +
          `which is not what «${parent.name}» v${parent.version} does, ` +
          `so I composed «${s.name}» v${s.version} (id \`${s.workflow_id}\`) ` +
          `from the skill catalog — ${chain} — ` +
          `and saved it as a REFINEMENT_OF «${parent.name}»; ` +
          'the change against it is shown in the chat and opens in the editor.',
      ]
    : [
        'No saved workflow covered this, so I recorded a capability gap and built one from the skills in the catalog: ' +
          `«${s.name}» v${s.version} (id \`${s.workflow_id}\`) — ${chain}` +
          `${
            outcomes.includes('score') && outcomes.includes('sentiment') && outcomes.includes('compliance')
              ? `, with sentiment and compliance in parallel and the existing QA scorecard (${SCORING_FORMULA})`
              : ''
          }.`,
      ];
  return runBuilt(ctx, { ...base, offer: outcomes.includes('score') ? scaleOffer(null) : null }, s, [
    ...intro,
    ...(kept.length ? [`(${kept.join('; ')}.)`] : []),
    ...choiceNotes(found.value),
    `It validated${s.warnings ? ` (${s.warnings} warning${s.warnings === 1 ? '' : 's'})` : ''} ` +
      'and is saved in the catalog, so it will be found next time.',
  ]);
}

/**
 * "Yes" to scaling (spec §2.1 turn 4: "if that looks good, I can scale to the whole set"):
 * the refinement that exists, else one built from the pilot.
 */
export function qaScale(ctx: PlannerContext, req: QaRequest, healing: 'yes' | 'no' | null): BrainDecision {
  const closest = ctx.find('find_closest_workflow', (a) => a.query === QA_QUERY);
  // The catalog's "all calls" refinement is of the standard analysis; other outcomes scale their own pilot.
  const { scale } = isDefault(outcomeSet(req.outcomes)) ? coveringWorkflow(candidatesOf(closest?.result)) : { scale: null };
  const base = {
    input: inputOf(req),
    purpose: 'the Advice Call Analysis of every call',
    healing,
    report: qaReport,
    offer: null,
  };
  const scope = `every call of ${req.advisor} ${describeRange(req.range!)}`;
  if (scale) {
    return runSaved(ctx, {
      ...base,
      workflow_id: scale.workflow_id,
      version: scale.version,
      name: scale.name,
      intro: [`Scaling up: «${scale.name}» v${scale.version} runs the pilot's analysis on ${scope} ` + 'and scores them together.'],
    });
  }

  return scalePilot(ctx, base, scope);
}

/** Flow `qa_work` (entered by reviewWork after "yes" for one advisor): reuse a covering workflow, else build one, then the pilot. */
export const QA_WORK_FLOW: PlannerFlowEntry = {
  forecast: [...FIND('the advice-call review'), ...BUILD, ...RUN],
};

/** Flow `qa_scale` (entered by reviewWork on "yes" to the scale offer): the pilot scaled to every call of the period. */
export const QA_SCALE_FLOW: PlannerFlowEntry = {
  forecast: [
    { tool: 'get_saved_workflow', why: 'Read the pilot workflow, to scale it to every call of the period.' },
    ...BUILD.slice(3).map((s) => ({ ...s, when: undefined })),
    ...RUN.slice(2),
  ],
};
