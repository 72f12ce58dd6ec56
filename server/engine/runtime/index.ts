/**
 * server/engine/runtime — the pure Amazon States Language semantics (JSONPath dialect): paths,
 * intrinsics, payload templates, input/output processing, Choice, Wait, Fail, Map, Retry, Catch
 * and transitions. No I/O, no timers, no clocks or randomness except where injected (`now`,
 * `random`, a compute budget's clock; States.UUID uses crypto.randomUUID). Failures are thrown as
 * StatesError.
 */
export type { Json, AslState, ContextObject, RandomSource } from './types.ts';
export { StatesError, STATES } from './states-error.ts';
export {
  withinComputeBudget,
  withinStepBudget,
  STEP_BUDGET,
  chargeCompute,
  ComputeBudgetExceeded,
  STEP_COMPUTE_BUDGET_MS,
  type ComputeBudget,
} from './compute-budget.ts';
export { evaluatePath, resolvePath, type Resolution } from './evaluate-path.ts';
export { evaluateIntrinsic } from './evaluate-intrinsic.ts';
export { applyPayloadTemplate, evaluateDynamic } from './payload-template.ts';
export { applyResultPath } from './result-path.ts';
export { selectEffectiveInput, applyStateResult, passStateOutput, simpleStateOutput, applyFilterPath } from './data-flow.ts';
export { evaluateChoice } from './choice.ts';
export { waitUntil } from './wait.ts';
export { failStateError } from './fail.ts';
export { mapItems, mapItemInput, mapProcessor, maxConcurrency } from './map.ts';
export { errorMatches, decideRetry, type RetryDecision } from './retry.ts';
export { decideCatch, type CatchDecision } from './catch.ts';
export { nextOrEnd, stateTimeoutMs, heartbeatMs } from './transitions.ts';
export { indexStates, type StateLocation } from './index-states.ts';
export { parseTimestamp, compareInstants, type Instant } from './timestamps.ts';
