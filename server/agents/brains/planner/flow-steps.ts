import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import type { QuestionKind } from './conversation.ts';
import type { PlannerRequest, RequestKind } from './request.ts';

/**
 * What a Planner flow declares about itself, next to its code (issue 31: one registry per concept):
 * how a request is recognised as its own, the code that answers it, and the forecast — the tools it
 * calls from here to its answer or question, each with why in plain words. flows.ts gathers the
 * entries; the brain's dispatch (planner-brain.ts) and the tool-call plan (turn-forecast.ts) both
 * read that one registry, so a new request kind is one entry beside its flow's code.
 */
export interface PlannerFlowEntry {
  /** A flow a request starts. Absent: the flow is entered from another flow's work, which sets PlannerContext.flow. */
  request?: RequestFlow;
  forecast: readonly ForecastStep[];
}

export interface RequestFlow {
  /**
   * How a request is recognised as this flow's: the kind request.ts's reader gave it, or a mark the
   * reader set on it (`mention`: it names someone or something and asks for nothing; `schedule`: it
   * says how often). A mark wins over the kind (a scheduled review is the schedule flow's).
   */
  recognised: { kind: RequestKind } | { mark: 'mention' | 'schedule' };
  /** The request's first decision. */
  start: (ctx: PlannerContext, req: PlannerRequest) => BrainDecision;
  /**
   * The work after a "yes" to one of the flow's work questions. Absent: the review of the same
   * people and period (reviewWork) — a ranking's or a scan's offer to analyse what is missing.
   */
  work?: (ctx: PlannerContext, req: PlannerRequest, kind: QuestionKind, healing: 'yes' | 'no' | null) => BrainDecision;
}

/** One tool call a flow forecasts (Brain.plan, issue 17). */
export interface ForecastStep {
  tool: string;
  why: string;
  /** Called once an episode (a lookup): left out when the episode already has its successful return. */
  once?: boolean;
  /** Only on this path (e.g. building after a gap): the forecast includes the step when it holds. */
  when?: (ctx: PlannerContext) => boolean;
}

// The steps several flows share, in the words their plans give.

/** The episode's find_closest_workflow return shows no saved workflow covering the request: build. */
const gapFound = (ctx: PlannerContext): boolean => {
  const closest = ctx.find('find_closest_workflow');
  const cands = closest?.ok && Array.isArray(closest.result?.candidates) ? closest.result.candidates : null;
  return !!cands && !cands.some((c) => (c as { coverage?: unknown }).coverage === 1);
};

export const FIND = (what: string): ForecastStep[] => [
  {
    tool: 'search_embeddings',
    once: true,
    why: `Search the saved workflows for ${what}, to reuse one before building.`,
  },
  {
    tool: 'find_closest_workflow',
    once: true,
    why: `Rank the saved workflows by how much of ${what} they cover; a full match is reused as it is.`,
  },
];

/** Building after a gap: each step holds only once the closest-workflow search found no covering workflow. */
export const BUILD: ForecastStep[] = [
  {
    tool: 'store_memory',
    when: gapFound,
    why: 'Record the capability gap, so the next request finds what was missing.',
  },
  {
    tool: 'get_skillset',
    once: true,
    when: gapFound,
    why: 'Read the skill catalog: the capabilities, tools and parameters a composed workflow can use.',
  },
  {
    tool: 'get_skill_reliability',
    when: gapFound,
    why: 'Compare the alternatives for a function on their recorded success rate and latency before choosing.',
  },
  {
    tool: 'validate_workflow',
    when: gapFound,
    why: "Check the composed document against Letta-ASL and the skills' schemas.",
  },
  { tool: 'save_workflow', why: 'Save the validated workflow so it can be run, reused and refined.', when: gapFound },
];

export const RUN: ForecastStep[] = [
  { tool: 'get_saved_workflow', why: 'Read the workflow to run: its input and the pilot it analyses.' },
  {
    tool: 'check_workflow_health',
    why: "Check its skills' reliability in the knowledge graph before running it (a failing skill is a question).",
  },
  { tool: 'start_workflow_run', why: "Start the run with the request's advisor(s) and period as its input." },
  { tool: 'wait_for_workflow_run', why: 'Wait for the run to finish, then report its results.' },
];

export const RESOLVE_PEOPLE: ForecastStep = {
  tool: 'list_advisors',
  once: true,
  why: "Resolve the people named against the CRM's advisors and teams.",
};

export const COUNT: ForecastStep = {
  tool: 'count_calls',
  once: true,
  why: 'Check that the CRM has calls for this scope and period before proposing work.',
};

export const STORED = (what: string): ForecastStep => ({
  tool: 'summarise_qa_results',
  why: `Read ${what} from the stored QA results, with the counts behind it.`,
});
