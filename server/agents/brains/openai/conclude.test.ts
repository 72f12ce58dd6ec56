import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeChatEndpoint } from '../../local/testing/fake-chat-endpoint.ts';
import type { BrainInput } from '../brain.ts';
import { OpenAIChatBrain } from './openai-brain.ts';
import { conclusionProblems } from './testing/conclusion-wire.ts';

const SKILLSET = {
  name: 'get_skillset',
  description: 'List skills.',
  parameters: { type: 'object', properties: { tag: { type: 'string' } } },
};
const input = (over: Partial<BrainInput> = {}): BrainInput => ({
  agent: { id: 'agent-1', name: 'planner-1', role: 'planner', system: 'You are the Planner.', tags: [] },
  blocks: [{ id: 'block-1', label: 'human', value: 'Selina, compliance manager', limit: 20_000 }],
  tools: [SKILLSET],
  history: [
    { role: 'user', content: 'Which skills transcribe?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', name: 'get_skillset', arguments: '{"tag":"transcription"}' }] },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_skillset', content: '{"status":"ok","count":2}', status: 'success' },
  ],
  ...over,
});

describe('the openai brain at the step limit (conclude: one request, tools disabled)', () => {
  let fake: FakeChatEndpoint;
  let brain: OpenAIChatBrain;
  beforeAll(async () => {
    fake = await FakeChatEndpoint.start();
    brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'm-1', temperature: 0 });
  });
  afterAll(() => fake.close());

  it('asks with the same history and tools, tool_choice "none", and the step-limit instruction in the system prompt', async () => {
    fake.reply({ content: '  I found two transcription skills so far. Say "continue" to go on.  ', reasoning_content: 'sum up' });
    const answer = await brain.conclude(input(), { steps: 24 });
    expect(answer).toEqual({
      content: 'I found two transcription skills so far. Say "continue" to go on.',
      reasoning: 'sum up',
      usage: { prompt_tokens: 100, completion_tokens: 10 },
    });
    const req = fake.requests.at(-1)!;
    expect(conclusionProblems(req)).toEqual([]);
    const step = brain.request(input());
    expect(req.body).toMatchObject({ model: 'm-1', temperature: 0, tool_choice: 'none', tools: step.tools });
    expect(req.body.messages.slice(1)).toEqual(step.messages.slice(1));
    // The step's system prompt (its current_time aside), then the instruction.
    const untimed = (text: string) => text.replace(/current_time=\S+/, 'current_time=…');
    const system = untimed((req.body.messages[0] as { content: string }).content);
    expect(system.startsWith(`${untimed(step.messages[0]!.content as string)}\n\n<step_limit>\n`)).toBe(true);
    expect(system).toContain('You have used all 24 steps you may take in this turn, so you cannot call any tool now.');
    expect(system).toContain('that they can say "continue"');
    expect(system.endsWith('</step_limit>')).toBe(true);
    const one = brain.conclusionRequest(input(), { steps: 1 }).messages[0]!.content as string;
    expect(one).toContain('You have used the one step you may take in this turn');
  });

  it('takes the text of an answer that still calls tools (a server ignoring tool_choice), and refuses one without text', async () => {
    fake.reply({ tool_calls: [{ name: 'get_skillset', arguments: {} }], content: 'Done so far: the catalog lookup.' });
    await expect(brain.conclude(input(), { steps: 3 })).resolves.toMatchObject({ content: 'Done so far: the catalog lookup.' });
    fake.reply({ tool_calls: [{ name: 'get_skillset', arguments: {} }] });
    await expect(brain.conclude(input(), { steps: 3 })).rejects.toMatchObject({
      stopReason: 'invalid_llm_response',
      message: 'the model gave no final answer at the step limit',
    });
  });

  it('fails with a BrainError when the endpoint fails, so the loop writes the answer itself', async () => {
    fake.reply({ status: 503, body: 'overloaded' });
    await expect(brain.conclude(input(), { steps: 3 })).rejects.toMatchObject({ stopReason: 'llm_api_error', detail: 'overloaded' });
  });

  it('sends no tool_choice when the agent has no tools', async () => {
    fake.reply({ content: 'Nothing done yet.' });
    await brain.conclude(input({ tools: [], history: [{ role: 'user', content: 'hi' }] }), { steps: 1 });
    const req = fake.requests.at(-1)!;
    expect(req.problems).toEqual([]);
    expect(req.body).not.toHaveProperty('tool_choice');
    expect(req.body).not.toHaveProperty('tools');
  });
});
