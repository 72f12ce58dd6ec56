import { isObject } from '../json.ts';
import { ruleMatches } from './choice.ts';
import { decideCatch } from './catch.ts';
import { withinStepBudget } from './compute-budget.ts';
import { applyStateResult, passStateOutput, selectEffectiveInput, simpleStateOutput, applyFilterPath } from './data-flow.ts';
import { evaluateChoice } from './choice.ts';
import { failStateError } from './fail.ts';
import { mapItemInput, mapItems, mapProcessor } from './map.ts';
import { decideRetry } from './retry.ts';
import { StatesError } from './states-error.ts';
import { nextOrEnd } from './transitions.ts';
import type { AslState, ContextObject, Json } from './types.ts';
import { waitUntil } from './wait.ts';

/**
 * "Test a state" (issue 34, AWS Step Functions' TestState): one state run on a typed input with
 * the engine's own semantics, no run and no control plane. Pass, Choice, Wait (the end is
 * computed, not slept), Succeed and Fail are computed whole here; a Task stops after its effective
 * input (`call` is set) and the caller invokes the skill, then hands the outcome to
 * `finishTaskTest`; a Parallel or Map is tested as a container — what its branches or items
 * receive — since its inner states are tested one by one.
 */

/** A failure and what the state's own Retry and Catch would do with it. */
export interface TestFailure {
  error: string;
  cause: string;
  /** The first retrier that matches and has attempts left on a first attempt: the run would retry before anything else. */
  retry: { retrier: number; delay_ms: number } | null;
  /** The catcher that would take the failure once retries are spent (index, target, the output it hands on). */
  catcher: { index: number; next: string; output: Json } | null;
}

export interface StateTestReport {
  type: string;
  /** After InputPath and Parameters (a Map: after InputPath); null when computing it failed. */
  effective_input: Json | null;
  /** The state's raw result before ResultSelector/ResultPath (Pass: Result or its effective input; Task: the skill's result). */
  result: Json | null;
  /** What the state hands on, after ResultSelector, ResultPath and OutputPath. */
  output: Json | null;
  /** The state it goes to next (Choice: the rule's or the Default), or null at an end or a failure. */
  next: string | null;
  end: boolean;
  /** Choice: the 0-based index of the first rule that matched; null when the Default (or nothing) decided. */
  matched_rule: number | null;
  /** Wait: when it would end (ISO 8601, UTC). */
  wait_until: string | null;
  /** Map: how many items ItemsPath selects, and the input of the first few iterations. */
  items: { count: number; first_inputs: Json[] } | null;
  failure: TestFailure | null;
  /** Set for a Task whose effective input was computed: the skill must now be called with it. */
  call: boolean;
  notes: string[];
}

/** What `$$` holds for the test and the clock a Wait counts from. */
export interface TestEnvironment {
  context: ContextObject;
  now: Date;
}

/** How many Map iteration inputs a report shows. */
export const ITEM_INPUTS_SHOWN = 3;

const CATCHING = new Set(['Task', 'Parallel', 'Map']);

function blank(type: string): StateTestReport {
  return {
    type,
    effective_input: null,
    result: null,
    output: null,
    next: null,
    end: false,
    matched_rule: null,
    wait_until: null,
    items: null,
    failure: null,
    call: false,
    notes: [],
  };
}

/** Where a finished state goes, as report fields. */
function transition(state: AslState): Pick<StateTestReport, 'next' | 'end'> {
  const t = nextOrEnd(state);
  return 'next' in t ? { next: t.next, end: false } : { next: null, end: true };
}

/** The failure with the Retry and Catch that would apply to it (a state that catches: Task, Parallel, Map). */
export function failureOf(state: AslState, input: Json, failure: { error: string; cause: string }): TestFailure {
  if (!CATCHING.has(String(state.Type))) return { ...failure, retry: null, catcher: null };
  // The longest delay the first retry could take (FULL jitter picks a fraction of it).
  const retry = decideRetry(state, failure.error, [], () => 1);
  let catcher: TestFailure['catcher'] = null;
  let caughtOutput: { next: string; output: Json } | null = null;
  try {
    caughtOutput = decideCatch(state, input, failure);
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
  }
  if (caughtOutput) {
    const list = Array.isArray(state.Catch) ? state.Catch : [];
    const index = list.findIndex((c) => isObject(c) && c.Next === caughtOutput.next);
    catcher = { index, next: caughtOutput.next, output: caughtOutput.output };
  }
  return { ...failure, retry: retry.retry ? { retrier: retry.retrierIndex, delay_ms: retry.delayMs } : null, catcher };
}

/**
 * Runs `state` on `input` as far as it can without a skill: the whole state, or a Task up to its
 * effective input (`call: true`). A StatesError anywhere becomes the report's failure, with the
 * Retry and Catch that would take it. Each computation runs under the engine step's compute budget.
 */
export function beginStateTest(state: AslState, input: Json, env: TestEnvironment): StateTestReport {
  const type = typeof state.Type === 'string' ? state.Type : String(state.Type);
  const report = blank(type);
  const { context } = env;
  try {
    withinStepBudget(() => {
      switch (type) {
        case 'Pass': {
          const effective = selectEffectiveInput(state, input, context);
          Object.assign(report, {
            effective_input: effective,
            result: 'Result' in state ? state.Result : effective,
            output: passStateOutput(state, input, context, effective),
            ...transition(state),
          });
          return;
        }
        case 'Choice': {
          const effective = selectEffectiveInput(state, input, context);
          report.effective_input = effective;
          const rules = Array.isArray(state.Choices) ? state.Choices : [];
          const index = rules.findIndex((rule) => ruleMatches(rule, effective, context));
          report.next = evaluateChoice(state, effective, context);
          report.matched_rule = index >= 0 ? index : null;
          report.output = simpleStateOutput(state, input, context);
          return;
        }
        case 'Wait': {
          const effective = selectEffectiveInput(state, input, context);
          report.effective_input = effective;
          report.wait_until = waitUntil(state, effective, env.now, context).toISOString();
          Object.assign(report, { output: simpleStateOutput(state, input, context), ...transition(state) });
          report.notes.push('A test does not wait: the state would end at wait_until.');
          return;
        }
        case 'Succeed':
          Object.assign(report, {
            effective_input: applyFilterPath('InputPath', state.InputPath, input, context),
            output: simpleStateOutput(state, input, context),
            end: true,
          });
          return;
        case 'Fail':
          report.end = true;
          report.failure = failureOf(state, input, failStateError(state, input, context));
          return;
        case 'Task':
          report.effective_input = selectEffectiveInput(state, input, context);
          report.call = true;
          return;
        case 'Parallel': {
          report.effective_input = selectEffectiveInput(state, input, context);
          const branches = Array.isArray(state.Branches) ? state.Branches.length : 0;
          report.notes.push(`Each of the ${branches} branches starts with effective_input; the states inside them are tested one by one.`);
          return;
        }
        case 'Map': {
          const effective = applyFilterPath('InputPath', state.InputPath, input, context);
          report.effective_input = effective;
          const items = mapItems(state, effective, context);
          const first = items.slice(0, ITEM_INPUTS_SHOWN).map((item, i) => mapItemInput(state, effective, item, i, context));
          report.items = { count: items.length, first_inputs: first };
          report.notes.push(
            `Each item runs ${mapProcessor(state).StartAt} with its iteration input; the states inside the processor are tested one by one.`,
          );
          return;
        }
        default:
          throw new StatesError('States.Runtime', `"${type}" is not a state type this engine runs`);
      }
    });
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    report.failure = failureOf(state, input, { error: err.error, cause: err.cause });
  }
  return report;
}

/**
 * A Task's report once its skill answered: on success the result through ResultSelector,
 * ResultPath and OutputPath (a failure there is the state's, as in a run); on a skill failure its
 * error name and cause, with the Retry and Catch that would take it.
 */
export function finishTaskTest(
  report: StateTestReport,
  state: AslState,
  input: Json,
  outcome: { ok: true; result: Json } | { ok: false; error: string; cause: string },
  env: TestEnvironment,
): StateTestReport {
  const done: StateTestReport = { ...report, call: false, notes: [...report.notes] };
  if (!outcome.ok) return { ...done, failure: failureOf(state, input, outcome) };
  done.result = outcome.result;
  try {
    const output = withinStepBudget(() => applyStateResult(state, input, outcome.result, env.context));
    return { ...done, output, ...transition(state) };
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    return { ...done, failure: failureOf(state, input, { error: err.error, cause: err.cause }) };
  }
}
