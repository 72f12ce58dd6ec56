import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { createWorkflowControlPlane } from './create-control-plane.ts';
import { createWorkerAgents } from './create-worker-agents.ts';
import { notificationPayload } from './handle-notification.ts';
import { notifyNextWorkerAgent, readOutbox } from './notify.ts';
import { waitForRun } from './wait-run.ts';
import { loadRunDefinition } from './run-definition.ts';
import { finalizeWorkflow } from './finalize.ts';
import { isRunSettled } from './run-settled.ts';
import { runKeys } from '../controlplane/keys.ts';
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
    const wf = workflowOf(
      { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
      { type: 'object', required: ['advisor_name'], properties: { advisor_name: { type: 'string' } } },
    );
    await expect(h.run(wf, { advisor: 1 })).rejects.toThrow(/workflow_input_schema/);
  });

  it('notifications follow the notification schema (A5); a repeated nudge_id is a no-op', async () => {
    const wf = workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', Next: 'E' }, E: task('echo', { End: true }) } });
    const created = await createWorkflowControlPlane(h.x, { workflow: wf, input: { a: 1 }, started_by: 'test' });
    if (!created.ok) throw new Error(created.message);
    await createWorkerAgents(h.x, created.run_id);
    const [initial] = await readOutbox(h.x, created.run_id);
    const payload = notificationPayload('00000000-0000-4000-8000-000000000001', initial!);
    expect(validateAgainstSchema('notification_payload', payload)).toEqual([]);
    expect(payload.workflow_event).toMatchObject({ type: 'notify_start', state: 'P', reason: 'initial', run_id: created.run_id });
    const first = await notifyNextWorkerAgent(h.x, created.run_id);
    const again = await notifyNextWorkerAgent(h.x, created.run_id, 'P');
    expect(first.notified.map((n) => n.id)).toEqual([initial!.id]);
    expect(again).toMatchObject({ notified: [], already: [{ id: initial!.id }] });
    await h.x.dispatcher.dispatch([initial!, initial!]);
    expect(await h.x.dispatcher.queue.getJobCountByTypes('completed', 'active', 'waiting', 'delayed')).toBeGreaterThan(0);
    const run = await waitForRun(h.x, created.run_id, 10_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { a: 1 } });
    const view = await h.finalized(created.run_id);
    expect(view.states.P).toMatchObject({ status: 'done', attempts: 1 });
    const entered = view.events.filter((e) => e.event.note === 'lease_acquired' && e.event.instance === 'P');
    expect(entered).toHaveLength(1);
  });

  it('creates a run once per run_id: a second call writes nothing and returns the first meta', async () => {
    const wf = workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', End: true } } });
    const other = workflowOf({ StartAt: 'Q', States: { Q: { Type: 'Pass', End: true } } });
    const run_id = '00000000-0000-4000-8000-00000000c0de';
    const first = await createWorkflowControlPlane(h.x, { workflow: wf, input: {}, started_by: 'test', run_id });
    const second = await createWorkflowControlPlane(h.x, { workflow: other, input: {}, started_by: 'test', run_id });
    expect(first).toMatchObject({ ok: true, created: true, meta: { start_at: 'P' } });
    expect(second).toMatchObject({ ok: true, created: false, meta: { start_at: 'P' }, start: null });
    expect(JSON.parse((await h.x.redis.get(runKeys(run_id).workflow))!)).toMatchObject({ asl: { StartAt: 'P' } });
  });

  it("a run's definition is known to its creator without a read while it runs, and dropped once it has settled", async () => {
    const wf = workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', End: true } } });
    const created = await createWorkflowControlPlane(h.x, { workflow: wf, input: { n: 1 }, started_by: 'test' });
    if (!created.ok) throw new Error(created.message);
    const k = runKeys(created.run_id);
    const stored = (await h.x.redis.get(k.workflow))!;
    // Rewritten behind the engine's back: a cached definition does not see it, a read one does.
    const renamed = stored.replace('"workflow_name":"', '"workflow_name":"renamed ');
    await h.x.redis.set(k.workflow, renamed);
    expect(await loadRunDefinition(h.x.redis, created.run_id)).toMatchObject({ input: { n: 1 }, workflow: JSON.parse(stored) });
    await createWorkerAgents(h.x, created.run_id);
    await notifyNextWorkerAgent(h.x, created.run_id);
    expect(await waitForRun(h.x, created.run_id, 10_000)).toMatchObject({ status: 'SUCCEEDED' });
    expect((await loadRunDefinition(h.x.redis, created.run_id))!.workflow).toEqual(JSON.parse(renamed));
  });

  it('a run aborted by finalize_workflow is settled at once: a wait for it answers without waiting out its bound', async () => {
    const wf = workflowOf({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 600, End: true } } });
    const created = await createWorkflowControlPlane(h.x, { workflow: wf, input: {}, started_by: 'test' });
    if (!created.ok) throw new Error(created.message);
    await createWorkerAgents(h.x, created.run_id);
    await notifyNextWorkerAgent(h.x, created.run_id);
    expect(await finalizeWorkflow(h.x, created.run_id, { abort: true, reason: 'test' })).toMatchObject({ ok: true });
    expect(await isRunSettled(h.x.redis, created.run_id)).toBe(true);
    expect(await waitForRun(h.x, created.run_id, 10_000)).toMatchObject({ status: 'ABORTED', cause: 'test' });
  });

  it('many runs of one workflow at once, each with its own control plane', async () => {
    const wf = workflowOf({ StartAt: 'E', States: { E: task('echo', { Parameters: { 'i.$': '$.i' }, OutputPath: '$.i', End: true }) } });
    const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => h.run(wf, { i })));
    expect(runs.map((r) => r.output)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(new Set(runs.map((r) => r.run_id)).size).toBe(12);
  });
});
