import { CALIBRATION_FLOW } from './calibration-flow.ts';
import { EXPLAIN_CALL_FLOW } from './explain-flow.ts';
import type { PlannerFlowEntry, RequestFlow } from './flow-steps.ts';
import { RANK_FLOW, RULE_TOPIC_FLOW, VULNERABILITY_SCAN_FLOW } from './insight-flow.ts';
import { MENTION_FLOW } from './mention-flow.ts';
import { PRODUCT_SCALE_FLOW, PRODUCT_WORK_FLOW } from './product-flow.ts';
import { QA_SCALE_FLOW, QA_WORK_FLOW } from './qa-flow.ts';
import { CALLS_RANKED_FLOW, COMPARE_FLOW, TOPIC_RANK_FLOW } from './question-flow.ts';
import type { PlannerRequest, RequestKind } from './request.ts';
import { PRODUCT_CHECK_FLOW, REVIEW_CHECK_FLOW } from './review-start.ts';
import { SCHEDULE_FLOW } from './schedule-flow.ts';
import { TEAM_WORK_FLOW } from './team-flow.ts';
import { FAILED_THOSE_FLOW } from './those-flow.ts';

/**
 * The Planner's flows, one entry each (issue 31: one registry per concept). Each entry is declared
 * beside its flow's code (flow-steps.ts says what an entry holds); the brain dispatches a request to
 * the flow that recognises it (planner-brain.ts) and forecasts a turn's tool calls from the flow the
 * decision came from (turn-forecast.ts), both from here. A new request kind is its reader's words
 * (request.ts) and one entry here. Marked flows come first: their mark wins over the request's kind.
 */
export const PLANNER_FLOWS = {
  mention: MENTION_FLOW,
  schedule: SCHEDULE_FLOW,
  review_check: REVIEW_CHECK_FLOW,
  product_check: PRODUCT_CHECK_FLOW,
  rank: RANK_FLOW,
  rule_topic: RULE_TOPIC_FLOW,
  vulnerability_scan: VULNERABILITY_SCAN_FLOW,
  explain_call: EXPLAIN_CALL_FLOW,
  calibration: CALIBRATION_FLOW,
  compare: COMPARE_FLOW,
  topic_rank: TOPIC_RANK_FLOW,
  calls_ranked: CALLS_RANKED_FLOW,
  failed_those: FAILED_THOSE_FLOW,
  // Entered from another flow's work (PlannerContext.flow set where it turns), never by a request.
  qa_work: QA_WORK_FLOW,
  qa_scale: QA_SCALE_FLOW,
  team_work: TEAM_WORK_FLOW,
  product_work: PRODUCT_WORK_FLOW,
  product_scale: PRODUCT_SCALE_FLOW,
} satisfies Record<string, PlannerFlowEntry>;

export type PlannerFlow = keyof typeof PLANNER_FLOWS;

/** A flow that requests start, with its name. */
export interface StartFlow extends RequestFlow {
  name: PlannerFlow;
}

const START_FLOWS: StartFlow[] = (Object.entries(PLANNER_FLOWS) as Array<[PlannerFlow, PlannerFlowEntry]>).flatMap(([name, entry]) =>
  entry.request ? [{ name, ...entry.request }] : [],
);

/** The flow of a request's kind (request.ts's reader), marks aside. */
export function flowOfKind(kind: RequestKind): StartFlow {
  const found = START_FLOWS.find((f) => 'kind' in f.recognised && f.recognised.kind === kind);
  // flows.test.ts walks every kind, so this only fails for a kind added without its entry.
  if (!found) throw new Error(`no Planner flow recognises the request kind “${kind}” (add its entry to flows.ts)`);
  return found;
}

/** The flow whose mark the request carries (`mention`, `schedule`), the first in registry order; null when it carries none. */
export function flowOfMark(req: PlannerRequest): StartFlow | null {
  return START_FLOWS.find((f) => 'mark' in f.recognised && !!req[f.recognised.mark]) ?? null;
}
