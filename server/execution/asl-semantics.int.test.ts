import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness;
beforeAll(async () => {
  h = await executionHarness({}, 8);
});
afterAll(() => h.close());

type Case = { name: string; asl: Record<string, unknown>; input: unknown; expect: Record<string, unknown> };

const ok = (output: unknown) => ({ status: 'SUCCEEDED', output });
const failed = (error: string, cause?: RegExp) => ({ status: 'FAILED', error, ...(cause ? { cause: expect.stringMatching(cause) } : {}) });

/** Every case runs through the real runner: Redis control plane, BullMQ, in-process workers. */
const CASES: Case[] = [
  {
    name: 'Pass: Result into ResultPath, creating missing fields; OutputPath',
    asl: {
      StartAt: 'P',
      States: {
        P: { Type: 'Pass', Result: { x: 1 }, ResultPath: '$.a.b.c', Next: 'Q' },
        Q: { Type: 'Pass', OutputPath: '$.a.b', End: true },
      },
    },
    input: { keep: true },
    expect: ok({ c: { x: 1 } }),
  },
  {
    name: 'ResultPath null keeps the input; InputPath selects what the state sees',
    asl: { StartAt: 'E', States: { E: task('echo', { InputPath: '$.inner', Parameters: { 'v.$': '$.v' }, ResultPath: null, End: true }) } },
    input: { inner: { v: 2 }, other: 3 },
    expect: ok({ inner: { v: 2 }, other: 3 }),
  },
  {
    name: 'Choice: numeric, string and boolean operators with And/Or/Not and Path variants',
    asl: {
      StartAt: 'C',
      States: {
        C: {
          Type: 'Choice',
          Choices: [
            {
              And: [{ Variable: '$.n', NumericGreaterThanPath: '$.limit' }, { Not: { Variable: '$.name', StringEquals: 'x' } }],
              Next: 'Big',
            },
            {
              Or: [
                { Variable: '$.flag', BooleanEquals: true },
                { Variable: '$.name', StringMatches: 'a*' },
              ],
              Next: 'Flagged',
            },
          ],
          Default: 'Small',
        },
        Big: { Type: 'Pass', Result: 'big', End: true },
        Flagged: { Type: 'Pass', Result: 'flagged', End: true },
        Small: { Type: 'Pass', Result: 'small', End: true },
      },
    },
    input: { n: 5, limit: 9, flag: false, name: 'alex' },
    expect: ok('flagged'),
  },
  {
    name: 'Choice: no rule matches and no Default → States.NoChoiceMatched',
    asl: {
      StartAt: 'C',
      States: { C: { Type: 'Choice', Choices: [{ Variable: '$.n', NumericEquals: 1, Next: 'D' }] }, D: { Type: 'Succeed' } },
    },
    input: { n: 2 },
    expect: failed('States.NoChoiceMatched'),
  },
  {
    name: 'Choice: a missing Variable is States.Runtime (IsPresent is not)',
    asl: {
      StartAt: 'C',
      States: {
        C: { Type: 'Choice', Choices: [{ Variable: '$.absent', IsPresent: false, Next: 'D' }], Default: 'E' },
        D: { Type: 'Choice', Choices: [{ Variable: '$.absent', StringEquals: 'x', Next: 'E' }], Default: 'E' },
        E: { Type: 'Succeed' },
      },
    },
    input: {},
    expect: failed('States.Runtime'),
  },
  {
    name: 'Fail state with Error and Cause ends the run',
    asl: { StartAt: 'F', States: { F: { Type: 'Fail', Error: 'Custom.Bad', Cause: 'because' } } },
    input: {},
    expect: { status: 'FAILED', error: 'Custom.Bad', cause: 'because' },
  },
  {
    name: 'Parallel: branch outputs in branch order, then ResultSelector/ResultPath',
    asl: {
      StartAt: 'Par',
      States: {
        Par: {
          Type: 'Parallel',
          Branches: [
            {
              StartAt: 'Slow',
              States: {
                Slow: task('sleep', {
                  Parameters: { ms: 150 },
                  ResultSelector: { 'b.$': "States.Format('first {}', $.slept_ms)" },
                  End: true,
                }),
              },
            },
            { StartAt: 'Fast', States: { Fast: { Type: 'Pass', Result: { b: 'second' }, End: true } } },
          ],
          ResultSelector: { 'both.$': '$[*].b' },
          ResultPath: '$.par',
          Next: 'Done',
        },
        Done: { Type: 'Succeed', OutputPath: '$.par' },
      },
    },
    input: { x: 1 },
    expect: ok({ both: ['first 150', 'second'] }),
  },
  {
    name: 'Map: ItemsPath, ItemSelector with $$.Map.Item, MaxConcurrency, results in item order',
    asl: {
      StartAt: 'M',
      States: {
        M: {
          Type: 'Map',
          ItemsPath: '$.items',
          MaxConcurrency: 2,
          ItemSelector: { 'i.$': '$$.Map.Item.Index', 'v.$': '$$.Map.Item.Value', 'ms.$': '$$.Map.Item.Value' },
          ItemProcessor: {
            StartAt: 'S',
            States: { S: task('sleep', { Parameters: { 'ms.$': '$.ms' }, ResultPath: '$.r', OutputPath: '$.i', End: true }) },
          },
          ResultPath: '$.order',
          End: true,
        },
      },
    },
    input: { items: [120, 10, 80, 5, 40] },
    expect: ok({ items: [120, 10, 80, 5, 40], order: [0, 1, 2, 3, 4] }),
  },
  {
    name: 'Map: one failed item fails the Map (and the run)',
    asl: {
      StartAt: 'M',
      States: {
        M: {
          Type: 'Map',
          ItemProcessor: {
            StartAt: 'C',
            States: {
              C: { Type: 'Choice', Choices: [{ Variable: '$', NumericEquals: 2, Next: 'Bad' }], Default: 'Good' },
              Bad: { Type: 'Fail', Error: 'Item.Bad', Cause: 'item 2' },
              Good: { Type: 'Succeed' },
            },
          },
          End: true,
        },
      },
    },
    input: [1, 2, 3],
    expect: { status: 'FAILED', error: 'Item.Bad', cause: 'item 2' },
  },
  {
    name: 'Retry: builtin.fail recovers on the third attempt (IntervalSeconds 1, BackoffRate 1)',
    asl: {
      StartAt: 'T',
      States: {
        T: task('fail', {
          Parameters: { error: 'Flaky', cause: 'not yet', times: 2 },
          Retry: [
            { ErrorEquals: ['Other'], MaxAttempts: 5 },
            { ErrorEquals: ['Flaky'], IntervalSeconds: 1, BackoffRate: 1, MaxAttempts: 3 },
          ],
          End: true,
        }),
      },
    },
    input: {},
    expect: ok({ recovered: true, attempt: 3 }),
  },
  {
    name: 'Retry exhausted, then the first matching Catch; default ResultPath replaces the input with {Error, Cause}',
    asl: {
      StartAt: 'T',
      States: {
        T: task('fail', {
          Parameters: { error: 'Boom', cause: 'always' },
          Retry: [{ ErrorEquals: ['Boom'], IntervalSeconds: 1, MaxAttempts: 1 }],
          Catch: [
            { ErrorEquals: ['Other'], Next: 'Wrong' },
            { ErrorEquals: ['States.ALL'], Next: 'Handled' },
          ],
          End: true,
        }),
        Wrong: { Type: 'Fail', Error: 'wrong catcher' },
        Handled: { Type: 'Pass', End: true },
      },
    },
    input: { lost: true },
    expect: ok({ Error: 'Boom', Cause: 'always' }),
  },
  {
    name: 'TimeoutSeconds: States.Timeout is not caught by States.TaskFailed, is by States.Timeout (Catch ResultPath)',
    asl: {
      StartAt: 'T',
      States: {
        T: task('sleep', {
          Parameters: { ms: 5000 },
          TimeoutSeconds: 1,
          Catch: [
            { ErrorEquals: ['States.TaskFailed'], Next: 'Wrong' },
            { ErrorEquals: ['States.Timeout'], ResultPath: '$.err', Next: 'Handled' },
          ],
          End: true,
        }),
        Wrong: { Type: 'Fail', Error: 'wrong catcher' },
        Handled: { Type: 'Pass', OutputPath: '$.err.Error', End: true },
      },
    },
    input: {},
    expect: ok('States.Timeout'),
  },
  {
    name: 'Wait: Seconds, then SecondsPath and TimestampPath (delayed jobs)',
    asl: {
      StartAt: 'W1',
      States: {
        W1: { Type: 'Wait', Seconds: 1, Next: 'W2' },
        W2: { Type: 'Wait', SecondsPath: '$.s', Next: 'W3' },
        W3: { Type: 'Wait', TimestampPath: '$.past', Next: 'W4' },
        W4: { Type: 'Wait', Timestamp: '2020-01-01T00:00:00Z', End: true },
      },
    },
    input: { s: 1, past: '2021-01-01T00:00:00Z' },
    expect: ok({ s: 1, past: '2021-01-01T00:00:00Z' }),
  },
  {
    name: "The workflow's own TimeoutSeconds ends the run as TIMED_OUT",
    asl: { StartAt: 'W', TimeoutSeconds: 1, States: { W: { Type: 'Wait', Seconds: 30, End: true } } },
    input: {},
    expect: { status: 'TIMED_OUT', error: 'States.Timeout' },
  },
  {
    name: 'A loop: Choice back to an earlier state re-enters it',
    asl: {
      StartAt: 'Inc',
      States: {
        Inc: { Type: 'Pass', Parameters: { 'n.$': 'States.MathAdd($.n, 1)' }, Next: 'Check' },
        Check: { Type: 'Choice', Choices: [{ Variable: '$.n', NumericLessThan: 4, Next: 'Inc' }], Default: 'Done' },
        Done: { Type: 'Succeed' },
      },
    },
    input: { n: 0 },
    expect: ok({ n: 4 }),
  },
];

describe('ASL semantics through the runner', () => {
  it.each(CASES)('$name', async (c) => {
    const run = await h.run(workflowOf(c.asl), c.input, 40_000);
    expect(run).toMatchObject(c.expect);
  });

  it('Wait does not hold a worker: the Wait state is released with a delayed notification', async () => {
    const wf = workflowOf({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 2, End: true } } });
    const run = await h.run(wf, {});
    const view = await h.finalized(run.run_id);
    const notes = view.events.map((e) => (e.event as { note?: string }).note ?? '');
    const until = notes.find((n) => n.startsWith('waiting until '))?.slice('waiting until '.length);
    // By the run's recorded times, not this test's stopwatch: the Wait's target is 2 s after the run
    // started, and the run finished only once it had passed.
    expect(Date.parse(until!) - Date.parse(run.started_at)).toBeGreaterThanOrEqual(2_000);
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(until!));
  });

  it('Map iterations are visible in the control plane', async () => {
    const wf = workflowOf({
      StartAt: 'M',
      States: { M: { Type: 'Map', ItemProcessor: { StartAt: 'E', States: { E: task('echo', { End: true }) } }, End: true } },
    });
    const run = await h.run(wf, [{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(run.output).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    const view = await h.finalized(run.run_id);
    expect(Object.keys(view.states).sort()).toEqual(['M', 'M[0]/E', 'M[1]/E', 'M[2]/E']);
    expect(view.entries['M[1]/E']).toMatchObject({ input: { a: 2 }, parent: { instance: 'M', index: 1 } });
  });
});
