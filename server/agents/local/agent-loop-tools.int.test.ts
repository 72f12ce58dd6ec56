import { describe, expect, it } from 'vitest';
import { listAudit } from '../../audit/log.ts';
import { collect } from './testing/platform-harness.ts';
import { openAILoopHarness, stop, types } from './testing/agent-loop-harness.ts';

/**
 * The agent loop with the openai brain against a fake OpenAI-compatible endpoint
 * (agent-loop-harness.ts): a tool-calling loop over runtime and registry tools — every message
 * persisted, every request well-formed — and bad tool calls answered as errors the model sees.
 */
describe('agent loop with the openai brain against an OpenAI-compatible endpoint', () => {
  const harness = openAILoopHarness();

  it('runs a tool-calling loop over runtime and registry tools, persists every message and sends well-formed requests', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion', name: 'comp-loop', tools: ['get_skillset', 'store_memory'] });
    harness.fake.reply(
      {
        reasoning_content: 'Record the task, then look at the catalog.',
        tool_calls: [
          {
            name: 'core_memory_replace',
            arguments: { label: 'task_context', old_content: 'No task.', new_content: 'Task t-1: count the transcription skills' },
          },
          { name: 'get_skillset', arguments: { tag: 'transcription' } },
        ],
      },
      (req) => {
        // The catalog's answer came back as a tool message; answer from it.
        const ret = req.messages.filter((m) => m.role === 'tool').at(-1)!;
        const skills = (JSON.parse(ret.content) as { skills: Array<{ skillName: string }> }).skills.map((s) => s.skillName).sort();
        return {
          tool_calls: [
            {
              name: 'store_memory',
              arguments: { kind: 'insight', text: `transcription skills: ${skills.join(', ')}`, agent_id: agent.id },
            },
          ],
        };
      },
      (req) => {
        const ret = JSON.parse(req.messages.at(-1)!.role === 'tool' ? (req.messages.at(-1) as { content: string }).content : '{}') as {
          status: string;
        };
        return { tool_calls: [{ name: 'send_message', arguments: { message: `Done (${ret.status}): two transcription skills found.` } }] };
      },
    );
    const events = await collect(
      harness.platform.streamMessage(agent.id, { role: 'user', content: 'How many transcription skills do we have?' }),
    );

    expect(types(events)).toEqual([
      'reasoning_message',
      'tool_call_message',
      'tool_call_message',
      'tool_return_message',
      'tool_return_message',
      'tool_call_message',
      'tool_return_message',
      'assistant_message',
      'usage_statistics',
      'stop_reason',
    ]);
    expect(stop(events)).toBe('end_turn');
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => [r.name, r.status])).toEqual([
      ['core_memory_replace', 'success'],
      ['get_skillset', 'success'],
      ['store_memory', 'success'],
    ]);
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({
      content: 'Done (ok): two transcription skills found.',
    });
    expect(events.at(-2)).toEqual({
      message_type: 'usage_statistics',
      prompt_tokens: 300,
      completion_tokens: 30,
      total_tokens: 330,
      step_count: 3,
    });

    // the block edit, the registry tool's effect (a memory of this agent) and its audit entry as the agent
    expect((await harness.platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe(
      'Task t-1: count the transcription skills',
    );
    const memory = await harness.platform.searchPassages(agent.id, { query: 'transcription skills' });
    expect(memory[0]!.text).toBe('transcription skills: assemblyai-transcribe, pocketsphinx-transcribe, whisper-transcribe');
    const audit = await listAudit(harness.handle.db, { limit: 5, action: 'store_memory' });
    expect(audit[0]).toMatchObject({ actorKind: 'agent', actorId: agent.id, actorLabel: 'comp-loop', resultStatus: 'ok' });

    // every message persisted, in order
    const history = await harness.platform.listMessages(agent.id);
    expect(history.map((m) => m.event.message_type)).toEqual(['user_message', ...types(events).slice(0, -2)]);

    // the requests: well-formed chat completions with function tools
    expect(harness.fake.requests).toHaveLength(3);
    for (const r of harness.fake.requests) {
      expect(r.problems).toEqual([]);
      expect(r.path).toBe('/v1/chat/completions');
      expect(r.headers.authorization).toBe('Bearer sk-test-123');
      expect(r.body.model).toBe('test-model-1');
      expect(r.body.tool_choice).toBe('auto');
    }
    const first = harness.fake.requests[0]!.body;
    expect(first.tools!.map((t) => t.function.name).sort()).toEqual(agent.tools.slice().sort());
    const getSkillset = first.tools!.find((t) => t.function.name === 'get_skillset')!.function;
    expect(getSkillset.parameters).toMatchObject({ type: 'object', properties: { tag: { type: 'string' } } });
    expect(getSkillset.parameters).not.toHaveProperty('$schema');
    const system = first.messages[0] as { role: string; content: string };
    expect(system.content).toContain('You are a Companion agent');
    expect(system.content).toContain('<task_context>');
    expect(system.content).toContain(`agent_id=${agent.id}`);
    expect(first.messages.slice(1)).toEqual([{ role: 'user', content: 'How many transcription skills do we have?' }]);
    const second = harness.fake.requests[1]!.body.messages;
    expect(second.at(-3)).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { type: 'function', function: { name: 'core_memory_replace' } },
        { type: 'function', function: { name: 'get_skillset' } },
      ],
    });
    expect(second.at(-2)).toMatchObject({ role: 'tool', content: expect.stringContaining('"status":"ok"') });
    // the edited block is in the next step's system prompt
    expect((second[0] as { content: string }).content).toContain('Task t-1: count the transcription skills');

    // the next turn carries the whole conversation
    harness.fake.reply({ content: 'You asked about transcription skills.' });
    await harness.platform.sendMessage(agent.id, { role: 'user', content: 'What did I ask?' });
    const next = harness.fake.requests[3]!.body.messages;
    expect(harness.fake.requests[3]!.problems).toEqual([]);
    expect(next.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'user']);
    expect(next.at(-2)).toEqual({ role: 'assistant', content: 'Done (ok): two transcription skills found.' });
  });

  it('turns bad tool calls into error returns the model sees, and keeps going', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    harness.fake.reply(
      {
        tool_calls: [
          { name: 'get_skillset', arguments: {} },
          { name: 'core_memory_append', arguments: '{"label": "persona", ' },
          { name: 'core_memory_append', arguments: { label: 'nope', content: 'x' } },
        ],
      },
      { content: 'I could not do that.' },
    );
    const events = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'try things' });
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(returns[0]!.tool_return).toMatch(/get_skillset is not attached to you/);
    expect(returns[1]!.tool_return).toMatch(/not valid JSON/);
    expect(returns[2]!.tool_return).toMatch(/no memory block labelled \\"nope\\"/);
    expect(stop(events)).toBe('end_turn');
    expect(harness.fake.requests[1]!.problems).toEqual([]);
  });
});
