import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { deterministicBrains } from '../brains/select.ts';
import { BlockStore } from './block-store.ts';
import { findBuiltinTool, type BuiltinEnv } from './builtin-tools/index.ts';
import { MessageStore } from './message-store.ts';
import { PassageStore } from './passage-store.ts';
import { testPlatform } from './testing/platform-harness.ts';

describe("the runtime's own memory tools on real blocks", () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: ReturnType<typeof testPlatform>;
  let env: (agentId: string) => BuiltinEnv;

  beforeAll(async () => {
    handle = await createTestDatabase();
    platform = testPlatform(handle.db, deterministicBrains(), { audit: null });
    const noMessaging = async () => {
      throw new Error('not used here');
    };
    env = (agentId) => ({
      agentId,
      blocks: new BlockStore(handle.db),
      messages: new MessageStore(handle.db),
      passages: new PassageStore(handle.db),
      multiAgent: { sendAsync: noMessaging, sendAndWait: noMessaging, sendMatchingTags: noMessaging },
      chain: [agentId],
    });
  });
  afterAll(async () => {
    await platform.close();
    await handle.dispose();
  });

  const run = async (name: string, args: Record<string, unknown>, agentId: string) => {
    const tool = findBuiltinTool(name)!;
    return tool.run(tool.input.parse(args), env(agentId));
  };
  const value = async (agentId: string, label: string) => (await platform.listAgentBlocks(agentId)).find((b) => b.label === label)!.value;

  it("edit core memory as Letta's tools do", async () => {
    const a = await platform.createAgent({ template: 'companion' });
    expect(await run('core_memory_append', { label: 'task_context', content: 'task t-1' }, a.id)).toMatchObject({
      status: 'ok',
      label: 'task_context',
      chars_current: 17,
    });
    expect(await value(a.id, 'task_context')).toBe('No task.\ntask t-1');
    await run('core_memory_replace', { label: 'task_context', old_content: 'No task.\n', new_content: '' }, a.id);
    expect(await value(a.id, 'task_context')).toBe('task t-1');
    expect(await run('core_memory_replace', { label: 'task_context', old_content: 'absent', new_content: 'x' }, a.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/does not occur/),
    });

    await run('memory_insert', { label: 'task_context', new_str: 'first', insert_line: 0 }, a.id);
    await run('memory_insert', { label: 'task_context', new_str: 'last' }, a.id);
    expect(await value(a.id, 'task_context')).toBe('first\ntask t-1\nlast');
    expect(await run('memory_insert', { label: 'task_context', new_str: 'x', insert_line: 9 }, a.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/past the end/),
    });
    await run('memory_replace', { label: 'task_context', old_str: 'task t-1', new_str: 'task t-2' }, a.id);
    expect(await run('memory_replace', { label: 'task_context', old_str: 't', new_str: 'T' }, a.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/occurs \d+ times/),
    });
    await run('memory_rethink', { label: 'task_context', new_memory: 'rewritten' }, a.id);
    expect(await value(a.id, 'task_context')).toBe('rewritten');
    expect(await run('memory_finish_edits', {}, a.id)).toMatchObject({ status: 'ok' });
    expect(await run('core_memory_append', { label: 'nope', content: 'x' }, a.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/no memory block labelled "nope"/),
    });
  });

  it('refuse read-only blocks and values over the limit (the host may still change them)', async () => {
    const policy = await platform.createBlock({ label: 'policy', value: 'never share PII', read_only: true, limit: 40 });
    const a = await platform.createAgent({ template: 'companion', block_ids: [policy.id] });
    expect(await run('core_memory_append', { label: 'policy', content: 'x' }, a.id)).toMatchObject({
      status: 'error',
      error: 'the block "policy" is read-only',
    });
    const notes = await platform.createBlock({ label: 'notes', value: '', limit: 20 });
    await platform.attachBlock(a.id, notes.id);
    expect(await run('core_memory_append', { label: 'notes', content: 'x'.repeat(21) }, a.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/over its limit of 20/),
    });
    expect((await platform.updateBlock(policy.id, { value: 'never share PII or account numbers' })).value).toBe(
      'never share PII or account numbers',
    );
  });

  it('never lose an edit when several agents append to a shared block at once', async () => {
    const log = await platform.createBlock({ label: 'delegation_log', value: '', limit: 20_000 });
    const agents = await Promise.all([0, 1, 2, 3].map(() => platform.createAgent({ template: 'companion', block_ids: [log.id] })));
    const results = await Promise.all(
      agents.flatMap((a, i) =>
        [0, 1, 2].map((j) => run('core_memory_append', { label: 'delegation_log', content: `agent ${i} line ${j}` }, a.id)),
      ),
    );
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    const lines = (await platform.getBlock(log.id))!.value.split('\n').sort();
    expect(lines).toEqual(agents.flatMap((_a, i) => [0, 1, 2].map((j) => `agent ${i} line ${j}`)).sort());
  });

  it("search the agent's own conversation and archival memory", async () => {
    const a = await platform.createAgent({ template: 'companion' });
    await platform.sendMessage(a.id, { role: 'user', content: 'The rubric is qa_scoring_formula_v3 (100% match on disclosure)' });
    await platform.sendMessage(a.id, { role: 'user', content: 'unrelated chatter' });
    const found = await run('conversation_search', { query: 'rubric' }, a.id);
    expect(found).toMatchObject({
      status: 'ok',
      results: [{ message_type: 'user_message', content: expect.stringContaining('qa_scoring_formula_v3') }],
    });
    expect(await run('conversation_search', { query: '100%' }, a.id)).toMatchObject({
      results: [{ content: expect.stringContaining('100% match') }],
    });
    await run('archival_memory_insert', { content: 'Alex Wong joined in June', tags: ['advisor'] }, a.id);
    expect(await run('archival_memory_search', { query: 'Alex Wong', tags: ['advisor'] }, a.id)).toMatchObject({
      results: [{ text: 'Alex Wong joined in June', tags: ['advisor'] }],
    });
  });
});
