import { describe, expect, it } from 'vitest';
import { type ChatRequest } from './testing/fake-chat-endpoint.ts';
import { openAILoopHarness, stop, types } from './testing/agent-loop-harness.ts';

/**
 * The agent loop with the openai brain against a fake OpenAI-compatible endpoint
 * (agent-loop-harness.ts): malformed tool calls answered with their error (3 in a row end the
 * turn), and tool errors passed back as returns, which are not malformed calls.
 */
describe('agent loop with the openai brain against an OpenAI-compatible endpoint', () => {
  const harness = openAILoopHarness();

  it('answers malformed tool calls with their error, so the model corrects itself, and ends after 3 malformed steps in a row', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    const lastReturn = (req: ChatRequest) =>
      JSON.parse((req.messages.at(-1) as { content: string }).content) as { status: string; error: string | null };
    const seen: Array<{ status: string; error: string | null }> = [];
    harness.fake.reply(
      { tool_calls: [{ name: 'core_memory_append', arguments: '{"label": "task_context", ' }] },
      (req) => {
        seen.push(lastReturn(req));
        return { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 42 } }] };
      },
      (req) => {
        seen.push(lastReturn(req));
        const fixed = { name: 'core_memory_append', arguments: { label: 'task_context', content: 'fixed' } };
        return { tool_calls: [{ name: 'delete_everything', arguments: {} }, fixed] };
      },
      (req) => {
        seen.push(lastReturn(req));
        return { content: 'Noted, after correcting my call.' };
      },
    );
    const events = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'note "fixed"' });
    expect(stop(events)).toBe('end_turn');
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => [r.name, r.status])).toEqual([
      ['core_memory_append', 'error'],
      ['core_memory_append', 'error'],
      ['delete_everything', 'error'],
      ['core_memory_append', 'success'],
    ]);
    // What the model read after each step: the error with what to do, then its corrected call's result.
    expect(seen.map((r) => r.status)).toEqual(['error', 'error', 'ok']);
    const fix = "Correct the arguments to match the tool's parameters and call it again.";
    expect(seen[0]!.error).toMatch(/^the arguments of core_memory_append are not valid JSON \(.+\); send one JSON object\. /);
    expect(seen[0]!.error!.endsWith(fix)).toBe(true);
    expect(seen[1]!.error).toMatch(/^invalid arguments for core_memory_append: content: .*expected string.*\. Correct the arguments/);
    const unknown = JSON.parse(returns[2]!.tool_return) as { error_code: string; error: string };
    expect(unknown.error_code).toBe('not_found');
    expect(unknown.error).toMatch(
      /^the tool delete_everything is not attached to you; your tools: .*core_memory_append.*\. Call one of your tools instead\.$/,
    );
    expect((await harness.platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe('No task.\nfixed');
    expect(harness.fake.requests.map((r) => r.problems)).toEqual([[], [], [], []]);

    // A step with a well-formed call resets the count; three steps of nothing but malformed calls end the turn.
    harness.fake.requests.length = 0;
    harness.fake.reply(
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'kept' } }] },
      { tool_calls: [{ name: 'core_memory_append', arguments: '{' }] },
      { tool_calls: [{ name: 'core_memory_append', arguments: '[1, 2]' }] },
      {
        tool_calls: [
          { name: 'core_memory_replace', arguments: { label: 'task_context', old_content: 'kept', new_content: 'kept!' } },
          { name: 'nope', arguments: {} },
        ],
      },
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 7 } }] },
      {
        tool_calls: [
          { name: 'nope', arguments: {} },
          { name: 'core_memory_append', arguments: 'not json' },
        ],
      },
      { tool_calls: [{ name: 'core_memory_append', arguments: { content: 'no label' } }] },
    );
    const stuck = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'keep trying' });
    expect(harness.fake.requests).toHaveLength(7);
    expect(stop(stuck)).toBe('invalid_tool_call');
    expect(types(stuck).slice(-3)).toEqual(['assistant_message', 'usage_statistics', 'stop_reason']);
    expect(stuck.at(-2)).toMatchObject({ step_count: 7 });
    const honest = (stuck.find((e) => e.message_type === 'assistant_message') as { content: string }).content;
    expect(
      honest.startsWith(
        'I have stopped: my last 3 attempts to call a tool were malformed, so I could not carry on safely.\n\n' +
          'The last problem: core_memory_append: invalid arguments for core_memory_append: label: ',
      ),
    ).toBe(true);
    expect(honest).toContain('So far in this turn I:\n- called core_memory_append\n- called core_memory_replace\n\n');
    expect(honest).toMatch(/Say "continue" to let me try again, or put your request another way\.$/);
  });

  it('passes tool errors back as tool returns the model reads; they are not malformed calls', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion', tools: ['count_calls'] });
    const reversed = { advisor_names: ['Alex Wong'], start_date: '2024-07-07', end_date: '2024-07-01' };
    const count = { tool_calls: [{ name: 'count_calls', arguments: reversed }] };
    let error: { status: string; error_code: string; error: string } | null = null;
    harness.fake.reply(count, count, count, (req) => {
      error = JSON.parse((req.messages.at(-1) as { content: string }).content);
      return { content: `The CRM refused the period: ${error!.error}` };
    });
    const events = await harness.platform.sendMessage(agent.id, {
      role: 'user',
      content: 'How many calls did Alex Wong take from 7 to 1 July?',
    });
    expect(stop(events)).toBe('end_turn');
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(error).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(error!.error).not.toMatch(/Correct the arguments/);
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({
      content: `The CRM refused the period: ${error!.error}`,
    });
    expect(harness.fake.requests.map((r) => r.problems)).toEqual([[], [], [], []]);
  });
});
