import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { dataDirToolHarness, type DataDirToolHarness } from '../testing/platform-tool-harness.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * Contract tests of the twelve DCF+ tools (dcf-plus-delegated-execution-tools.md "DCF+ Tool
 * Categories", plus read_shared_memory_blocks): exactly the spec's return fields, the error
 * envelope for malformed `*_json` values, unknown ids and rules broken, nothing half-applied,
 * and the shared blocks' concurrency patterns. On the local runtime; the agents have no brains
 * here (a delegated task is not worked on), so only the tools act.
 */
const SPEC_FIELDS: Record<string, string[]> = {
  create_companion: ['companion_id', 'companion_name', 'tags', 'shared_blocks_attached'],
  dismiss_companion: ['companion_id', 'skills_unloaded', 'blocks_detached'],
  list_session_companions: ['session_id', 'companions', 'count'],
  update_companion_status: ['companion_id', 'updated_tags'],
  create_session_context: ['session_id', 'blocks_created'],
  update_session_context: ['session_id', 'updated_fields'],
  finalize_session: ['session_id', 'companions_dismissed', 'blocks_cleaned', 'archive_path'],
  delegate_task: ['task_id', 'companion_id', 'message_sent', 'delegation_payload'],
  broadcast_task: ['task_id', 'companions_notified', 'companions_skipped'],
  read_session_activity: ['session_id', 'activity'],
  update_conductor_guidelines: ['conductor_id', 'guidelines_block_id', 'revision'],
  read_shared_memory_blocks: ['agent_id', 'blocks'],
};
const WHISPER = 'skill://whisper-transcribe@1.0.0';

describe('the DCF+ tools', () => {
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  let dataDir: string;
  const system = systemActor('test');
  const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
  const call = async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
    (await invokeTool(findTool(name)!, args, { actor, services })) as Record<string, unknown>;
  const okCall = async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
    const r = await call(name, args, actor);
    if (r.status !== 'ok') throw new Error(`${name}: ${String(r.error)}`);
    expect(Object.keys(r).sort(), name).toEqual(['status', 'error', ...SPEC_FIELDS[name]!].sort());
    return r;
  };

  async function session() {
    const conductor = await platform.createAgent({ template: 'conductor' });
    const id = `s-${Math.random().toString(36).slice(2, 10)}`;
    const r = await okCall('create_session_context', {
      session_id: id,
      conductor_id: conductor.id,
      initial_goals_json: '["review calls"]',
      initial_preferences_json: '{"speed": "fast"}',
    });
    return {
      id,
      conductor: conductor.id,
      blocks: r.blocks_created as { session_context: string; delegation_log: string; strategist_guidelines: string },
    };
  }

  let harness: DataDirToolHarness;
  beforeAll(async () => {
    harness = await dataDirToolHarness('dcf-sessions-', (dataDir) => ({
      ...testConfig(),
      dataDir,
      delegation: { poolMax: 2, replyTimeoutS: 5, taskBudget: null },
    }));
    ({ platform, services, dataDir } = harness);
  });
  afterAll(async () => harness?.close());

  it('create_session_context: three read-only shared blocks on the Conductor and a Strategist; idempotent; the wrong Conductor is a conflict', async () => {
    const s = await session();
    const blocks = await platform.listAgentBlocks(s.conductor);
    for (const label of ['session_context', 'delegation_log', 'strategist_guidelines']) {
      const b = blocks.find((x) => x.label === label)!;
      expect(b.id).toBe(s.blocks[label as keyof typeof s.blocks]);
      expect(b.read_only).toBe(true);
      expect(b.description!.length).toBeGreaterThan(80);
    }
    const strategists = await platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] });
    expect(strategists).toHaveLength(1);
    const held = (await platform.listAgentBlocks(strategists[0]!.id)).map((b) => b.id);
    expect(held).toEqual(expect.arrayContaining([s.blocks.session_context, s.blocks.strategist_guidelines]));
    expect(held).not.toContain(s.blocks.delegation_log);
    expect(JSON.parse(blocks.find((b) => b.label === 'session_context')!.value)).toMatchObject({
      session_id: s.id,
      user_goals: ['review calls'],
      preferences: { speed: 'fast' },
    });
    expect((await okCall('create_session_context', { session_id: s.id, conductor_id: s.conductor })).blocks_created).toEqual(s.blocks);
    const other = await platform.createAgent({ template: 'conductor' });
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
    const before = (await platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length;
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
    expect((await platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length).toBe(before);
  });

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
    const blocks = await platform.listAgentBlocks(String(made.companion_id));
    expect(blocks.map((b) => b.label).sort()).toEqual(['dcf_active_skills', 'persona', 'session_context', 'task_context']);
    expect(JSON.parse(blocks.find((b) => b.label === 'dcf_active_skills')!.value)).toEqual([WHISPER]);
    expect(await platform.listBlockAgents(s.blocks.session_context)).toContain(made.companion_id);

    const count = async () => (await platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length;
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
    expect((await platform.getAgent(id))!.tags).toContain('status:busy');
    const sc = JSON.parse((await platform.getBlock(s.blocks.session_context))!.value);
    expect(sc.active_tasks['t-1']).toMatchObject({ companion_id: id, status: 'delegated' });
    expect(sc.companions[id]).toMatchObject({ status: 'busy', current_task_id: 't-1' });
    expect((await platform.getBlock(s.blocks.delegation_log))!.value).toMatch(/delegated t-1 → companion-/);
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
    expect((await platform.getAgent(idle))!.tags).toContain('status:idle');
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

    const strategist = (await platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] }))[0]!.id;
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
    expect(JSON.parse((await platform.getBlock(s.blocks.strategist_guidelines))!.value)).toMatchObject({
      revision: 2,
      skill_preferences: { transcription: { prefer: preference.prefer, avoid: [WHISPER] } },
    });
    expect(await call('update_conductor_guidelines', { conductor_id: 'agent-unknown', add_warning_json: '{}' })).toMatchObject({
      error_code: 'not_found',
    });

    // Agents cannot edit the shared blocks themselves (read-only for them; the tools write).
    const edit = await platform.sendMessage(c, { role: 'user', content: 'hello' });
    expect(edit.some((e) => e.message_type === 'error_message')).toBe(true); // no brain here: nothing written
    const blocks = await platform.listAgentBlocks(c);
    expect(blocks.find((b) => b.label === 'session_context')!.read_only).toBe(true);
  });

  it('read_shared_memory_blocks: another agent’s shared blocks, read-only, for agents that share one with it', async () => {
    const s = await session();
    const strategist = (await platform.listAgents({ tags: ['role:strategist', `session:${s.id}`] }))[0]!.id;
    const r = await okCall('read_shared_memory_blocks', { agent_id: s.conductor }, agent(strategist));
    const labels = (r.blocks as Array<{ label: string; shared_with: string[] }>).map((b) => b.label).sort();
    expect(labels).toEqual(['session_context', 'strategist_guidelines']);
    const only = await okCall(
      'read_shared_memory_blocks',
      { agent_id: s.conductor, labels_json: '["session_context"]' },
      agent(strategist),
    );
    expect((only.blocks as unknown[]).length).toBe(1);
    const stranger = await platform.createAgent({ template: 'companion' });
    expect(await call('read_shared_memory_blocks', { agent_id: s.conductor }, agent(stranger.id))).toMatchObject({
      error_code: 'forbidden',
    });
    expect(await call('read_shared_memory_blocks', { agent_id: 'agent-none' })).toMatchObject({ error_code: 'not_found' });
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
    expect(await platform.getAgent(c)).toBeNull();
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
    expect((await platform.listAgents({ tags: [`session:${s.id}`, 'role:companion'] })).length).toBe(1); // refused: nothing done
    const f = await okCall('finalize_session', { session_id: s.id, conductor_id: s.conductor });
    expect(f).toMatchObject({ companions_dismissed: 1, blocks_cleaned: 3, archive_path: path.join(dataDir, 'sessions', s.id) });
    for (const file of ['session.json', 'blocks.json', 'tasks.json', 'activity.json'])
      expect(existsSync(path.join(String(f.archive_path), file)), file).toBe(true);
    const archived = JSON.parse(readFileSync(path.join(String(f.archive_path), 'blocks.json'), 'utf8')) as Record<
      string,
      { revisions: unknown[] }
    >;
    expect(archived.session_context!.revisions.length).toBeGreaterThan(1);
    expect(await platform.listAgents({ tags: [`session:${s.id}`] })).toEqual([]);
    expect((await platform.getAgent(s.conductor))!.tags).toEqual(['role:conductor']);
    expect(await platform.getBlock(s.blocks.session_context)).toBeNull();
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
