import { describe, expect, it } from 'vitest';
import { beginStateTest, finishTaskTest, type TestEnvironment } from './test-state.ts';

const env: TestEnvironment = {
  context: {
    Execution: { Id: 'test', Input: {}, Name: 'test', StartTime: '2026-11-29T10:00:00Z' },
    State: { Name: 'S', EnteredTime: '2026-11-29T10:00:00Z', RetryCount: 0 },
    StateMachine: { Id: 'wf@1.0.0', Name: 'wf' },
  },
  now: new Date('2026-11-29T10:00:00Z'),
};

const choice = {
  Type: 'Choice',
  InputPath: '$.call',
  Choices: [
    { Variable: '$.score', NumericGreaterThanEquals: 80, Next: 'Good' },
    { Variable: '$.flagged', BooleanEquals: true, Next: 'Review' },
  ],
  Default: 'Bad',
};

describe('beginStateTest', () => {
  it('runs a Pass through InputPath, Parameters, ResultPath and OutputPath', () => {
    const state = { Type: 'Pass', Parameters: { 'who.$': '$.name' }, ResultPath: '$.greeting', OutputPath: '$.greeting', Next: 'N' };
    expect(beginStateTest(state, { name: 'Ada' }, env)).toMatchObject({
      effective_input: { who: 'Ada' },
      result: { who: 'Ada' },
      output: { who: 'Ada' },
      next: 'N',
      failure: null,
    });
  });

  it.each([
    [{ call: { score: 91 } }, 'Good', 0],
    [{ call: { score: 10, flagged: true } }, 'Review', 1],
    [{ call: { score: 10, flagged: false } }, 'Bad', null],
  ])('chooses the next state of a Choice for %j', (input, next, rule) => {
    const r = beginStateTest(choice, input, env);
    expect(r).toMatchObject({ next, matched_rule: rule, effective_input: input.call, output: input.call, failure: null });
  });

  it('reports States.NoChoiceMatched without a Default, and a missing Variable as States.Runtime', () => {
    const { Default: _d, ...noDefault } = choice;
    expect(beginStateTest(noDefault, { call: { score: 1, flagged: false } }, env).failure).toMatchObject({
      error: 'States.NoChoiceMatched',
    });
    const missing = beginStateTest(choice, { call: {} }, env).failure;
    expect(missing).toMatchObject({ error: 'States.Runtime', retry: null, catcher: null });
  });

  it('computes when a Wait would end without waiting', () => {
    const r = beginStateTest({ Type: 'Wait', SecondsPath: '$.delay', Next: 'N' }, { delay: 90 }, env);
    expect(r).toMatchObject({ wait_until: '2026-11-29T10:01:30.000Z', next: 'N', output: { delay: 90 } });
  });

  it('gives a Fail state its error and cause', () => {
    const r = beginStateTest({ Type: 'Fail', Error: 'Low', CausePath: '$.why' }, { why: 'too low' }, env);
    expect(r).toMatchObject({ end: true, failure: { error: 'Low', cause: 'too low', catcher: null } });
  });

  it('selects the items of a Map and the input of its first iterations', () => {
    const map = {
      Type: 'Map',
      ItemsPath: '$.calls',
      ItemSelector: { 'id.$': '$$.Map.Item.Value.id', 'n.$': '$$.Map.Item.Index' },
      ItemProcessor: { StartAt: 'Score', States: { Score: { Type: 'Pass', End: true } } },
      End: true,
    };
    const r = beginStateTest(map, { calls: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] }, env);
    expect(r.items).toEqual({
      count: 4,
      first_inputs: [
        { id: 'a', n: 0 },
        { id: 'b', n: 1 },
        { id: 'c', n: 2 },
      ],
    });
    expect(r.notes[0]).toContain('tested one by one');
    expect(beginStateTest(map, { calls: 'x' }, env).failure).toMatchObject({ error: 'States.Runtime' });
  });
});

describe('a Task', () => {
  const task = {
    Type: 'Task',
    Parameters: { 'recording_uri.$': '$.uri' },
    ResultSelector: { 'text.$': '$.data.text' },
    ResultPath: '$.transcript',
    Retry: [{ ErrorEquals: ['TimeoutError'], IntervalSeconds: 2, MaxAttempts: 2 }],
    Catch: [
      { ErrorEquals: ['RecordingNotFound'], ResultPath: '$.problem', Next: 'Missing' },
      { ErrorEquals: ['States.ALL'], Next: 'Broken' },
    ],
    Next: 'Analyse',
  };
  const input = { uri: 'rec://1' };

  it('stops at its effective input, then takes the skill result through ResultSelector and ResultPath', () => {
    const begun = beginStateTest(task, input, env);
    expect(begun).toMatchObject({ call: true, effective_input: { recording_uri: 'rec://1' }, output: null });
    const done = finishTaskTest(begun, task, input, { ok: true, result: { ok: true, data: { text: 'hello' } } }, env);
    expect(done).toMatchObject({ call: false, output: { uri: 'rec://1', transcript: { text: 'hello' } }, next: 'Analyse' });
  });

  it('names the retrier and the catcher that would take a skill error', () => {
    const begun = beginStateTest(task, input, env);
    const timeout = finishTaskTest(begun, task, input, { ok: false, error: 'TimeoutError', cause: 'slow' }, env);
    expect(timeout.failure).toMatchObject({
      error: 'TimeoutError',
      retry: { retrier: 0, delay_ms: 2000 },
      catcher: { index: 1, next: 'Broken' },
    });
    const missing = finishTaskTest(begun, task, input, { ok: false, error: 'RecordingNotFound', cause: 'no rec://1' }, env);
    expect(missing.failure).toMatchObject({
      retry: null,
      catcher: { index: 0, next: 'Missing', output: { uri: 'rec://1', problem: { Error: 'RecordingNotFound', Cause: 'no rec://1' } } },
    });
  });

  it('fails with States.ParameterPathFailure when Parameters name nothing, before any call', () => {
    const r = beginStateTest(task, { other: 1 }, env);
    expect(r).toMatchObject({ call: false, failure: { error: 'States.ParameterPathFailure', catcher: { next: 'Broken' } } });
  });

  it('reports a ResultSelector that names nothing in the result as the state failure', () => {
    const begun = beginStateTest(task, input, env);
    const r = finishTaskTest(begun, task, input, { ok: true, result: { ok: true } }, env);
    expect(r.failure).toMatchObject({ error: 'States.ParameterPathFailure', catcher: { next: 'Broken' } });
    expect(r.result).toEqual({ ok: true });
  });
});
