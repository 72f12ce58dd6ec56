import { STATES, StatesError } from './states-error.ts';

/**
 * A hard limit on the computing time of one engine step: the second line of defence behind the
 * linear-time evaluators (RE2 filters, the StringMatches matcher, the intrinsic caps), so that a
 * run's TimeoutSeconds holds even while a state computes, and a worker is never frozen by one
 * state whatever its document and data.
 *
 * Contract:
 * - The caller passes the budget in: `withinComputeBudget({limitMs, clock}, () => work())`. The
 *   clock is injected (the engine reads no clock of its own), so tests drive it deterministically.
 * - Inside, the loops whose work grows with the input (path steps, filter evaluation per item,
 *   intrinsic calls and their array/string work, payload templates, structural comparison and
 *   other deep traversals) call `chargeCompute(units)`. Every CHECK_INTERVAL units the clock is
 *   read; past the deadline the step fails with `States.Runtime`.
 * - The runtime is synchronous (no awaits anywhere), so the budget in force is exactly the one of
 *   the innermost `withinComputeBudget` call on the stack; passing it that way spares every path,
 *   intrinsic and template function an extra parameter. Outside any such call (the validator, unit
 *   tests, pure callers) nothing is limited and `chargeCompute` costs one comparison.
 */
export interface ComputeBudget {
  /** Milliseconds of computing one step may take. */
  limitMs: number;
  /** Monotonic milliseconds (e.g. `() => performance.now()`). */
  clock: () => number;
}

/**
 * The default budget for one engine step. Well-formed steps take a few milliseconds; a second is
 * far beyond any honest payload and short enough that a run's deadline slips by at most that.
 */
export const STEP_COMPUTE_BUDGET_MS = 1000;

/** The budget of one step on the process's monotonic clock: what every caller of the engine uses. */
export const STEP_BUDGET: ComputeBudget = { limitMs: STEP_COMPUTE_BUDGET_MS, clock: () => performance.now() };

/** `compute` under STEP_BUDGET. */
export const withinStepBudget = <T>(compute: () => T): T => withinComputeBudget(STEP_BUDGET, compute);

/** Units between two clock readings: reading a clock per unit would cost more than the work. */
export const CHECK_INTERVAL = 64;

interface ActiveBudget {
  limitMs: number;
  clock: () => number;
  deadline: number;
  pending: number;
}

let active: ActiveBudget | null = null;

/** Runs `compute` with `budget` in force; the previous budget (if any) is restored afterwards. */
export function withinComputeBudget<T>(budget: ComputeBudget, compute: () => T): T {
  const outer = active;
  active = { limitMs: budget.limitMs, clock: budget.clock, deadline: budget.clock() + budget.limitMs, pending: 0 };
  try {
    return compute();
  } finally {
    active = outer;
  }
}

/** Records `units` of work (one item, node or call; longer strings count one unit per KiB). */
export function chargeCompute(units = 1): void {
  if (active === null) return;
  active.pending += units;
  if (active.pending < CHECK_INTERVAL) return;
  active.pending = 0;
  if (active.clock() > active.deadline) throw new ComputeBudgetExceeded(active.limitMs);
}

/**
 * The budget's failure: States.Runtime. A class of its own so that the places which rename a
 * path's failure (a payload template's States.ParameterPathFailure, an intrinsic argument's
 * States.IntrinsicFailure) pass it on unchanged.
 */
export class ComputeBudgetExceeded extends StatesError {
  constructor(limitMs: number) {
    super(STATES.Runtime, `computing the state took longer than ${limitMs} ms (the engine's limit for one step)`);
  }
}

/** Units for work proportional to a string's length: one per KiB, at least one. */
export function textUnits(text: string): number {
  return 1 + (text.length >> 10);
}
