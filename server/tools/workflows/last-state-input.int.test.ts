import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { executionHarness, workflowOf, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * get_last_state_input over real runs (real Redis, in-process workers): the raw input a state had
 * in the newest run of the workflow that reached it — a run that went the other way at a Choice is
 * passed over — with the run, its version and when the state was entered; none when no run did.
 */
describe('get_last_state_input (real Redis, in-process workers)', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  const wf = workflowOf({
    StartAt: 'Tag',
    States: {
      Tag: { Type: 'Pass', Result: 'tagged', ResultPath: '$.tag', Next: 'Route' },
      Route: { Type: 'Choice', Choices: [{ Variable: '$.n', NumericEquals: 1, Next: 'One' }], Default: 'Other' },
      One: { Type: 'Pass', End: true },
      Other: { Type: 'Pass', End: true },
    },
  });
  const ask = (state: string, workflow_id = wf.workflow_id) =>
    invokeTool(
      findTool('get_last_state_input')!,
      { workflow_id, state },
      {
        actor: systemActor('test'),
        services: { config: h.config, execution: async () => h.x },
      },
    ) as Promise<Record<string, any>>;

  beforeAll(async () => {
    h = await executionHarness();
  });
  afterAll(async () => h?.close());

  it('reads the newest run that reached the state, passing over a newer run that did not', async () => {
    expect(await ask('One')).toMatchObject({ status: 'ok', found: null, runs_searched: 0 });
    const first = await h.run(wf, { n: 1 });
    const second = await h.run(wf, { n: 2 });
    expect([first.status, second.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);

    const one = await ask('One');
    expect(one).toMatchObject({
      status: 'ok',
      runs_searched: 2,
      found: { run_id: first.run_id, workflow_version: '1.0.0', instance: 'One', input: { n: 1, tag: 'tagged' } },
    });
    expect(Date.parse(one.found.entered_at)).toBeGreaterThanOrEqual(Date.parse(first.started_at));
    expect(await ask('Other')).toMatchObject({ found: { run_id: second.run_id, input: { n: 2, tag: 'tagged' } }, runs_searched: 1 });
    expect(await ask('Tag')).toMatchObject({ found: { run_id: second.run_id, input: { n: 2 } } });
    expect(await ask('Nowhere')).toMatchObject({ status: 'ok', found: null, runs_searched: 2 });
    expect(await ask('One', 'another-workflow')).toMatchObject({ status: 'ok', found: null, runs_searched: 0 });
  });
});
