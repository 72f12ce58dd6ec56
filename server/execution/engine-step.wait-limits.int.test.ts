import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_COMPUTE_BUDGET_MS } from '../engine/runtime/index.ts';
import { executionHarness, workflowOf, type ExecutionHarness } from './testing/harness.ts';

/**
 * Runs that used to stay RUNNING forever now end: a Wait whose SecondsPath/TimestampPath value
 * gives no schedulable date, and a state whose computation outgrows the engine's step budget.
 * Real runner: Redis control plane, BullMQ, in-process workers.
 */
let h: ExecutionHarness;
beforeAll(async () => {
  h = await executionHarness({}, 4);
});
afterAll(() => h.close());

const waitOf = (fields: Record<string, unknown>) => workflowOf({ StartAt: 'W', States: { W: { Type: 'Wait', ...fields, End: true } } });

describe('a Wait with an unusable duration fails the run with States.Runtime', () => {
  it.each([
    ['SecondsPath 1e300 (beyond the date range)', { SecondsPath: '$.s' }, { s: 1e300 }, 'SecondsPath gives 1e+300 seconds'],
    ['SecondsPath ending in year 275761', { SecondsPath: '$.s' }, { s: 8.64e12 }, 'SecondsPath gives 8640000000000 seconds'],
    ['a negative SecondsPath', { SecondsPath: '$.s' }, { s: -1 }, 'must give a non-negative integer number of seconds, got -1'],
    ['a fractional SecondsPath', { SecondsPath: '$.s' }, { s: 1.5 }, 'got 1.5'],
    ['a string SecondsPath', { SecondsPath: '$.s' }, { s: '10' }, 'got "10"'],
    ['a TimestampPath in year 275761', { TimestampPath: '$.t' }, { t: '275761-01-01T00:00:00Z' }, 'must give an RFC 3339 timestamp'],
  ])('%s', async (_name, fields, input, cause) => {
    const run = await h.run(waitOf(fields), input, 20_000);
    expect(run).toMatchObject({ status: 'FAILED', error: 'States.Runtime' });
    expect(run.cause).toContain(cause);
  });

  it('a Wait within the limits still waits and succeeds', async () => {
    const run = await h.run(waitOf({ SecondsPath: '$.s' }), { s: 1 }, 20_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { s: 1 } });
  });
});

describe('the engine step compute budget', () => {
  it('fails a state that computes for too long with States.Runtime instead of freezing a worker', async () => {
    // Three nested filters over 1,000 items: a billion evaluations, minutes without the budget.
    const path = '$.a[?(@ == $.a[?(@ == $.a[?(@ == -1)][0])][0])]';
    const wf = workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', Parameters: { 'm.$': path }, End: true } } });
    const run = await h.run(wf, { a: Array.from({ length: 1000 }, (_, i) => i) }, 30_000);
    expect(run).toMatchObject({
      status: 'FAILED',
      error: 'States.Runtime',
      cause: `computing the state took longer than ${STEP_COMPUTE_BUDGET_MS} ms (the engine's limit for one step)`,
    });
  });
});
