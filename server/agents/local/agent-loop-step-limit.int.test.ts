import { describe, expect, it } from 'vitest';
import { conclusionProblems } from '../brains/openai/testing/conclusion-wire.ts';
import { openAILoopHarness, stop, types } from './testing/agent-loop-harness.ts';

/**
 * The agent loop with the openai brain against a fake OpenAI-compatible endpoint
 * (agent-loop-harness.ts): the step limit — the model's final answer asked once with its tools
 * disabled, or written from the turn's tool calls when the endpoint fails then.
 */
describe('agent loop with the openai brain against an OpenAI-compatible endpoint', () => {
  const harness = openAILoopHarness();

  it("at the step limit, ends the turn with the model's final answer, asked once with its tools disabled", async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    const append = (content: string) => ({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content } }] });
    const final = 'I noted steps 1 and 2 in my task context. Left: step 3. Say "continue" and I will go on.';
    harness.fake.reply(append('step 1'), append('step 2'), { content: final, reasoning_content: 'two of three steps done' });
    const events = await harness.platform.sendMessage(
      agent.id,
      { role: 'user', content: 'note steps 1, 2 and 3, one per step' },
      { max_steps: 2 },
    );
    expect(types(events).slice(-4)).toEqual(['reasoning_message', 'assistant_message', 'usage_statistics', 'stop_reason']);
    expect(stop(events)).toBe('max_steps');
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({ content: final });
    // Two decisions; the final answer's tokens are counted with them.
    expect(events.at(-2)).toEqual({
      message_type: 'usage_statistics',
      prompt_tokens: 300,
      completion_tokens: 30,
      total_tokens: 330,
      step_count: 2,
    });
    expect(events.filter((e) => e.message_type === 'error_message')).toEqual([]);
    expect((await harness.platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe(
      'No task.\nstep 1\nstep 2',
    );

    expect(harness.fake.requests).toHaveLength(3);
    const conclusion = harness.fake.requests[2]!;
    expect(conclusionProblems(conclusion)).toEqual([]);
    expect(conclusion.body.tool_choice).toBe('none');
    expect(conclusion.body.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
    expect(conclusion.body.tools!.map((t) => t.function.name)).toEqual(harness.fake.requests[0]!.body.tools!.map((t) => t.function.name));
    expect((conclusion.body.messages[0] as { content: string }).content).toContain('You have used all 2 steps you may take in this turn');

    // "continue": the next turn reads the final answer as the agent's own message.
    harness.fake.reply(append('step 3'), { content: 'All three steps are noted.' });
    const next = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'continue' });
    expect(stop(next)).toBe('end_turn');
    const read = harness.fake.requests[3]!.body.messages;
    expect(harness.fake.requests[3]!.problems).toEqual([]);
    expect(read.slice(-2)).toEqual([
      { role: 'assistant', content: final },
      { role: 'user', content: 'continue' },
    ]);
  });

  it("at the step limit with the endpoint failing then, writes the final answer from the turn's tool calls", async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    harness.fake.reply(
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'step 1' } }] },
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'nope', content: 'step 2' } }] },
      { status: 500, body: '{"error": {"message": "the model server crashed"}}' },
    );
    const events = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'loop' }, { max_steps: 2 });
    expect(stop(events)).toBe('max_steps');
    expect(types(events).slice(-4)).toEqual(['reasoning_message', 'assistant_message', 'usage_statistics', 'stop_reason']);
    expect(events.filter((e) => e.message_type === 'error_message')).toEqual([]);
    const why = events.find((e) => e.message_type === 'reasoning_message')!;
    expect((why as { reasoning: string }).reasoning).toMatch(
      /^The brain could not give a final answer \(the model endpoint answered 500.*\); this one is written from the turn's tool calls\.$/,
    );
    const answer = events.find((e) => e.message_type === 'assistant_message') as { content: string };
    expect(answer.content).toBe(
      [
        'I have stopped: I reached the limit of 2 steps I may take in one turn before I could finish.',
        'So far in this turn I:\n- called core_memory_append\n- called core_memory_append, which failed: no memory block labelled "nope" in your core memory',
        'What is left: the rest of your request — I have not finished it or given you my answer yet.',
        'Say "continue" and I will go on from here.',
      ].join('\n\n'),
    );
    // Stored like any answer: the next turn's history has it.
    expect((await harness.platform.listMessages(agent.id)).at(-1)!.event).toMatchObject({
      message_type: 'assistant_message',
      content: answer.content,
    });
  });
});
