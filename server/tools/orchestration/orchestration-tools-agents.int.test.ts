import { describe, expect, it } from 'vitest';
import { eventually } from '../../agents/local/testing/platform-harness.ts';
import { type Actor } from '../../contracts/audit-actor.ts';
import { getDispatch, refreshDispatch } from '../../orchestration/dispatch.ts';
import { orchestrationToolsHarness } from './testing/orchestration-tools-harness.ts';

/**
 * Contract tests of the orchestration tools (agent-memory-and-orchestration-tools.md 5.1–5.3 and
 * the job tools beside them) on the local runtime (orchestration-tools-harness.ts): creating agent instances
 * and dispatching tasks to them — exactly the spec's output fields, the error envelope for bad
 * JSON, unknown templates and agents; dispatches are really delivered, acknowledged and answered.
 */
describe('the orchestration tools', () => {
  const harness = orchestrationToolsHarness();
  const { okCall, failCall } = harness;

  describe('create_new_agent_instance', () => {
    it('creates from a template by name and by name@version, stores the config in memory, starts it or not', async () => {
      const r = await okCall('create_new_agent_instance', {
        agent_type_template: 'worker',
        agent_name_label: 'QA reviewer',
        initial_config_json: '{"advisors":"all","threshold":0.8}',
      });
      expect(r).toMatchObject({
        agent_type_template: 'worker@1.0.0',
        agent_name_label: 'QA reviewer',
        instance_status: 'RUNNING',
      });
      const id = String(r.agent_id);
      const agent = await harness.platform.getAgent(id);
      expect(agent?.name).toBe('QA reviewer');
      expect(agent?.tags).toEqual(expect.arrayContaining(['orchestrated', 'template:worker', 'instance-status:running']));
      const block = (await harness.platform.listAgentBlocks(id)).find((b) => b.label === 'initial_config');
      expect(JSON.parse(block!.value)).toEqual({ advisors: 'all', threshold: 0.8 });
      // Started: its first turn is the start message, delivered through the inbox.
      await eventually(async () =>
        (await harness.platform.listMessages(id)).some(
          (m) => m.event.message_type === 'user_message' && m.event.content.includes('"type":"agent_instance_started"'),
        ),
      );

      const idle = await okCall('create_new_agent_instance', {
        agent_type_template: 'worker@1.0.0',
        agent_name_label: 'idle one',
        initial_config_json: '{}',
        start_immediately: false,
      });
      expect(idle.instance_status).toBe('INITIALIZED');
      await new Promise((r) => setTimeout(r, 300));
      expect(await harness.platform.listMessages(String(idle.agent_id))).toEqual([]);
    });

    it('refuses unknown templates (listing the available ones), wrong versions and config that is not a JSON object', async () => {
      const unknown = await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'AnalystAgent_LTECS_v1', agent_name_label: 'x', initial_config_json: '{}' },
        'not_found',
      );
      expect(unknown).toMatch(/available: .*worker@1\.0\.0/);
      expect(unknown).toMatch(/planner@/);
      await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'worker@9.9.9', agent_name_label: 'x', initial_config_json: '{}' },
        'not_found',
      );
      expect(
        await failCall(
          'create_new_agent_instance',
          { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '[1,2]' },
          'invalid_input',
        ),
      ).toMatch(/initial_config_json/);
      expect(
        await failCall(
          'create_new_agent_instance',
          { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '{nope' },
          'invalid_input',
        ),
      ).toMatch(/not valid JSON/);
      await failCall('create_new_agent_instance', { agent_type_template: 'worker', initial_config_json: '{}' }, 'invalid_input');
      await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '{}', start_immediately: 'yes' },
        'invalid_input',
      );
    });
  });

  describe('dispatch_task_to_agent', () => {
    it('queues durably, is acknowledged once the target takes it, and routes the reply back to the dispatching agent', async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'target' });
      const soa = await harness.platform.createAgent({ template: 'planner', name: 'orchestrator' });
      const asSoa: Actor = { kind: 'agent', id: soa.id, label: 'orchestrator' };
      const r = await okCall(
        'dispatch_task_to_agent',
        {
          target_agent_id: target.id,
          task_type: 'QA_REVIEW',
          task_payload_json: '{"advisor":"all"}',
          reply_expected: true,
        },
        asSoa,
      );
      expect(r).toMatchObject({ target_agent_id: target.id, dispatch_status: 'QUEUED_FOR_DELIVERY' });
      const id = String(r.dispatched_task_id);
      const row = await getDispatch(harness.handle.db, id);
      expect(row).toMatchObject({
        targetAgentId: target.id,
        dispatcherKind: 'agent',
        dispatcherId: soa.id,
        taskType: 'QA_REVIEW',
        taskPayload: { advisor: 'all' },
        replyExpected: true,
      });

      // The target's turn takes it and answers; refreshing records both and sends the reply to the dispatcher.
      const done = await eventually(async () => {
        const now = await refreshDispatch(harness.platform, harness.handle.db, (await getDispatch(harness.handle.db, id))!);
        return now.replyAt ? now : null;
      });
      expect(done.status).toBe('DELIVERY_ACKNOWLEDGED');
      expect(done.acknowledgedAt).not.toBeNull();
      expect(done.replyText).toBe(`done QA_REVIEW ${id}`);
      expect(done.replyRoutedTo).toBe(soa.id);
      const delivered = await eventually(async () =>
        (await harness.platform.listMessages(soa.id)).find(
          (m) => m.event.message_type === 'user_message' && m.event.content.includes('"type":"dispatched_task_reply"'),
        ),
      );
      const content = (delivered.event as { content: string }).content;
      expect(content).toContain(`"dispatched_task_id":"${id}"`);
      expect(content).toContain(`"reply_text":"done QA_REVIEW ${id}"`);
      // A second refresh does not route it again.
      await refreshDispatch(harness.platform, harness.handle.db, (await getDispatch(harness.handle.db, id))!);
      await new Promise((r) => setTimeout(r, 300));
      const replies = (await harness.platform.listMessages(soa.id)).filter(
        (m) => m.event.message_type === 'user_message' && m.event.content.includes('dispatched_task_reply'),
      );
      expect(replies).toHaveLength(1);
    });

    it('a user dispatcher finds the reply recorded on the dispatch; without reply_expected nothing is routed', async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'target-2' });
      const user: Actor = { kind: 'user', id: '00000000-0000-4000-8000-000000000001', label: 'admin', role: 'admin' };
      const r = await okCall(
        'dispatch_task_to_agent',
        { target_agent_id: target.id, task_type: 'PING', task_payload_json: '{}', reply_expected: true },
        user,
      );
      const id = String(r.dispatched_task_id);
      const done = await eventually(async () => {
        const now = await refreshDispatch(harness.platform, harness.handle.db, (await getDispatch(harness.handle.db, id))!);
        return now.replyAt ? now : null;
      });
      expect(done).toMatchObject({ replyText: `done PING ${id}`, replyRoutedTo: null, dispatcherKind: 'user' });

      const quiet = await okCall('dispatch_task_to_agent', {
        target_agent_id: target.id,
        task_type: 'FYI',
        task_payload_json: '{"a":1}',
      });
      const qid = String(quiet.dispatched_task_id);
      const acked = await eventually(async () => {
        const now = await refreshDispatch(harness.platform, harness.handle.db, (await getDispatch(harness.handle.db, qid))!);
        return now.status === 'DELIVERY_ACKNOWLEDGED' ? now : null;
      });
      expect(acked.replyText).toBeNull();
    });

    it('refuses an unknown target and a payload that is not a JSON object', async () => {
      await failCall('dispatch_task_to_agent', { target_agent_id: 'agent-nope', task_type: 'X', task_payload_json: '{}' }, 'not_found');
      const target = await harness.platform.createAgent({ template: 'worker', name: 'target-3' });
      await failCall(
        'dispatch_task_to_agent',
        { target_agent_id: target.id, task_type: 'X', task_payload_json: '"text"' },
        'invalid_input',
      );
      await failCall('dispatch_task_to_agent', { target_agent_id: target.id, task_type: '', task_payload_json: '{}' }, 'invalid_input');
      await failCall('dispatch_task_to_agent', { target_agent_id: target.id, task_type: 'X' }, 'invalid_input');
    });
  });
});
