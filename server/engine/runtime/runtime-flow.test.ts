import { describe, expect, it } from 'vitest';
import { loadFixture } from '../__fixtures__/load.ts';
import { testContext } from './__fixtures__/context.ts';
import * as asl from './index.ts';

/**
 * The runtime functions composed the way a runner uses them: a tiny sequential interpreter
 * (Pass, Choice, Map, Task with Retry/Catch, Fail, Succeed) over a fixture workflow.
 */
type Scope = { StartAt: string; States: Record<string, asl.AslState> };
type Outcome = { status: 'SUCCEEDED'; output: unknown } | { status: 'FAILED'; error: string; cause: string };
type TaskFn = (name: string, input: unknown, attempt: number) => unknown;

const workflow = loadFixture<Scope>('../runtime/__fixtures__/flow.asl.json');

function run(scope: Scope, input: unknown, context: asl.ContextObject, task: TaskFn, log: string[]): Outcome {
  let name = scope.StartAt;
  let data = input;
  for (;;) {
    const state = scope.States[name]!;
    log.push(name);
    const ctx = { ...context, State: { Name: name, EnteredTime: context.Execution.StartTime, RetryCount: 0 } };
    try {
      switch (state.Type) {
        case 'Pass':
          data = asl.passStateOutput(state, data, ctx);
          break;
        case 'Choice':
          name = asl.evaluateChoice(state, asl.selectEffectiveInput(state, data, ctx), ctx);
          data = asl.simpleStateOutput(state, data, ctx);
          continue;
        case 'Succeed':
          return { status: 'SUCCEEDED', output: asl.simpleStateOutput(state, data, ctx) };
        case 'Fail':
          return { status: 'FAILED', ...asl.failStateError(state, data, ctx) };
        case 'Map': {
          const effective = asl.selectEffectiveInput(state, data, ctx);
          const results = asl.mapItems(state, effective, ctx).map((item, i) => {
            const out = run(asl.mapProcessor(state), asl.mapItemInput(state, effective, item, i, ctx), ctx, task, log);
            if (out.status === 'FAILED') throw new asl.StatesError(out.error, out.cause);
            return out.output;
          });
          data = asl.applyStateResult(state, data, results, ctx);
          break;
        }
        case 'Task':
          data = asl.applyStateResult(state, data, runTask(name, state, asl.selectEffectiveInput(state, data, ctx), task, log), ctx);
          break;
      }
    } catch (e) {
      if (!(e instanceof asl.StatesError)) throw e;
      const caught = asl.decideCatch(state, data, { error: e.error, cause: e.cause });
      if (!caught) return { status: 'FAILED', error: e.error, cause: e.cause };
      [name, data] = [caught.next, caught.output];
      continue;
    }
    const next = asl.nextOrEnd(state);
    if ('end' in next) return { status: 'SUCCEEDED', output: data };
    name = next.next;
  }
}

function runTask(name: string, state: asl.AslState, input: unknown, task: TaskFn, log: string[]): unknown {
  let counts: number[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      return task(name, input, attempt);
    } catch (e) {
      if (!(e instanceof asl.StatesError)) throw e;
      const decision = asl.decideRetry(state, e.error, counts, () => 0.5);
      if (!decision.retry) throw e;
      log.push(`retry after ${decision.delayMs} ms`);
      counts = decision.retryCounts;
    }
  }
}

const context = testContext();
const declineUntil =
  (okAttempt: number): TaskFn =>
  (_name, input, attempt) => {
    if (attempt < okAttempt) throw new asl.StatesError('Card.Declined', `declined #${attempt}`);
    return { charged: input, attempt };
  };

describe('the runtime composed into an interpreter', () => {
  const input = { lines: [{ sku: 'A' }, { sku: 'B' }] };

  it('runs Pass → Choice → Map → Task (retried) → Succeed', () => {
    const log: string[] = [];
    const out = run(workflow, input, context, declineUntil(3), log);
    expect(out).toEqual({ status: 'SUCCEEDED', output: { charged: { order: 'o-7', labels: ['o-7#0:A', 'o-7#1:B'] }, attempt: 3 } });
    expect(log).toEqual(['Prepare', 'Route', 'EachLine', 'Label', 'Label', 'Charge', 'retry after 1000 ms', 'retry after 2000 ms', 'Done']);
  });

  it('catches the exhausted retries and fails through the Fail state', () => {
    const log: string[] = [];
    expect(run(workflow, input, context, declineUntil(99), log)).toEqual({
      status: 'FAILED',
      error: 'Card.Declined',
      cause: 'order o-7 failed: declined #3',
    });
    expect(log.slice(-2)).toEqual(['retry after 2000 ms', 'Explain']);
  });

  it('takes the Choice Default when there is nothing to do', () => {
    expect(run(workflow, { lines: [] }, context, declineUntil(1), [])).toEqual({
      status: 'SUCCEEDED',
      output: { lines: [], prepared: { orderId: 'o-7', lines: [], count: 0 } },
    });
  });

  it('a state error that is not caught fails the execution', () => {
    expect(run(workflow, { nolines: true }, context, declineUntil(1), [])).toMatchObject({
      status: 'FAILED',
      error: 'States.ParameterPathFailure',
    });
  });
});
