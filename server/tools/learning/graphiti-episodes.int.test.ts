import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { createTestDatabase, testDbKind } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/** add_memory and get_episodes (the Graphiti MCP server's episode tools) on the knowledge graph. */

type Episode = {
  uuid: string;
  name: string;
  content: string;
  created_at: string;
  valid_at: string;
  source: string;
  source_description: string;
  group_id: string;
};

describe(`add_memory / get_episodes (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: ToolServices;
  const call = (tool: string, args: unknown, s: ToolServices = services) =>
    invokeTool(findTool(tool)!, args, { actor: systemActor('test'), services: s }) as Promise<Record<string, unknown>>;
  const episodes = async (args: unknown) => {
    const r = await call('get_episodes', args);
    expect(r.status, JSON.stringify(r)).toBe('ok');
    return r.episodes as Episode[];
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    services = { config: testConfig(), db: async () => h.db };
  });
  afterAll(() => h?.dispose());

  it('adds a text episode to the default group and lists it back', async () => {
    const before = Date.now();
    const r = await call('add_memory', {
      name: 'Whisper on long calls',
      episode_body: 'Whisper timed out on calls over 40 minutes; AssemblyAI did not.',
    });
    expect(r).toMatchObject({
      status: 'ok',
      message: "Episode 'Whisper on long calls' added to group 'dcf'",
      group_id: 'dcf',
      applied: true,
    });
    expect(r.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [e] = await episodes({});
    expect(e).toMatchObject({ uuid: r.uuid, name: 'Whisper on long calls', group_id: 'dcf', source: 'text', source_description: '' });
    expect(e!.content).toBe('Whisper timed out on calls over 40 minutes; AssemblyAI did not.');
    expect(Date.parse(e!.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(e!.valid_at).toBe(e!.created_at);
  });

  it('keeps groups apart, takes one group id or a list, and returns the latest first', async () => {
    const body = JSON.stringify({
      skill_preferences: { transcription: 'skill://assemblyai-transcribe@1.2.0' },
      evidence: { whisper_failures: 3, n: 4 },
    });
    const a = await call('add_memory', {
      name: 'prefer AssemblyAI',
      episode_body: body,
      group_id: 'session-a',
      source: 'json',
      source_description: 'strategist',
      reference_time: '2030-01-02T09:00:00',
    });
    const b = await call('add_memory', {
      name: 'companions idle',
      episode_body: 'Two of four Companions idle for 10 minutes.',
      group_id: 'session-b',
      source: 'message',
      reference_time: '2030-01-03T10:00:00+01:00',
    });
    expect([a.status, b.status]).toEqual(['ok', 'ok']);

    const inA = await episodes({ group_ids: 'session-a' });
    expect(inA).toHaveLength(1);
    expect(inA[0]).toMatchObject({
      uuid: a.uuid,
      source: 'json',
      source_description: 'strategist',
      content: body,
      valid_at: '2030-01-02T09:00:00.000Z',
    });
    expect((await episodes({ group_ids: ['session-a', 'session-b'] })).map((e) => [e.name, e.valid_at])).toEqual([
      ['companions idle', '2030-01-03T09:00:00.000Z'],
      ['prefer AssemblyAI', '2030-01-02T09:00:00.000Z'],
    ]);
    expect((await episodes({ group_ids: ['session-a', 'session-b'], max_episodes: 1 })).map((e) => e.name)).toEqual(['companions idle']);
    expect(await call('get_episodes', { group_ids: [] })).toMatchObject({ status: 'ok', message: 'No episodes found', episodes: [] });
    expect((await episodes({})).map((e) => e.group_id)).toEqual(['dcf']);
  });

  it('takes a uuid once: the same episode again changes nothing, another one is a conflict', async () => {
    const uuid = '6F9619FF-8B86-4011-B42D-00C04FC964FF';
    const args = { name: 'first', episode_body: 'one', group_id: 'session-u', uuid };
    const first = await call('add_memory', args);
    expect(first).toMatchObject({ status: 'ok', uuid: uuid.toLowerCase(), applied: true });
    // A replayed call (a later reference time does not make it another episode).
    const replayed = await call('add_memory', { ...args, uuid: uuid.toLowerCase(), reference_time: '2031-01-01T00:00:00Z' });
    expect(replayed).toMatchObject({
      status: 'ok',
      message: "Episode 'first' is in group 'session-u' already; nothing changed",
      applied: true,
    });
    const other = await call('add_memory', { ...args, episode_body: 'two' });
    expect(other).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect(other.error).toContain("('first' in group 'session-u')");
    expect(await call('add_memory', { ...args, group_id: 'session-v' })).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect((await episodes({ group_ids: ['session-u', 'session-v'] })).map((e) => [e.content, e.valid_at === e.created_at])).toEqual([
      ['one', true],
    ]);
  });

  it('refuses what it cannot honour, with the reason, and stores nothing', async () => {
    const refused = [
      [{ name: 'x', episode_body: '{not json', source: 'json' }, 'parse_error', /episode_body is not JSON/],
      [{ name: 'x', episode_body: 'y', source: 'xml' }, 'invalid_input', /source/],
      [{ name: 'x', episode_body: 'y', saga: 'weekly review' }, 'invalid_input', /saga/],
      [{ name: 'x', episode_body: 'y', uuid: 'abc' }, 'invalid_input', /uuid/],
      [{ name: 'x', episode_body: 'y', reference_time: 'yesterday' }, 'invalid_input', /reference_time/],
      [{ name: '', episode_body: 'y' }, 'invalid_input', /name/],
    ] as const;
    for (const [args, code, why] of refused) {
      const r = await call('add_memory', { group_id: 'session-refused', ...args });
      expect(r, JSON.stringify(args)).toMatchObject({ status: 'error', error_code: code });
      expect(r.error as string).toMatch(why);
    }
    expect(await episodes({ group_ids: 'session-refused' })).toEqual([]);
    expect(await call('get_episodes', { max_episodes: 1001 })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await call('get_episodes', { group_id: 'dcf' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it('answers unavailable where there is no database', async () => {
    const none: ToolServices = { config: services.config };
    expect(await call('add_memory', { name: 'x', episode_body: 'y' }, none)).toMatchObject({ status: 'error', error_code: 'unavailable' });
    expect(await call('get_episodes', {}, none)).toMatchObject({ status: 'error', error_code: 'unavailable' });
  });
});
