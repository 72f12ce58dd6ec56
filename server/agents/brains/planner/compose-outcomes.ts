import type { Outcome, OutcomeChange } from '../../../../lib/nl/index.ts';
import {
  ANALYSIS_PIPELINE,
  INTAKE_ROLES,
  OUTCOME_ORDER,
  STANDARD_OUTCOMES,
  stepOfOutcome,
  type AnalysisStep,
  type PipelineInputs,
} from '../../../../lib/analysis/index.ts';
import { chain, inputSchema, intakePlans, RULE_SET_PATH, skillImports, taskState, type Composed, type Meta } from './compose.ts';
import type { Role, SkillSummary, Skillset } from './skills.ts';

/**
 * Composition from what is asked (issue 15): the outcomes a user wants of their calls —
 * transcripts, speaker turns, segments, sentiment, compliance verdicts, scores — mapped to the
 * functions that produce them (ROLE_OF), whose skills come from the catalog (search and
 * reliability, build-flow.ts discoverSkills); the states are chained by what each consumes.
 *
 * Dependencies come from the skills themselves: an outcome whose chosen skill REQUIRES an input
 * that another outcome produces (the scorecard's `sentiment_report` and `compliance_verdicts`)
 * brings that outcome back in, and the Planner says so ("the scorecard needs sentiment, so I kept
 * it"). Everything composed is validated with validate_workflow before it is saved or run.
 */
export const QA_DEFAULT_OUTCOMES: Outcome[] = STANDARD_OUTCOMES;

/** The Parallel state of a group's steps in a composed workflow, and where it keeps their results. */
const PARALLEL_STATE = 'ParallelAnalysis';
const PARALLEL_RESULT = 'analysis';

/** The function (role) that produces each outcome (lib/analysis/functions.ts). */
export const ROLE_OF = Object.fromEntries(OUTCOME_ORDER.map((o) => [o, stepOfOutcome(o).role])) as Record<Outcome, Role>;

export const outcomeLabel = (o: Outcome) => stepOfOutcome(o).label;

/** The default outcomes with the user's change applied; the transcript is always produced (everything reads it). */
export function outcomeSet(change: OutcomeChange | undefined, defaults: Outcome[] = QA_DEFAULT_OUTCOMES): Outcome[] {
  let set = change?.only ? [...change.only] : [...defaults.filter((o) => !change?.remove.includes(o)), ...(change?.add ?? [])];
  set = [...new Set(['transcript' as Outcome, ...set])];
  return OUTCOME_ORDER.filter((o) => set.includes(o));
}

export const isDefault = (outcomes: Outcome[]) =>
  outcomes.length === QA_DEFAULT_OUTCOMES.length && QA_DEFAULT_OUTCOMES.every((o) => outcomes.includes(o));

/** The functions (roles) the outcomes need: the intake, then one per outcome. */
export const rolesFor = (outcomes: Outcome[]): Role[] => [...INTAKE_ROLES, ...outcomes.map((o) => ROLE_OF[o])];

/**
 * The outcomes completed with what the chosen skills require: `added` says which outcome was
 * brought back for which (e.g. sentiment for the score).
 */
export function completeOutcomes(
  outcomes: Outcome[],
  skillOf: (o: Outcome) => SkillSummary | undefined,
): { outcomes: Outcome[]; added: Array<{ outcome: Outcome; for: Outcome }> } {
  const added: Array<{ outcome: Outcome; for: Outcome }> = [];
  const set = new Set(outcomes);
  for (const o of outcomes) {
    const skill = skillOf(o);
    for (const need of stepOfOutcome(o).consumes ?? []) {
      if (set.has(need.outcome)) continue;
      const required = skill?.tools.some((t) => t.required.some((r) => need.match.test(r))) ?? true;
      if (required) {
        set.add(need.outcome);
        added.push({ outcome: need.outcome, for: o });
      }
    }
  }
  return { outcomes: OUTCOME_ORDER.filter((o) => set.has(o)), added };
}

export function composedName(outcomes: Outcome[]): string {
  if (isDefault(outcomes)) return 'Standard Advice Call Analysis';
  return (
    'Advice Call Analysis ' +
    `(${
      outcomes
        .filter((o) => o !== 'transcript')
        .map(outcomeLabel)
        .join(', ') || 'transcripts only'
    })`
  );
}

type Skills = Partial<Record<Role, SkillSummary>>;
type State = Record<string, unknown>;
type Made = { ok: true; state: State } | { ok: false; error: string };

/** A pipeline step's Task state (its End set; the chain sets Next). */
function task(step: AnalysisStep, inputs: PipelineInputs, skills: Skills): Made {
  const skill = skills[step.role];
  if (!skill) return { ok: false, error: `no skill found for ${step.role}` };
  const plan = { name: step.state, role: step.role, comment: step.comment, bindings: step.bind(inputs), resultPath: `$.${step.result}` };
  return taskState(plan, skill, null);
}

/**
 * A workflow that produces `outcomes` for one advisor's calls in a period (a single-call pilot, like
 * the standard one): the intake, then each asked-for step of the analysis pipeline in its order
 * (lib/analysis/functions.ts), the steps of a group side by side in one Parallel state when more than one
 * of them runs. `taxonomy`: the segment labels of the lender's rule set (describe_rule_set), needed
 * when the segments are asked for.
 */
export function composeOutcomes(outcomes: Outcome[], skills: Skills, skillset: Skillset, meta: Meta, taxonomy?: string[]): Composed {
  if (outcomes.includes('segments') && !taxonomy?.length)
    return { ok: false, error: "the segments need a taxonomy, and the lender's rule set gives no segment labels" };
  const intakeDone = new Set<Outcome>(['transcript']);
  const steps = ANALYSIS_PIPELINE.filter((s) => s.outcome && !intakeDone.has(s.outcome) && outcomes.includes(s.outcome));
  const grouped = steps.filter((s) => s.group);
  const parallel = grouped.length > 1;
  const inputs: PipelineInputs = {
    start: '$.start_date',
    end: '$.end_date',
    applicationIds: '$.applications.data.ids',
    recordingUri: '$.recordings.data.recordings[0].uri',
    text: `$.${stepOfOutcome('transcript').result}.data.text`,
    ruleSet: RULE_SET_PATH,
    taxonomy,
    resultOf: (o) => {
      const step = stepOfOutcome(o);
      return parallel && step.group ? `$.${PARALLEL_RESULT}.${step.result}` : `$.${step.result}`;
    },
  };
  const blocks: Array<[string, State]> = [];
  for (const step of steps) {
    if (parallel && step.group) {
      if (step !== grouped[0]) continue;
      const branches = grouped.map((g) => ({ g, made: task(g, inputs, skills) }));
      const failed = branches.find((b) => !b.made.ok);
      if (failed && !failed.made.ok) return failed.made;
      blocks.push([
        PARALLEL_STATE,
        {
          Type: 'Parallel',
          Branches: branches.map(({ g, made }) => ({ StartAt: g.state, States: { [g.state]: (made as { state: State }).state } })),
          ResultSelector: Object.fromEntries(grouped.map((g, i) => [`${g.result}.$`, `$[${i}].${g.result}`])),
          ResultPath: `$.${PARALLEL_RESULT}`,
        },
      ]);
      continue;
    }
    const made = task(step, inputs, skills);
    if (!made.ok) return made;
    blocks.push([step.state, made.state]);
  }
  const intake = chain(intakePlans({ byAdvisor: true }), skills, blocks[0]?.[0] ?? null);
  if (!intake.ok) return intake;
  const states: Record<string, State> = { ...(intake.states as Record<string, State>) };
  blocks.forEach(([name, s], i) => {
    const nextName = blocks[i + 1]?.[0];
    const { End: _end, Next: _next, ...rest } = s;
    states[name] = nextName ? { ...rest, Next: nextName } : { ...rest, End: true };
  });
  const standard = isDefault(outcomes);
  const produced = outcomes.map(outcomeLabel).join(', ');
  return {
    ok: true,
    doc: {
      workflow_schema_version: '2.2.0',
      workflow_id: meta.workflow_id,
      workflow_name: composedName(outcomes),
      description: standard
        ? 'Analyse advisor call recordings for compliance, sentiment, and QA scoring.'
        : `Analyse an advisor's call recordings for: ${produced}.`,
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      tags: standard ? ['qa', 'advisor_quality', 'compliance'] : ['qa', 'advisor_quality', ...outcomes.map((o) => `outcome:${o}`)],
      workflow_input_schema: inputSchema(true),
      skill_imports: skillImports(
        Object.values(skills).filter((s): s is SkillSummary => !!s),
        skillset,
      ),
      asl: {
        Comment: standard
          ? 'Salesforce lookup → recording retrieval → transcription → parallel sentiment/compliance → scoring'
          : 'Salesforce lookup → recording retrieval → transcription → ' + `${blocks.map(([n]) => n).join(' → ') || 'end'}`,
        StartAt: 'GetApplicationIDs',
        Version: '1.0',
        States: states,
      },
    },
  };
}
