import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness;
beforeAll(async () => {
  h = await executionHarness();
});
afterAll(() => h.close());

describe('a run end to end (real Redis, BullMQ, in-process workers)', () => {
  it('Task with Parameters ($, $$, intrinsic) → ResultSelector → ResultPath → OutputPath', async () => {
    const wf = workflowOf({
      StartAt: 'Echo',
      States: {
        Echo: task('echo', {
          Parameters: { 'who.$': '$.name', 'greeting.$': "States.Format('hi {}', $.name)", 'state.$': '$$.State.Name', fixed: 7 },
          ResultSelector: { 'said.$': '$.greeting', 'by.$': '$.state', 'n.$': '$.fixed' },
          ResultPath: '$.echo',
          OutputPath: '$.echo',
          Next: 'Done',
        }),
        Done: { Type: 'Succeed' },
      },
    });
    const run = await h.run(wf, { name: 'Alex' });
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { said: 'hi Alex', by: 'Echo', n: 7 }, error: null });
    const view = await h.finalized(run.run_id);
    expect(view.states.Echo).toMatchObject({ status: 'done', attempts: 1, lease: { token: null } });
    for (const doc of Object.values(view.states)) expect(validateAgainstSchema('control_plane_state', doc)).toEqual([]);
    expect(validateAgainstSchema('control_plane_meta', view.meta)).toEqual([]);
    expect(view.data.Echo).toMatchObject({ ok: true, data: { who: 'Alex', greeting: 'hi Alex', state: 'Echo', fixed: 7 } });
    expect(validateAgainstSchema('data_plane_output', view.data.Echo)).toEqual([]);
    // finalize ran when the run ended: worker agents deleted, summary on the record
    expect(await h.x.agents.listRunAgents(run.run_id)).toEqual([]);
    expect(view.run.summary).toMatchObject({ status: 'SUCCEEDED', states: { done: 2 } });
  });

  it('the run input is validated against workflow_input_schema', async () => {
    const wf = workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', End: true } } }, { type: 'object', required: ['advisor_name'], properties: { advisor_name: { type: 'string' } } });
    await expect(h.run(wf, { advisor: 1 })).rejects.toThrow(/workflow_input_schema/);
  });

  it('many runs of one workflow at once, each with its own control plane', async () => {
    const wf = workflowOf({ StartAt: 'E', States: { E: task('echo', { Parameters: { 'i.$': '$.i' }, OutputPath: '$.i', End: true }) } });
    const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => h.run(wf, { i })));
    expect(runs.map((r) => r.output)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(new Set(runs.map((r) => r.run_id)).size).toBe(12);
  });
});
