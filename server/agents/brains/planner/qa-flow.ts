import type { BrainDecision } from '../brain.ts';
import { bindingsOf, choiceNotes, discoverSkills, newMeta, validateAndSave } from './build-flow.ts';
import { composeAdviceCallAnalysis, SCORING_FORMULA } from './compose.ts';
import { MAX_STEPS_PER_TURN, type PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { describeRange, type PlannerRequest } from './intent.ts';
import { qaReport } from './report.ts';
import { runSaved, type RunTarget } from './run-flow.ts';
import { scaleToEveryCall } from './scale.ts';
import type { Role, SkillSummary } from './skills.ts';
import type { ClosestCandidate } from '../../../learning/closest.ts';
import { compareVersions } from '../../../../lib/semver.ts';

/**
 * Scenario 1 (spec §2): the advisor QA review. Turn 1 confirms the evaluation axes; on "yes" the
 * Planner looks for a saved workflow that covers them (reuse, spec: "a real planner reuses"), else
 * records the capability gap, discovers skills, composes, validates, saves, and runs a
 * single-call pilot; afterwards it can scale the pilot to the whole set.
 */
type QaRequest = Extract<PlannerRequest, { kind: 'qa_review' }>;

export const QA_QUERY = 'advice call analysis';
export const QA_CAPABILITIES = ['transcription', 'sentiment', 'compliance', 'scoring'];
const QA_ROLES = ['applications', 'recordings', 'transcription', 'sentiment', 'compliance', 'scoring'] as const satisfies readonly Role[];
/** The turn's tool-call plan and budget (tool-call-planning-drr.md): exploit what exists, explore skills only on a gap. */
export const PLAN_NOTE = `Plan (at most ${MAX_STEPS_PER_TURN} tool steps, greedy: reuse before building): search → closest workflow → [gap: store_memory → skill searches → reliability → validate → save] → health check → start → wait → report.`;
export const GAP_SUMMARY = 'Advice Call Analysis capability missing; need to orchestrate Salesforce lookup, recording fetch, transcription, sentiment, compliance, scoring.';

/** A find_closest_workflow candidate, as the tool returns it. */
export type Candidate = ClosestCandidate;

export const candidatesOf = (r: Record<string, unknown> | null | undefined): Candidate[] => (Array.isArray(r?.candidates) ? (r.candidates as Candidate[]) : []);

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
      `I can review the quality of advice calls: compliance with the standard script, customer sentiment and an overall QA score. ${QUESTION_MARKERS.ask_details} ${gaps.join(' and ')} I should look at?`,
      `Intent classification → advisor QA review, but the request lacks ${gaps.join(' and ')}. Ask before designing anything.`,
    );
  }
  return ctx.say(
    `Of course. To confirm: for ${req.advisor}'s calls ${describeRange(req.range!)}, ${QUESTION_MARKERS.confirm_axes}, assess customer sentiment, and produce an overall score?`,
    `Intent classification → advisor QA review (${req.advisor}, ${req.range!.start_date}…${req.range!.end_date}, from “${req.range!.phrase}” with today = ${ctx.today.toISOString().slice(0, 10)}). Required outcomes: compliance verdicts, sentiment, score per call. Clarify the evaluation axes and the scoring rubric before designing the workflow.`,
  );
}

/** The workflow to reuse for a pilot: covers every axis; the foundational one first (its refinements scale it up). */
export function coveringWorkflow(cands: Candidate[]): { pilot: Candidate | null; scale: Candidate | null } {
  const covering = latestVersions(cands.filter((c) => c.coverage === 1));
  const pilot = covering.find((c) => !c.derived_from) ?? covering[0] ?? null;
  const scale = pilot ? (covering.find((c) => c !== pilot && c.derived_from?.startsWith(`${pilot.workflow_id}@`)) ?? null) : null;
  return { pilot, scale };
}

function scaleOffer(scale: Candidate | null): string {
  return scale
    ? `If the pilot looks good, I can scale it to the whole set with «${scale.name}» v${scale.version}, a refinement of this workflow that analyses every call and scores them together. ${QUESTION_MARKERS.scale}`
    : `If the pilot looks good, I can build a refinement of this workflow that analyses every call and scores them together. ${QUESTION_MARKERS.scale}`;
}

/** After "yes" (spec §2.1 turn 4 → §2.2): reuse or build, then the pilot. */
export function qaWork(ctx: PlannerContext, req: QaRequest, healing: 'yes' | 'no' | null): BrainDecision {
  const search = ctx.find('search_embeddings', (a) => a.query === QA_QUERY);
  const closest = ctx.has('find_closest_workflow') ? ctx.find('find_closest_workflow', (a) => a.query === QA_QUERY) : null;
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!search) calls.push(['search_embeddings', { query: QA_QUERY, kinds: ['workflow'], limit: 5 }]);
  if (ctx.has('find_closest_workflow') && !closest) calls.push(['find_closest_workflow', { query: QA_QUERY, capabilities: QA_CAPABILITIES }]);
  if (calls.length) {
    return ctx.call(
      calls,
      `QA scorecard → ${SCORING_FORMULA}; standard script → the compliance rule set. Need skills: Salesforce lookup, recording retrieval, transcription, sentiment, compliance, scoring. ${PLAN_NOTE} First check the capability catalog for an existing workflow (search_embeddings(query="${QA_QUERY}")).`,
      `Great. I'll source ${req.advisor}'s recordings for ${req.range!.phrase}, transcribe them, analyse sentiment and compliance in parallel, and then compute the QA score with the existing QA scorecard. I'll run a single-call pilot first; if that looks good, I can scale to the whole set.`,
    );
  }
  if (!search!.ok) return ctx.failed(search!, 'search the workflow catalog');
  if (closest && !closest.ok) return ctx.failed(closest, 'rank the saved workflows');
  const { pilot, scale } = coveringWorkflow(candidatesOf(closest?.result));
  const base: Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro'> = { input: inputOf(req), purpose: 'the Advice Call Analysis', healing, report: qaReport };
  if (pilot) {
    return runSaved(ctx, {
      ...base,
      workflow_id: pilot.workflow_id,
      version: pilot.version,
      name: pilot.name,
      intro: [`An existing workflow already covers this, so I reused it instead of building a new one: «${pilot.name}» v${pilot.version} (${pilot.reason}).`],
      offer: scaleOffer(scale),
    });
  }
  return qaBuild(ctx, req, base);
}

/** Spec §2.2 steps 2–4 and §2.3: the capability gap, skill discovery, composition, validation, saving; then the pilot. */
function qaBuild(ctx: PlannerContext, req: QaRequest, base: Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro'>): BrainDecision {
  const hits = (ctx.find('search_embeddings', (a) => a.query === QA_QUERY)?.result?.hits as unknown[] | undefined)?.length ?? 0;
  const gap = ctx.find('store_memory', (a) => a.kind === 'capability_gap');
  if (!gap && ctx.has('store_memory')) {
    return ctx.call(
      [['store_memory', { kind: 'capability_gap', text: GAP_SUMMARY, tags: ['qa', 'advisor_quality', 'capability:new'], metadata: { type: 'capability_gap', summary: GAP_SUMMARY, intent: 'advisor QA review', advisor_name: req.advisor, start_date: req.range!.start_date, end_date: req.range!.end_date } }]],
      `search_embeddings(query="${QA_QUERY}") → ${hits ? `${hits} hit(s), none covering compliance, sentiment and scoring` : 'no existing capabilities found'}. This is a capability gap: record it, then construct a new workflow.`,
    );
  }
  const found = discoverSkills(ctx, [...QA_ROLES], 'Capability gap recorded; now find the component skills.');
  if (!found.done) return found.decision;
  const skills = Object.fromEntries(QA_ROLES.map((r) => [r, found.value.choices[r]!.chosen])) as Record<(typeof QA_ROLES)[number], SkillSummary>;
  const built = validateAndSave(ctx, 'Standard Advice Call Analysis', () => composeAdviceCallAnalysis(skills, found.value.skillset, newMeta(ctx)), {
    note: `Composed by the Planner for a QA review of ${req.advisor}'s calls (capability gap: ${GAP_SUMMARY})`,
    why: `Skills selected: ${QA_ROLES.map((r) => `${r} → ${skills[r].uri}`).join(', ')}. ${choiceNotes(found.value).join(' ')} Assemble them: Get Apps → Get Recordings → Transcribe → Parallel(sentiment, compliance) → Score.`,
  });
  if (!built.done) return built.decision;
  const s = built.value;
  const chain = bindingsOf(s.doc).map((b) => `${b.state} → ${b.skill.replace('skill://', '')}`).join(', ');
  return runSaved(ctx, {
    ...base,
    workflow_id: s.workflow_id,
    version: s.version,
    name: s.name,
    doc: s.doc,
    intro: [
      `No saved workflow covered this, so I recorded a capability gap and built one from the skills in the catalog: «${s.name}» v${s.version} (id \`${s.workflow_id}\`) — ${chain}, with sentiment and compliance in parallel and the existing QA scorecard (${SCORING_FORMULA}).`,
      ...choiceNotes(found.value),
      `It validated${s.warnings ? ` (${s.warnings} warning${s.warnings === 1 ? '' : 's'})` : ''} and is saved in the catalog, so it will be found next time.`,
    ],
    offer: scaleOffer(null),
  });
}

/** "Yes" to scaling (spec §2.1 turn 4: "if that looks good, I can scale to the whole set"): the refinement that exists, else one built from the pilot. */
export function qaScale(ctx: PlannerContext, req: QaRequest, healing: 'yes' | 'no' | null): BrainDecision {
  const closest = ctx.find('find_closest_workflow', (a) => a.query === QA_QUERY);
  const { scale } = coveringWorkflow(candidatesOf(closest?.result));
  const base = { input: inputOf(req), purpose: 'the Advice Call Analysis of every call', healing, report: qaReport, offer: null };
  const scope = `every call of ${req.advisor} ${describeRange(req.range!)}`;
  if (scale) return runSaved(ctx, { ...base, workflow_id: scale.workflow_id, version: scale.version, name: scale.name, intro: [`Scaling up: «${scale.name}» v${scale.version} runs the pilot's analysis on ${scope} and scores them together.`] });

  // No refinement for the whole set yet: build it from the pilot that ran.
  const offeredAt = [...(ctx.episode?.finals ?? [])].reverse().find((f) => f.kind === 'scale' && f.index < ctx.turnStart)?.index ?? ctx.turnStart;
  const pilotRun = ctx.all('start_workflow_run').filter((o) => o.index < offeredAt).at(-1);
  if (!pilotRun) return ctx.say('I have not run a pilot in this conversation yet, so there is nothing to scale.');
  const pilotKey = { workflow_id: String(pilotRun.args.workflow_id), version: String(pilotRun.args.version) };
  const read = ctx.find('get_saved_workflow', (a) => a.workflow_id === pilotKey.workflow_id && a.version === pilotKey.version);
  if (!read) return ctx.call([['get_saved_workflow', pilotKey]], `No saved workflow analyses every call: read the pilot ${pilotKey.workflow_id}@${pilotKey.version} to refine it (its per-call steps inside a Map over the recordings, then one score over all calls).`);
  if (!read.ok) return ctx.failed(read, 'read the pilot workflow');
  const pilot = read.result!.document as Record<string, unknown>;
  const name = `${String(pilot.workflow_name)} (all calls)`;
  const built = validateAndSave(ctx, name, () => scaleToEveryCall(pilot, newMeta(ctx)), {
    parent: { ...pilotKey, relation: 'REFINEMENT_OF' },
    note: `The pilot «${String(pilot.workflow_name)}» scaled to the whole set: its per-call analysis in a Map over the recordings, then one score over all calls.`,
    why: `Refine the pilot: a Map over the recordings runs its per-call steps; the scoring step is repeated over all the calls (the scorecard's "Several calls" rule).`,
  });
  if (!built.done) return built.decision;
  const s = built.value;
  return runSaved(ctx, {
    ...base,
    workflow_id: s.workflow_id,
    version: s.version,
    name: s.name,
    doc: s.doc,
    intro: [`Scaling up: I refined the pilot into «${s.name}» v${s.version} (id \`${s.workflow_id}\`, saved as a REFINEMENT_OF «${String(pilot.workflow_name)}» v${pilotKey.version}): its per-call analysis runs on ${scope} inside a Map, then one score over all the calls.`],
  });
}
