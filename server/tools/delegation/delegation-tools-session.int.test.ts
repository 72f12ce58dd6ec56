import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { delegationToolsHarness, WHISPER } from './testing/delegation-tools-harness.ts';

/**
 * Contract tests of the DCF+ tools (dcf-plus-delegated-execution-tools.md "DCF+ Tool Categories",
 * plus read_shared_memory_blocks) on the local runtime (delegation-tools-harness.ts): a session's
 * life — its context made (idempotent; the wrong Conductor a conflict), malformed `*_json` values
 * refused with nothing changed, and the session finalized and archived.
 */
describe('the DCF+ tools', () => {
  const dcf = delegationToolsHarness();
  const { call, okCall, session } = dcf;

  it('create_session_context: three read-only shared blocks on the Conductor and a Strategist; idempotent; the wrong Conductor is a conflict', async () => {
    const s = await session();
    const blocks = await dcf.platform.listAgentBlocks(s.conductor);
    for (const label of ['session_context', 'delegation_log', 'strategist_guidelines']) {
      const b = blocks.find((x) => x.label === label)!;
      expect(b.id).toBe(s.blocks[label as keyof typeof s.blocks]);
      expect(b.read_only).toBe(true);
      expect(b.description!.length).toBeGreaterThan(80);
    }
    const strategists = await dcf.platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] });
    expect(strategists).toHaveLength(1);
    const held = (await dcf.platform.listAgentBlocks(strategists[0]!.id)).map((b) => b.id);
    expect(held).toEqual(expect.arrayContaining([s.blocks.session_context, s.blocks.strategist_guidelines]));
    expect(held).not.toContain(s.blocks.delegation_log);
    expect(JSON.parse(blocks.find((b) => b.label === 'session_context')!.value)).toMatchObject({
      session_id: s.id,
      user_goals: ['review calls'],
      preferences: { speed: 'fast' },
    });
    expect((await okCall('create_session_context', { session_id: s.id, conductor_id: s.conductor })).blocks_created).toEqual(s.blocks);
    const other = await dcf.platform.createAgent({ template: 'conductor' });
    expect(await call('create_session_context', { session_id: s.id, conductor_id: other.id })).toMatchObject({
      status: 'error',
      error_code: 'conflict',
    });
    expect(await call('create_session_context', { session_id: 'x', conductor_id: 'agent-nope' })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
    });
  });

  it('rejects malformed *_json values naming the parameter, and changes nothing', async () => {
    const s = await session();
    const before = (await dcf.platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length;
    const bad = await call('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'call-review',
      shared_block_ids_json: '[oops',
    });
    expect(bad).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { parameter: 'shared_block_ids_json' } });
    expect(String(bad.error)).toMatch(/^shared_block_ids_json is not valid JSON: /);
    const shape = await call('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'call-review',
      shared_block_ids_json: '{"a": 1}',
    });
    expect(shape).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { parameter: 'shared_block_ids_json' } });
    expect(await call('update_session_context', { session_id: s.id, preferences_json: '[1, 2]' })).toMatchObject({
      error_code: 'invalid_input',
      details: { parameter: 'preferences_json' },
    });
    expect(await call('update_conductor_guidelines', { conductor_id: s.conductor, add_warning_json: 'nope' })).toMatchObject({
      error_code: 'invalid_input',
      details: { parameter: 'add_warning_json' },
    });
    expect(
      await call('delegate_task', { companion_id: 'agent-x', task_id: 't', description: 'd', skills_required_json: '["research.web"]' }),
    ).toMatchObject({ error_code: 'invalid_input', details: { parameter: 'skills_required_json' } });
    expect((await dcf.platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length).toBe(before);
  });

  it('dismiss_companion and finalize_session: skills unloaded, blocks detached, the session archived under DCF_DATA_DIR/sessions only', async () => {
    const s = await session();
    const c = String(
      (
        await okCall('create_companion', {
          session_id: s.id,
          conductor_id: s.conductor,
          specialization: 'call-review',
          shared_block_ids_json: JSON.stringify([s.blocks.session_context]),
          initial_skills_json: JSON.stringify([WHISPER]),
        })
      ).companion_id,
    );
    const d = await okCall('dismiss_companion', { companion_id: c });
    expect(d).toMatchObject({ companion_id: c, skills_unloaded: [WHISPER], blocks_detached: [s.blocks.session_context] });
    expect(await dcf.platform.getAgent(c)).toBeNull();
    expect(await call('dismiss_companion', { companion_id: c })).toMatchObject({ error_code: 'not_found' });

    await okCall('create_companion', {
      session_id: s.id,
      conductor_id: s.conductor,
      specialization: 'call-review',
      shared_block_ids_json: JSON.stringify([s.blocks.session_context]),
    });
    const outside = await call('finalize_session', { session_id: s.id, conductor_id: s.conductor, archive_path: '/etc/dcf' });
    expect(outside).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(await call('finalize_session', { session_id: s.id, conductor_id: s.conductor, archive_path: '../escape' })).toMatchObject({
      error_code: 'forbidden',
    });
    expect((await dcf.platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length).toBe(1); // refused: nothing done
    const f = await okCall('finalize_session', { session_id: s.id, conductor_id: s.conductor });
    expect(f).toMatchObject({ companions_dismissed: 1, blocks_cleaned: 3, archive_path: path.join(dcf.dataDir, 'sessions', s.id) });
    for (const file of ['session.json', 'blocks.json', 'tasks.json', 'activity.json'])
      expect(existsSync(path.join(String(f.archive_path), file)), file).toBe(true);
    const archived = JSON.parse(readFileSync(path.join(String(f.archive_path), 'blocks.json'), 'utf8')) as Record<
      string,
      { revisions: unknown[] }
    >;
    expect(archived.session_context!.revisions.length).toBeGreaterThan(1);
    expect(await dcf.platform.listAgents({ tags: [`session:${s.id}`] })).toEqual([]);
    expect((await dcf.platform.getAgent(s.conductor))!.tags).toEqual(['role:conductor']);
    expect(await dcf.platform.getBlock(s.blocks.session_context)).toBeNull();
    expect(await call('finalize_session', { session_id: s.id, conductor_id: s.conductor })).toMatchObject({ error_code: 'conflict' });
    const activity = await okCall('read_session_activity', { session_id: s.id, time_window_minutes: 60 });
    expect((activity.activity as { companion_states: Array<{ kind: string }> }).companion_states.map((e) => e.kind)).toEqual([
      'companion_created',
      'companion_dismissed',
      'companion_created',
      'companion_dismissed',
    ]);
  });
});
