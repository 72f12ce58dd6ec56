import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle, type DatabaseTarget } from '../../db/client.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../../testing/test-database.ts';
import { deterministicBrains } from '../brains/select.ts';
import { AgentPlatformError } from './errors.ts';
import { testPlatform } from './testing/platform-harness.ts';

describe('local agent platform: agents, shared blocks, tags, passages', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    platform = testPlatform(handle.db, deterministicBrains(), { audit: null });
  });
  afterAll(async () => {
    await platform.close();
    await handle.dispose();
  });

  it('creates an agent from a template with its blocks, tools and tags, and describes the brain', async () => {
    const a = await platform.createAgent({
      template: 'worker',
      name: 'w-1',
      tags: ['run:r1', 'state:Transcribe'],
      tools: ['archival_memory_insert'],
    });
    expect(a).toMatchObject({ name: 'w-1', template: 'worker@1.0.0', sleeptime_agent_id: null });
    expect(a.id).toMatch(/^agent-[0-9a-f-]{36}$/);
    expect(a.tags.sort()).toEqual(['dcf-worker', 'role:worker', 'run:r1', 'state:Transcribe']);
    expect(a.tools).toEqual(
      expect.arrayContaining([
        'acquire_state_lease',
        'update_workflow_control_plane',
        'load_skill',
        'invoke_skill_tool',
        'notify_next_worker_agent',
        'send_message',
        'archival_memory_insert',
      ]),
    );
    const blocks = await platform.listAgentBlocks(a.id);
    expect(blocks.map((b) => b.label)).toEqual(['persona', 'human']);
    expect(blocks[0]!.value).toContain('DCF worker agent');
    expect(blocks.every((b) => b.limit === 20_000)).toBe(true);
    expect(a.block_ids).toEqual(blocks.map((b) => b.id));
    expect(platform.describe()).toEqual({ kind: 'local', brain: 'deterministic' });
    expect(await platform.getAgent('agent-nope')).toBeNull();
    // Many ids in one read (compare_models, issue 29): the absent ones are left out, repeats read once.
    const b = await platform.createAgent({ template: 'worker', name: 'w-2' });
    const many = await platform.getAgents([b.id, 'agent-nope', a.id, b.id]);
    expect(many.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(many.find((x) => x.id === a.id)).toEqual(await platform.getAgent(a.id));
  });

  it('resolves workflow template references (alias and version) and refuses unknown ones clearly', async () => {
    const a = await platform.createAgent({ template: 'agent_template_worker@1.0.0' });
    expect(a.template).toBe('worker@1.0.0');
    await expect(platform.createAgent({ template: 'nonexistent' })).rejects.toThrow(
      /no agent template "nonexistent".*known: companion, conductor, generic-worker, planner, strategist, worker/,
    );
    await expect(platform.createAgent({ template: 'worker@2.0.0' })).rejects.toThrow(/version 1.0.0, not 2.0.0/);
    await expect(platform.createAgent({ template: 'worker', tools: ['no_such_tool'] })).rejects.toThrow(/unknown tools: no_such_tool/);
    await expect(platform.createAgent({ template: 'worker', block_ids: ['block-missing'] })).rejects.toBeInstanceOf(AgentPlatformError);
  });

  it('shares one block among every attached agent: one update, all see it', async () => {
    const session = await platform.createBlock({
      label: 'session_context',
      value: '{"goals": []}',
      limit: 8000,
      description: 'Shared session state.',
    });
    const conductor = await platform.createAgent({ template: 'conductor', block_ids: [session.id] });
    const c1 = await platform.createAgent({ template: 'companion' });
    const c2 = await platform.createAgent({ template: 'companion' });
    await platform.attachBlock(c1.id, session.id);
    await platform.attachBlock(c2.id, session.id);
    await platform.attachBlock(c2.id, session.id); // idempotent
    expect((await platform.listBlockAgents(session.id)).sort()).toEqual([conductor.id, c1.id, c2.id].sort());

    await platform.updateBlock(session.id, { value: '{"goals": ["review Alex Wong\'s calls"]}' });
    for (const id of [conductor.id, c1.id, c2.id]) {
      const seen = (await platform.listAgentBlocks(id)).find((b) => b.label === 'session_context');
      expect(seen).toMatchObject({ id: session.id, value: '{"goals": ["review Alex Wong\'s calls"]}', limit: 8000 });
    }
    await expect(platform.updateBlock(session.id, { value: 'x'.repeat(8001) })).rejects.toThrow(/over its limit of 8000/);

    await platform.detachBlock(c2.id, session.id);
    expect((await platform.listAgentBlocks(c2.id)).map((b) => b.label)).toEqual(['persona', 'task_context', 'dcf_active_skills']);
    // Deleting an agent removes the blocks made for it, never a shared block another agent holds.
    const c1Own = (await platform.listAgentBlocks(c1.id)).filter((b) => b.id !== session.id);
    expect(await platform.deleteAgent(c1.id)).toBe(true);
    expect(await platform.deleteAgent(c1.id)).toBe(false);
    for (const b of c1Own) expect(await platform.getBlock(b.id)).toBeNull();
    expect(await platform.getBlock(session.id)).not.toBeNull();
    expect(await platform.listBlockAgents(session.id)).toEqual([conductor.id]);
  });

  it('lists agents matching all tags or any tag', async () => {
    const s = randomBytes(4).toString('hex');
    const a = await platform.createAgent({ template: 'companion', tags: [`session:${s}`, 'specialization:research', 'status:idle'] });
    const b = await platform.createAgent({ template: 'companion', tags: [`session:${s}`, 'specialization:analysis', 'status:idle'] });
    const c = await platform.createAgent({ template: 'conductor', tags: [`session:${s}`] });
    const ids = (list: Array<{ id: string }>) => list.map((x) => x.id).sort();

    expect(ids(await platform.listAgents({ tags: ['role:companion', `session:${s}`] }))).toEqual([a.id, b.id].sort());
    expect(ids(await platform.listAgents({ tags: ['role:companion', `session:${s}`], match_all_tags: true }))).toEqual([a.id, b.id].sort());
    expect(ids(await platform.listAgents({ tags: [`session:${s}`, 'specialization:research'] }))).toEqual([a.id]);
    expect(
      ids(
        await platform
          .listAgents({ tags: ['specialization:research', 'specialization:analysis'], match_all_tags: false })
          .then((l) => l.filter((x) => [a.id, b.id, c.id].includes(x.id))),
      ),
    ).toEqual([a.id, b.id].sort());
    expect(await platform.listAgents({ tags: ['specialization:research', 'specialization:analysis'] })).toEqual([]);
    expect(ids(await platform.listAgents({ tags: [`session:${s}`], match_all_tags: false }))).toEqual([a.id, b.id, c.id].sort());
    expect(ids(await platform.listAgents({ name: c.name }))).toEqual([c.id]);

    const retagged = await platform.setTags(b.id, ['role:companion', `session:${s}`, 'status:busy']);
    expect(retagged.tags).toEqual(['role:companion', `session:${s}`, 'status:busy'].sort());
    expect(ids(await platform.listAgents({ tags: [`session:${s}`, 'status:idle'] }))).toEqual([a.id]);
  });

  it('attaches and detaches tools by name, refusing unknown ones', async () => {
    const a = await platform.createAgent({ template: 'companion' });
    await platform.attachTool(a.id, 'get_skillset');
    await platform.attachTool(a.id, 'get_skillset');
    expect((await platform.listAgentTools(a.id)).filter((t) => t === 'get_skillset')).toHaveLength(1);
    await platform.detachTool(a.id, 'load_skill');
    expect(await platform.listAgentTools(a.id)).not.toContain('load_skill');
    await expect(platform.attachTool(a.id, 'rm_rf')).rejects.toThrow(/unknown tool rm_rf/);
    await expect(platform.attachTool('agent-missing', 'get_skillset')).rejects.toThrow(/no agent agent-missing/);
  });

  it('inserts archival passages into memories and searches them per agent, by words and tags', async () => {
    const a = await platform.createAgent({ template: 'planner' });
    const b = await platform.createAgent({ template: 'planner' });
    const p1 = await platform.insertPassage(a.id, {
      text: 'whisper-transcribe timed out twice on long recordings; assemblyai-transcribe succeeded',
      tags: ['transcription', 'workflow_update'],
    });
    await platform.insertPassage(a.id, { text: 'The compliance manager prefers verdicts grouped by rule', tags: ['preferences'] });
    await platform.insertPassage(b.id, { text: 'whisper-transcribe is fine for short calls', tags: ['transcription'] });
    expect(p1).toMatchObject({ agent_id: a.id, tags: ['transcription', 'workflow_update'] });

    const hits = await platform.searchPassages(a.id, { query: 'transcription timed out' });
    expect(hits[0]!.id).toBe(p1.id);
    expect(hits.every((h) => h.agent_id === a.id)).toBe(true);
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect((await platform.searchPassages(a.id, { query: 'whisper', tags: ['preferences'] })).length).toBe(0);
    expect((await platform.searchPassages(a.id, { query: 'verdicts', tags: ['preferences'] })).map((h) => h.text)).toEqual([
      'The compliance manager prefers verdicts grouped by rule',
    ]);
    expect((await platform.searchPassages(a.id, { query: '' })).length).toBe(2);
    expect((await platform.searchPassages(b.id, { query: 'whisper' })).map((h) => h.agent_id)).toEqual([b.id]);
    // They are rows of the learning store's memories table, found by search_embeddings too.
    const { rows } = (await handle.db.execute(`select kind, agent_id from memories where id = '${p1.id}'`)) as unknown as {
      rows: Array<{ kind: string; agent_id: string }>;
    };
    expect(rows[0]).toEqual({ kind: 'archival_passage', agent_id: a.id });
  });
});

/** A database that can be closed and opened again (PGlite on disk, or a PostgreSQL database of its own). */
async function reopenableDatabase(): Promise<{ open(): Promise<DatabaseHandle>; dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-agents-'));
    const target: DatabaseTarget = { kind: 'pglite', dataDir: dir };
    return { open: async () => withMigrations(await openDatabase(target)), dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the int-postgres suite needs a PostgreSQL server (npm test starts one)');
  const name = `dcf_test_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => withMigrations(await openDatabase({ kind: 'postgres', url: url.toString() })),
    dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function withMigrations(h: DatabaseHandle): Promise<DatabaseHandle> {
  await migrateDatabase(h, PROJECT_ROOT);
  return h;
}

describe('local agent platform: restart', () => {
  it('a new instance on the same database sees the agents, blocks, tags, tools, messages and passages', async () => {
    const store = await reopenableDatabase();
    try {
      const first = await store.open();
      const before = testPlatform(first.db, deterministicBrains(), { audit: null });
      const shared = await before.createBlock({ label: 'session_context', value: 'goal: QA review' });
      const agent = await before.createAgent({
        template: 'companion',
        tags: ['session:s1'],
        block_ids: [shared.id],
        enable_sleeptime: false,
      });
      await before.attachTool(agent.id, 'get_skillset');
      const events = await before.sendMessage(agent.id, {
        role: 'user',
        content: '{"type": "session_update", "context": {"user_priority": "speed"}}',
      });
      expect(events.at(-1)).toEqual({ message_type: 'stop_reason', stop_reason: 'end_turn' });
      const passage = await before.insertPassage(agent.id, { text: 'speed over quality for this session', tags: ['preferences'] });
      await before.close();
      await first.close();

      const second = await store.open();
      try {
        const after = testPlatform(second.db, deterministicBrains(), { audit: null });
        const seen = await after.getAgent(agent.id);
        expect(seen).toMatchObject({ id: agent.id, name: agent.name, template: 'companion@1.0.0', block_ids: agent.block_ids });
        expect(seen!.tags).toEqual(agent.tags);
        expect(seen!.tools).toContain('get_skillset');
        expect((await after.listAgents({ tags: ['session:s1'] })).map((a) => a.id)).toEqual([agent.id]);
        expect((await after.listAgentBlocks(agent.id)).find((b) => b.id === shared.id)?.value).toBe('goal: QA review');
        const history = await after.listMessages(agent.id);
        expect(history.map((m) => m.event.message_type)).toEqual(['user_message', 'assistant_message']);
        expect(history[1]!.event).toMatchObject({ content: 'Noted the session update.' });
        expect((await after.searchPassages(agent.id, { query: 'speed' })).map((p) => p.id)).toEqual([passage.id]);
        // and it carries on: the next turn continues the same history
        await after.sendMessage(agent.id, { role: 'user', content: 'hello' });
        expect((await after.listMessages(agent.id)).length).toBe(4);
        expect((await after.listMessages(agent.id, { limit: 2 })).map((m) => m.event.message_type)).toEqual([
          'user_message',
          'assistant_message',
        ]);
        expect((await after.listMessages(agent.id, { before: history[1]!.id })).map((m) => m.id)).toEqual([history[0]!.id]);
        await after.close();
      } finally {
        await second.close();
      }
    } finally {
      await store.dispose();
    }
  });
});
