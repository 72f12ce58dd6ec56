import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import type { PlanUnit, ToolCallIntent } from '../../../contracts/planning/schemas.ts';
import type { ToolCallsDecision } from '../brain.ts';
import { brainPlan, decisionIntents, intent, oncePerTool } from '../plan-of.ts';
import type { PlannerContext } from './context.ts';

/**
 * The Planner's tool-call plan for a turn (Brain.plan, issue 17): the tools its flow calls from
 * here to the turn's answer or question, each with why in plain words. The flow is the one the
 * decision came from (PlannerContext.flow, set where planner-brain.ts and review-start.ts route);
 * a step whose return the episode already holds is left out, since the flow replays it instead
 * of calling again. The forecast takes the greedy path (reuse before building): when the flow
 * turns to building or healing, the loop replans with the Planner's reasoning and asks again,
 * and this forecast then reads the returns that made it turn.
 */
export type PlannerFlow =
  | 'review_check'
  | 'product_check'
  | 'qa_work'
  | 'qa_scale'
  | 'team_work'
  | 'product_work'
  | 'product_scale'
  | 'rank'
  | 'rule_topic'
  | 'vulnerability_scan'
  | 'explain_call'
  | 'schedule'
  | 'compare'
  | 'topic_rank'
  | 'calls_ranked'
  | 'mention'
  | 'failed_those';

interface Step {
  tool: string;
  why: string;
  /** Called once an episode (a lookup): left out when the episode already has its successful return. */
  once?: boolean;
  /** Only on this path (e.g. building after a gap): the forecast includes the step when it holds. */
  when?: (ctx: PlannerContext) => boolean;
}

/** The episode's find_closest_workflow return shows no saved workflow covering the request: build. */
const gapFound = (ctx: PlannerContext): boolean => {
  const closest = ctx.find('find_closest_workflow');
  const cands = closest?.ok && Array.isArray(closest.result?.candidates) ? closest.result.candidates : null;
  return !!cands && !cands.some((c) => (c as { coverage?: unknown }).coverage === 1);
};

const FIND = (what: string): Step[] => [
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
const BUILD: Step[] = [
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
const RUN: Step[] = [
  { tool: 'get_saved_workflow', why: 'Read the workflow to run: its input and the pilot it analyses.' },
  {
    tool: 'check_workflow_health',
    why: "Check its skills' reliability in the knowledge graph before running it (a failing skill is a question).",
  },
  { tool: 'start_workflow_run', why: "Start the run with the request's advisor(s) and period as its input." },
  { tool: 'wait_for_workflow_run', why: 'Wait for the run to finish, then report its results.' },
];
const RESOLVE_PEOPLE: Step = {
  tool: 'list_advisors',
  once: true,
  why: "Resolve the people named against the CRM's advisors and teams.",
};
const COUNT: Step = {
  tool: 'count_calls',
  once: true,
  why: 'Check that the CRM has calls for this scope and period before proposing work.',
};
const STORED = (what: string): Step => ({
  tool: 'summarise_qa_results',
  why: `Read ${what} from the stored QA results, with the counts behind it.`,
});

const FLOWS: Record<PlannerFlow, Step[]> = {
  review_check: [RESOLVE_PEOPLE, STORED('what is already analysed for a "how did … do" question (stored-first.ts)'), COUNT],
  product_check: [
    { tool: 'list_products', once: true, why: "Resolve the product named against the CRM's products." },
    COUNT,
    ...FIND('the product check'),
    { tool: 'get_saved_workflow', why: 'Read the closest workflow, to say what reusing or adapting it means.' },
    { tool: 'get_workflow_lineage', why: 'Read its versions and refinements, to propose the right one.' },
  ],
  qa_work: [...FIND('the advice-call review'), ...BUILD, ...RUN],
  qa_scale: [
    { tool: 'get_saved_workflow', why: 'Read the pilot workflow, to scale it to every call of the period.' },
    ...BUILD.slice(3).map((s) => ({ ...s, when: undefined })),
    ...RUN.slice(2),
  ],
  team_work: [...FIND('the advice-call review'), ...RUN, STORED("one table of the advisors' results")],
  product_work: [
    ...FIND('the product check'),
    { tool: 'get_saved_workflow', why: 'Read the workflow to reuse or adapt to this product.' },
    { tool: 'validate_workflow', why: "Check the adapted document against Letta-ASL and the skills' schemas." },
    { tool: 'save_workflow', why: 'Save the adaptation as a refinement of the workflow it came from.' },
    ...RUN.slice(1),
  ],
  product_scale: [
    { tool: 'get_saved_workflow', why: 'Read the pilot product check, to scale it to every call of the period.' },
    { tool: 'validate_workflow', why: "Check the scaled document against Letta-ASL and the skills' schemas." },
    { tool: 'save_workflow', why: 'Save the scaled check as a refinement of the pilot.' },
    ...RUN.slice(2),
  ],
  rank: [RESOLVE_PEOPLE, STORED('the ranking')],
  compare: [RESOLVE_PEOPLE, STORED("each compared side's figures, over its own filter"), COUNT],
  topic_rank: [RESOLVE_PEOPLE, STORED('the rules of the topic, by their category and wording'), STORED('the ranking on those rules')],
  calls_ranked: [
    RESOLVE_PEOPLE,
    { tool: 'list_qa_results', why: 'List the stored QA results by score, the worst (or best) first.' },
    STORED("the rules' names and which are mandatory"),
  ],
  failed_those: [
    { ...RESOLVE_PEOPLE, when: (ctx) => !!ctx.episode?.basis?.changes.length },
    {
      tool: 'list_qa_results',
      why: "List the calls of the previous answer that failed a mandatory rule (its own calls, or its scopes' calls).",
    },
    STORED('how many calls each scope of the previous answer has'),
    { tool: 'get_qa_result', why: "Read each of those calls' failed rules with the quoted evidence and when it was said." },
  ],
  rule_topic: [RESOLVE_PEOPLE, STORED('the rules that failed')],
  vulnerability_scan: [
    RESOLVE_PEOPLE,
    { tool: 'list_qa_results', why: 'List the stored QA results flagged as vulnerable customers, newest first.' },
    STORED('how many calls were analysed at all'),
  ],
  schedule: [
    RESOLVE_PEOPLE,
    {
      tool: 'schedule_background_job',
      why: 'Create the background job that sends the request back to me on its schedule.',
    },
  ],
  mention: [RESOLVE_PEOPLE, { tool: 'list_products', once: true, why: "Read the CRM's products, in case the message names one." }],
  explain_call: [
    { tool: 'list_qa_results', why: 'Find the newest QA result of the call asked about.' },
    { tool: 'get_qa_result', why: 'Read its score parts, failed rules with quotes and sentiment flags.' },
  ],
};

/** The plan for the turn that `decision` continues, or null (no flow: the runtime declares from the decision). */
export function plannerTurnPlan(ctx: PlannerContext, decision: ToolCallsDecision, unit: PlanUnit): DeclarePlanInput | null {
  if (!ctx.flow) return null;
  const forecast: ToolCallIntent[] = FLOWS[ctx.flow]
    .filter((s) => (s.when ? s.when(ctx) : true))
    .filter((s) => !(s.once && ctx.find(s.tool)?.ok))
    .filter((s) => ctx.has(s.tool))
    .map((s) => intent(s.tool, s.why));
  if (ctx.episode?.request.scheduled && ctx.has('send_notification')) {
    forecast.push(intent('send_notification', 'Send the user the results of the request they scheduled.'));
  }
  // What the flow does now comes first, in its own words; the forecast's later steps follow.
  const now = decisionIntents(decision);
  const calledNow = new Set(now.map((i) => i.toolName));
  const later = forecast.slice(lastIndexIn(forecast, calledNow) + 1);
  return brainPlan(goalOf(ctx), oncePerTool([...now, ...later]), unit);
}

/** The request the episode works on, and this turn's message when it is a reply to the Planner ("yes"). */
function goalOf(ctx: PlannerContext): string {
  const request = ctx.episode ? ctx.input.history[ctx.episode.start]?.content : undefined;
  const asked = typeof request === 'string' && request.trim() ? request.trim() : ctx.inbound;
  return asked === ctx.inbound ? asked : `${asked} (this turn: “${ctx.inbound.trim()}”)`;
}

function lastIndexIn(intents: ToolCallIntent[], names: Set<string>): number {
  for (let i = intents.length - 1; i >= 0; i--) if (names.has(intents[i]!.toolName)) return i;
  return -1;
}
