import { isRecord } from '../../../lib/is-record.ts';
import { parseObject, type Brain, type BrainInput, type BrainUsage, type StepLimit } from '../brains/brain.ts';
import { budgetAnswer, stepLimitAnswer } from './turn-summary.ts';

export type Conclusion = { content: string; reasoning?: string; usage?: BrainUsage };

/**
 * The final answer when the loop stops a turn at its step limit, or at its plan's budget
 * (`limit.budget`, enforce mode): the brain's own (`conclude`), else one written from the turn's
 * tool calls. When the brain fails, the reasoning says why the answer is the written one.
 */
export async function conclusion(brain: Brain, input: BrainInput, limit: StepLimit): Promise<Conclusion | 'cancelled'> {
  const written = limit.budget !== undefined ? budgetAnswer(input.history, limit.budget) : stepLimitAnswer(input.history, limit.steps);
  if (!brain.conclude) return { content: written };
  try {
    return await brain.conclude(input, limit);
  } catch (err) {
    if (input.signal?.aborted) return 'cancelled';
    const why = err instanceof Error ? err.message : String(err);
    const reasoning = `The brain could not give a final answer (${why}); ` + "this one is written from the turn's tool calls.";
    return { content: written, reasoning };
  }
}

/**
 * Letta's stop reason (StopReasonType of the vendored OpenAPI document) for a turn that enforce
 * mode ended at its plan's budget. Letta has no "budget" reason; the honest ones are those that
 * say a limit set on the run ended it while the agent was working, not that the agent failed:
 * - a cost budget (`maxCost`, resource units the deployment prices calls and tokens in) is
 *   `insufficient_credits`, Letta's end of a run whose spending allowance ran out;
 * - a call or time budget (`maxToolCalls`, `maxLatency`) is `max_steps`, Letta's end of a run
 *   that reached the limit of work the caller allowed it (ours ends with an answer, as max_steps does).
 * `error` and `invalid_tool_call` would claim a failure the agent did not make.
 */
export function budgetStopReason(refusalText: string): 'insufficient_credits' | 'max_steps' {
  return budgetDimension(refusalText) === 'maxCost' ? 'insufficient_credits' : 'max_steps';
}

/** The budget dimension a `budget_exceeded` refusal names (in its details), or null. */
export function budgetDimension(refusalText: string): string | null {
  const details = parseObject(refusalText)?.details;
  if (!isRecord(details)) return null;
  const exceeded = isRecord(details.exceeded) ? details.exceeded : details;
  return typeof exceeded.dimension === 'string' ? exceeded.dimension : null;
}

/** A refusal's message, as the answer quotes it. */
export function refusalMessage(refusalText: string): string {
  const error = parseObject(refusalText)?.error;
  return typeof error === 'string' && error ? error : "the plan's budget is spent";
}
