import { describe, expect, it } from 'vitest';
import { delegationToolsHarness, WHISPER } from './testing/delegation-tools-harness.ts';

/**
 * Contract tests of the DCF+ tools (dcf-plus-delegated-execution-tools.md "DCF+ Tool Categories",
 * plus read_shared_memory_blocks) on the local runtime (delegation-tools-harness.ts): the shared
 * blocks — one writer each, the limit enforced, the guidelines' revision going up — and reading
 * another agent's shared blocks.
 */
describe('the DCF+ tools', () => {
  const dcf = delegationToolsHarness();
  const { agent, call, okCall, session } = dcf;

  it('keeps the shared blocks’ rules: one writer each, the limit enforced with a clear error, the guidelines’ revision going up', async () => {
    const s = await session();
    const c = String(
      (
        await okCall('create_companion', {
          session_id: s.id,
          conductor_id: s.conductor,
          specialization: 'call-review',
          shared_block_ids_json: JSON.stringify([s.blocks.session_context]),
        })
      ).companion_id,
    );
    expect(await call('update_session_context', { session_id: s.id, goals_json: '["x"]' }, agent(c))).toMatchObject({
      error_code: 'forbidden',
    });
    const done = await okCall(
      'update_session_context',
      {
        session_id: s.id,
        goals_json: '["quality of HELOC calls"]',
        add_active_task_json: '{"task_id": "manual-1", "description": "by hand"}',
      },
      agent(s.conductor),
    );
    expect(done.updated_fields).toEqual(['user_goals', 'active_tasks']);
    const huge = await call('update_session_context', { session_id: s.id, goals_json: JSON.stringify(['x'.repeat(9000)]) });
    expect(huge).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(String(huge.error)).toMatch(/session_context would be \d+ characters, over its limit of 8000/);
    expect(await call('update_session_context', { session_id: s.id, complete_task_id: 'never-delegated' })).toMatchObject({
      status: 'error',
    });

    const strategist = (await dcf.platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] }))[0]!.id;
    expect(
      await call('update_conductor_guidelines', { conductor_id: s.conductor, add_warning_json: '{"text": "x"}' }, agent(c)),
    ).toMatchObject({ error_code: 'forbidden' });
    const preference = {
      type: 'skill_preference',
      capability: 'transcription',
      prefer: 'skill://assemblyai-transcribe@1.2.0',
      avoid: [WHISPER],
      reason: 'whisper failed 3 of 3',
      evidence: { failures: 3 },
      confidence: 0.9,
    };
    const first = await okCall(
      'update_conductor_guidelines',
      { conductor_id: s.conductor, add_recommendation_json: JSON.stringify(preference) },
      agent(strategist),
    );
    const second = await okCall(
      'update_conductor_guidelines',
      { conductor_id: s.conductor, add_warning_json: '{"type": "companion_failing", "text": "c fails"}' },
      agent(strategist),
    );
    expect([first.revision, second.revision]).toEqual([1, 2]);
    expect(first.guidelines_block_id).toBe(s.blocks.strategist_guidelines);
    expect(JSON.parse((await dcf.platform.getBlock(s.blocks.strategist_guidelines))!.value)).toMatchObject({
      revision: 2,
      skill_preferences: { transcription: { prefer: preference.prefer, avoid: [WHISPER] } },
    });
    expect(await call('update_conductor_guidelines', { conductor_id: 'agent-unknown', add_warning_json: '{}' })).toMatchObject({
      error_code: 'not_found',
    });

    // Agents cannot edit the shared blocks themselves (read-only for them; the tools write).
    const edit = await dcf.platform.sendMessage(c, { role: 'user', content: 'hello' });
    expect(edit.some((e) => e.message_type === 'error_message')).toBe(true); // no brain here: nothing written
    const blocks = await dcf.platform.listAgentBlocks(c);
    expect(blocks.find((b) => b.label === 'session_context')!.read_only).toBe(true);
  });

  it('read_shared_memory_blocks: another agent’s shared blocks, read-only, for agents that share one with it', async () => {
    const s = await session();
    const strategist = (await dcf.platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] }))[0]!.id;
    const r = await okCall('read_shared_memory_blocks', { agent_id: s.conductor }, agent(strategist));
    const labels = (r.blocks as Array<{ label: string; shared_with: string[] }>).map((b) => b.label).sort();
    expect(labels).toEqual(['session_context', 'strategist_guidelines']);
    const only = await okCall(
      'read_shared_memory_blocks',
      { agent_id: s.conductor, labels_json: '["session_context"]' },
      agent(strategist),
    );
    expect((only.blocks as unknown[]).length).toBe(1);
    const stranger = await dcf.platform.createAgent({ template: 'companion' });
    expect(await call('read_shared_memory_blocks', { agent_id: s.conductor }, agent(stranger.id))).toMatchObject({
      error_code: 'forbidden',
    });
    expect(await call('read_shared_memory_blocks', { agent_id: 'agent-none' })).toMatchObject({ error_code: 'not_found' });
  });
});
