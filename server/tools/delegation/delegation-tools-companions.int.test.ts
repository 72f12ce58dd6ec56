import { describe, expect, it } from 'vitest';
import { delegationToolsHarness, WHISPER } from './testing/delegation-tools-harness.ts';

/**
 * Contract tests of the DCF+ tools (dcf-plus-delegated-execution-tools.md "DCF+ Tool Categories",
 * plus read_shared_memory_blocks) on the local runtime (delegation-tools-harness.ts): Companions —
 * created as the spec says (the pool capped, nothing left behind on failure), delegated a task,
 * and broadcast one that the first claim wins.
 */
describe('the DCF+ tools', () => {
  const dcf = delegationToolsHarness();
  const { agent, call, okCall, session } = dcf;

  it('create_companion: tags as the spec, blocks as its table, the pool capped, nothing left behind on failure', async () => {
    const s = await session();
    const made = await okCall('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'call-review',
      shared_block_ids_json: JSON.stringify([s.blocks.session_context]),
      initial_skills_json: JSON.stringify([WHISPER]),
    });
    expect(made.tags).toEqual(['role:companion', `session:${s.id}`, 'specialization:call-review', 'status:idle']);
    expect(made.companion_name).toMatch(new RegExp(`^companion-${s.id.slice(0, 8)}-[0-9a-f]{8}$`));
    expect(made.shared_blocks_attached).toEqual([s.blocks.session_context]);
    const blocks = await dcf.platform.listAgentBlocks(String(made.companion_id));
    expect(blocks.map((b) => b.label).sort()).toEqual(['dcf_active_skills', 'persona', 'session_context', 'task_context']);
    expect(JSON.parse(blocks.find((b) => b.label === 'dcf_active_skills')!.value)).toEqual([WHISPER]);
    expect(await dcf.platform.listBlockAgents(s.blocks.session_context)).toContain(made.companion_id);

    const count = async () => (await dcf.platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length;
    const unknownSkill = await call('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'x',
      shared_block_ids_json: '[]',
      initial_skills_json: '["skill://nope@1.0.0"]',
    });
    expect(unknownSkill).toMatchObject({ status: 'error', error_code: 'not_found' });
    const foreign = await call('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'x',
      shared_block_ids_json: JSON.stringify(['block-missing']),
    });
    expect(foreign).toMatchObject({ status: 'error', error_code: 'not_found' });
    expect(
      await call('create_companion', {
        session_id: 'no-such-session',
        conductor_id: s.conductor,
        specialization: 'x',
        shared_block_ids_json: '[]',
      }),
    ).toMatchObject({ error_code: 'not_found' });
    expect(await count()).toBe(1);
    await okCall('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'generalist',
      shared_block_ids_json: '[]',
    });
    const full = await call('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'generalist',
      shared_block_ids_json: '[]',
    });
    expect(full).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect(String(full.error)).toContain('pool is full (2 of 2)');
    expect(await count()).toBe(2);
    const listed = await okCall('list_session_companions', { session_id: s.id });
    expect(listed.count).toBe(2);
    expect((listed.companions as Array<Record<string, unknown>>)[0]).toEqual({
      companion_id: made.companion_id,
      companion_name: made.companion_name,
      specialization: 'call-review',
      status: 'idle',
      current_task_id: null,
      loaded_skills: [WHISPER],
    });
    expect((await okCall('list_session_companions', { session_id: s.id, specialization_filter: 'generalist' })).count).toBe(1);
    expect(await call('list_session_companions', { session_id: 'nope' })).toMatchObject({ error_code: 'not_found' });
  });

  it('delegate_task: a valid task_delegation sent, the Companion busy, the task tracked and logged; a busy Companion is refused', async () => {
    const s = await session();
    const c = await okCall('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'call-review',
      shared_block_ids_json: JSON.stringify([s.blocks.session_context]),
    });
    const id = String(c.companion_id);
    const r = await okCall('delegate_task', {
      companion_id: id,
      task_id: 't-1',
      description: 'Transcribe one call',
      skills_required_json: JSON.stringify([WHISPER]),
      context_json: '{"inputs": {"uri": "s3://x"}}',
      priority: 'high',
    });
    expect(r.message_sent).toBe(true);
    expect(r.delegation_payload).toMatchObject({
      type: 'task_delegation',
      task_id: 't-1',
      skills_required: [WHISPER],
      priority: 'high',
      conductor_id: s.conductor,
      session_id: s.id,
    });
    expect((await dcf.platform.getAgent(id))!.tags).toContain('status:busy');
    const sc = JSON.parse((await dcf.platform.getBlock(s.blocks.session_context))!.value);
    expect(sc.active_tasks['t-1']).toMatchObject({ companion_id: id, status: 'delegated' });
    expect(sc.companions[id]).toMatchObject({ status: 'busy', current_task_id: 't-1' });
    expect((await dcf.platform.getBlock(s.blocks.delegation_log))!.value).toMatch(/delegated t-1 → companion-/);
    expect(
      await call('delegate_task', { companion_id: id, task_id: 't-2', description: 'more', skills_required_json: '[]' }),
    ).toMatchObject({ error_code: 'conflict' });
    expect(
      await call('delegate_task', { companion_id: 'agent-none', task_id: 't-3', description: 'x', skills_required_json: '[]' }),
    ).toMatchObject({ error_code: 'not_found' });
    const idle = String(
      (
        await okCall('create_companion', {
          session_id: s.id,
          conductor_id: s.conductor,
          specialization: 'call-review',
          shared_block_ids_json: '[]',
        })
      ).companion_id,
    );
    expect(
      await call('delegate_task', { companion_id: idle, task_id: 't-4', description: 'x', skills_required_json: '["skill://nope@1.0.0"]' }),
    ).toMatchObject({ error_code: 'not_found' });
    expect(
      await call('delegate_task', { companion_id: idle, task_id: 't-1', description: 'again', skills_required_json: '[]' }),
    ).toMatchObject({ error_code: 'conflict' });
    const plan = [{ step: 'say', skill: WHISPER, tool: 'no_such_tool', args: {}, result: 'r' }];
    const badPlan = await call('delegate_task', {
      companion_id: idle,
      task_id: 't-5',
      description: 'x',
      skills_required_json: JSON.stringify([WHISPER]),
      context_json: JSON.stringify({ plan }),
    });
    expect(badPlan).toMatchObject({ error_code: 'invalid_input' });
    expect(String(badPlan.error)).toContain('has no tool no_such_tool');
    expect((await dcf.platform.getAgent(idle))!.tags).toContain('status:idle');
  });

  it('broadcast_task: idle Companions of the specialization notified, the first claim wins', async () => {
    const s = await session();
    const a = String(
      (
        await okCall('create_companion', {
          session_id: s.id,
          conductor_id: s.conductor,
          specialization: 'call-review',
          shared_block_ids_json: '[]',
        })
      ).companion_id,
    );
    const b = String(
      (
        await okCall('create_companion', {
          session_id: s.id,
          conductor_id: s.conductor,
          specialization: 'call-review',
          shared_block_ids_json: '[]',
        })
      ).companion_id,
    );
    const r = await okCall('broadcast_task', {
      session_id: s.id,
      task_id: 'bt-1',
      description: 'Whoever is free',
      skills_required_json: JSON.stringify([WHISPER]),
    });
    expect(new Set(r.companions_notified as string[])).toEqual(new Set([a, b]));
    expect(r.companions_skipped).toEqual([]);
    expect(
      (await okCall('update_companion_status', { companion_id: b, status: 'busy', current_task_id: 'bt-1' }, agent(b))).updated_tags,
    ).toContain('status:busy');
    expect(await call('update_companion_status', { companion_id: a, status: 'busy', current_task_id: 'bt-1' }, agent(a))).toMatchObject({
      error_code: 'conflict',
    });
    expect(await call('update_companion_status', { companion_id: a, status: 'idle' }, agent(b))).toMatchObject({ error_code: 'forbidden' });
    const later = await okCall('broadcast_task', { session_id: s.id, task_id: 'bt-2', description: 'Another', skills_required_json: '[]' });
    expect(later.companions_notified).toEqual([a]);
    expect(later.companions_skipped).toEqual([b]);
  });
});
