import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { Brain } from '../brains/brain.ts';
import { companionBrain } from '../brains/companion/companion-brain.ts';
import { defaultDeterministicBrains } from '../brains/deterministic.ts';
import { OpenAIChatBrain } from '../brains/openai/openai-brain.ts';
import { deterministicBrains, type BrainSelection } from '../brains/select.ts';
import type { StoredMessage } from '../../contracts/agent-platform.ts';
import { FakeChatEndpoint } from './testing/fake-chat-endpoint.ts';
import { eventually, testPlatform } from './testing/platform-harness.ts';

const COMPANION_HELP =
  'I am a Companion agent: I carry out task_delegation messages from my Conductor with the skills it names, and report a task_result.';
const lastAssistant = (history: StoredMessage[]) =>
  history.filter((m) => m.event.message_type === 'assistant_message').map((m) => (m.event as { content: string }).content);

describe('agent-to-agent messages between local agents', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let fake: FakeChatEndpoint;
  let platform: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    fake = await FakeChatEndpoint.start();
    // The conductor thinks with a (scripted) model, the companions with their deterministic brain.
    const model = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'conductor-model' });
    const brains: BrainSelection = {
      forRole: (role) => (role === 'companion' ? companionBrain : model),
      describe: () => ({ brain: 'mixed' }),
    };
    platform = testPlatform(handle.db, brains, { audit: null });
  });
  afterAll(async () => {
    await platform.close();
    await fake.close();
    await handle.dispose();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('delegates with wait-for-reply; the companion works, reports back asynchronously and the conductor takes the result in its next turn', async () => {
    const session = await platform.createBlock({ label: 'session_context', value: '{"session_id": "s-1", "active_tasks": {}}' });
    const conductor = await platform.createAgent({
      template: 'conductor',
      block_ids: [session.id],
      tools: ['send_message_to_agent_and_wait_for_reply'],
    });
    const companion = await platform.createAgent({ template: 'companion', tags: ['session:s-1'], block_ids: [session.id] });
    const delegation = {
      type: 'task_delegation',
      task_id: 't-1',
      description: 'Note the rubric in your task context',
      skills_required: [],
      context: { tool: 'core_memory_append', args: { label: 'task_context', content: 'rubric: qa_scoring_formula_v3' } },
      priority: 'normal',
      conductor_id: conductor.id,
      session_id: 's-1',
      delegated_at: '2024-07-08T09:00:00Z',
    };
    fake.reply(
      {
        tool_calls: [
          {
            name: 'send_message_to_agent_and_wait_for_reply',
            arguments: { message: JSON.stringify(delegation), other_agent_id: companion.id },
          },
        ],
      },
      (req) => ({ content: `Companion says: ${JSON.parse((req.messages.at(-1) as { content: string }).content).reply}` }),
      (req) => {
        const inbound = (req.messages.at(-1) as { content: string }).content;
        return {
          content:
            inbound.includes('"type":"task_result"') && inbound.includes(`agent with ID '${companion.id}'`)
              ? 'Result of t-1 received.'
              : 'unexpected message',
        };
      },
    );

    const events = await platform.sendMessage(conductor.id, { role: 'user', content: 'Please note the rubric.' });
    const ret = events.find((e) => e.message_type === 'tool_return_message');
    expect(ret).toMatchObject({ name: 'send_message_to_agent_and_wait_for_reply', status: 'success' });
    expect(JSON.parse((ret as { tool_return: string }).tool_return)).toMatchObject({
      agent_id: companion.id,
      reply: `Task t-1 succeeded; the result went to ${conductor.id}.`,
    });
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({
      content: `Companion says: Task t-1 succeeded; the result went to ${conductor.id}.`,
    });

    // The companion noted the task, did the work it names, reported and cleared its task context; its history shows who sent the task.
    expect((await platform.listAgentBlocks(companion.id)).find((b) => b.label === 'task_context')!.value).toBe('No task.');
    const companionHistory = await platform.listMessages(companion.id);
    expect(companionHistory[0]!.event).toMatchObject({ message_type: 'user_message', sender_agent_id: conductor.id });
    const calls = companionHistory.flatMap((m) => (m.event.message_type === 'tool_call_message' ? [m.event.tool_call] : []));
    expect(calls.map((c) => c.name)).toEqual([
      'core_memory_replace',
      'core_memory_append',
      'update_companion_status',
      'send_message_to_agent_async',
      'core_memory_replace',
    ]);
    expect(JSON.parse(calls[1]!.arguments)).toEqual({ label: 'task_context', content: 'rubric: qa_scoring_formula_v3' });

    // The async task_result became the conductor's next turn, after the first one ended.
    const history = await eventually(async () => {
      const h = await platform.listMessages(conductor.id);
      return lastAssistant(h).includes('Result of t-1 received.') ? h : null;
    });
    const secondTurn = history.filter((m) => m.event.message_type === 'user_message')[1]!;
    expect(secondTurn.event).toMatchObject({ sender_agent_id: companion.id });
    const result = JSON.parse((secondTurn.event as { content: string }).content.replace(/^\[[^\]]*\] /, ''));
    expect(result).toMatchObject({
      type: 'task_result',
      task_id: 't-1',
      status: 'succeeded',
      companion_id: companion.id,
      output: { data: { tool: 'core_memory_append', result: { status: 'ok' } } },
    });
    expect(result.metrics.tool_calls).toBe(3);
    expect(fake.requests.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('delivers async messages from the host in order, without waiting for them', async () => {
    const from = await platform.createAgent({ template: 'conductor' });
    const to = await platform.createAgent({ template: 'companion' });
    await platform.sendMessageToAgentAsync(from.id, to.id, '{"type": "session_update", "context": {"n": 1}}');
    await platform.sendMessageToAgentAsync(from.id, to.id, 'plain words');
    const history = await eventually(async () => {
      const h = await platform.listMessages(to.id);
      return h.filter((m) => m.event.message_type === 'assistant_message').length === 2 ? h : null;
    });
    expect(history.map((m) => m.event.message_type)).toEqual(['user_message', 'assistant_message', 'user_message', 'assistant_message']);
    expect(lastAssistant(history)).toEqual(['Noted the session update.', COMPANION_HELP]);
    await expect(platform.sendMessageToAgentAsync(from.id, 'agent-missing', 'hi')).rejects.toThrow(/no agent agent-missing/);
  });

  it('broadcasts to the agents matching all tags and collects their replies', async () => {
    const from = await platform.createAgent({ template: 'conductor', tags: ['session:s-9'] });
    const a = await platform.createAgent({ template: 'companion', tags: ['session:s-9'] });
    const b = await platform.createAgent({ template: 'companion', tags: ['session:s-9'] });
    await platform.createAgent({ template: 'companion', tags: ['session:other'] });
    const replies = await platform.sendMessageToAgentsMatchingTags(
      from.id,
      ['role:companion', 'session:s-9'],
      '{"type": "session_update", "context": {"user_priority": "speed"}}',
    );
    expect(replies.map((r) => r.agent_id).sort()).toEqual([a.id, b.id].sort());
    expect(replies.every((r) => r.reply === 'Noted the session update.')).toBe(true);
    expect(await platform.sendMessageToAgentAndWaitForReply(from.id, a.id, 'plain words')).toBe(COMPANION_HELP);
  });

  it('refuses a wait-for-reply that would deadlock (a waits on b, b waits on a)', async () => {
    const a = await platform.createAgent({ template: 'conductor', tools: ['send_message_to_agent_and_wait_for_reply'] });
    const b = await platform.createAgent({ template: 'conductor', tools: ['send_message_to_agent_and_wait_for_reply'] });
    fake.reply(
      { tool_calls: [{ name: 'send_message_to_agent_and_wait_for_reply', arguments: { message: 'what is 2+2?', other_agent_id: b.id } }] }, // a
      {
        tool_calls: [
          { name: 'send_message_to_agent_and_wait_for_reply', arguments: { message: 'let me ask you back', other_agent_id: a.id } },
        ],
      }, // b
      (req) => ({ content: `b: ${JSON.parse((req.messages.at(-1) as { content: string }).content).error_code}` }), // b sees the refusal
      (req) => ({ content: `a got: ${JSON.parse((req.messages.at(-1) as { content: string }).content).reply}` }), // a
    );
    const events = await platform.sendMessage(a.id, { role: 'user', content: 'ask b' });
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({ content: 'a got: b: conflict' });
    const bReturn = (await platform.listMessages(b.id)).find((m) => m.event.message_type === 'tool_return_message')!.event as {
      status: string;
      tool_return: string;
    };
    expect(bReturn.status).toBe('error');
    expect(bReturn.tool_return).toContain('would deadlock');
  });
});

describe('sleep-time companions', () => {
  it("shares the main agent's blocks and wakes every sleeptime_agent_frequency turns with the transcript", async () => {
    const handle = await createTestDatabase();
    try {
      // The Planner's own deterministic brain is written separately; a minimal one stands in here.
      const answer: Brain = { name: 'test:planner', decide: async () => ({ kind: 'message', content: 'Noted.' }) };
      const platform = testPlatform(handle.db, deterministicBrains(defaultDeterministicBrains().register('planner', answer)), {
        audit: null,
      });
      const planner = await platform.createAgent({ template: 'planner', name: 'selina', enable_sleeptime: true });
      const sleeper = await platform.getAgent(planner.sleeptime_agent_id!);
      expect(sleeper).toMatchObject({ name: 'selina-sleeptime', template: 'planner@1.0.0', tags: ['role:sleeptime'] });
      expect(sleeper!.tools.sort()).toEqual(['memory_finish_edits', 'memory_insert', 'memory_replace', 'memory_rethink']);
      expect(sleeper!.block_ids.slice(0, planner.block_ids.length)).toEqual(planner.block_ids);
      expect((await platform.listAgentBlocks(sleeper!.id)).map((b) => b.label)).toEqual(['persona', 'human', 'memory_persona']);

      for (let i = 1; i <= 4; i++) await platform.sendMessage(planner.id, { role: 'user', content: `message ${i}` });
      expect(await platform.listMessages(sleeper!.id)).toEqual([]);
      await platform.sendMessage(planner.id, { role: 'user', content: 'message 5' });
      const woken = await eventually(async () => {
        const h = await platform.listMessages(sleeper!.id);
        return h.some((m) => m.event.message_type === 'tool_return_message') ? h : null;
      });
      const transcript = (woken[0]!.event as { content: string }).content;
      expect(transcript).toContain(`sleep-time memory agent of selina (${planner.id})`);
      expect(transcript).toContain('[user] message 1');
      expect(transcript).toContain('[user] message 5');
      expect(transcript).toContain('[assistant] Noted.');
      expect(woken.map((m) => m.event.message_type)).toEqual([
        'user_message',
        'reasoning_message',
        'tool_call_message',
        'tool_return_message',
      ]);
      expect((woken[2]!.event as { tool_call: { name: string } }).tool_call.name).toBe('memory_finish_edits');

      expect(await platform.deleteAgent(planner.id)).toBe(true);
      expect(await platform.getAgent(sleeper!.id)).toBeNull();
      await platform.close();
    } finally {
      await handle.dispose();
    }
  });
});
