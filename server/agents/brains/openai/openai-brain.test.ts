import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeChatEndpoint } from '../../local/testing/fake-chat-endpoint.ts';
import { BrainError, type BrainInput } from '../brain.ts';
import { brainsFromConfig } from '../select.ts';
import { OpenAIChatBrain } from './openai-brain.ts';
import { loadConfig } from '../../../config.ts';

const input = (over: Partial<BrainInput> = {}): BrainInput => ({
  agent: { id: 'agent-1', name: 'planner-1', role: 'planner', system: 'You are the Planner.', tags: [] },
  blocks: [{ id: 'block-1', label: 'human', value: 'Selina, compliance manager', limit: 20_000, description: 'The human block.' }],
  tools: [{ name: 'get_skillset', description: 'List skills.', parameters: { type: 'object', properties: { tag: { type: 'string' } } } }],
  history: [
    { role: 'user', content: 'Which skills transcribe?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', name: 'get_skillset', arguments: '{"tag":"transcription"}' }],
      reasoning: 'look it up',
    },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_skillset', content: '{"status":"ok","count":2}', status: 'success' },
  ],
  ...over,
});

describe('the openai brain (chat completions with function calling)', () => {
  let fake: FakeChatEndpoint;
  beforeAll(async () => {
    fake = await FakeChatEndpoint.start();
  });
  afterAll(() => fake.close());

  it('sends the system prompt with core memory, the history and the tools in the wire format', async () => {
    const brain = new OpenAIChatBrain({ baseUrl: `${fake.baseUrl}/`, model: 'm-1', apiKey: 'k', temperature: 0.2 });
    fake.reply({ content: 'Two: whisper-transcribe and assemblyai-transcribe.', reasoning_content: 'count them' });
    const d = await brain.decide(input());
    expect(d).toEqual({
      kind: 'message',
      content: 'Two: whisper-transcribe and assemblyai-transcribe.',
      reasoning: 'count them',
      usage: { prompt_tokens: 100, completion_tokens: 10 },
    });
    const req = fake.requests.at(-1)!;
    expect(req.problems).toEqual([]);
    expect(req.body).toMatchObject({
      model: 'm-1',
      temperature: 0.2,
      tool_choice: 'auto',
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_skillset',
            description: 'List skills.',
            parameters: { type: 'object', properties: { tag: { type: 'string' } } },
          },
        },
      ],
    });
    expect(req.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Which skills transcribe?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_skillset', arguments: '{"tag":"transcription"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"status":"ok","count":2}' },
    ]);
    const system = (req.body.messages[0] as { content: string }).content;
    expect(system).toMatch(/^You are the Planner\.\n\n<memory_blocks>/);
    expect(system).toContain('<human>\n<description>\nThe human block.\n</description>');
    expect(system).toContain('- chars_current=26\n- chars_limit=20000');
    expect(system).toContain('<value>\nSelina, compliance manager\n</value>');
    expect(system).toContain('- agent_id=agent-1');
  });

  it('returns tool calls, tolerating arguments given as an object and a missing call id', async () => {
    const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'm-1' });
    fake.reply({
      tool_calls: [
        { name: 'get_skillset', arguments: { tag: 'qa' }, id: '' },
        { name: 'get_skillset', arguments: '' },
      ],
      content: 'Looking.',
    });
    const d = await brain.decide(input({ tools: [], history: [{ role: 'user', content: 'hi' }] }));
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('tools');
    expect(d.kind).toBe('tool_calls');
    if (d.kind !== 'tool_calls') return;
    expect(d.content).toBe('Looking.');
    expect(d.tool_calls[0]).toMatchObject({ name: 'get_skillset', arguments: '{"tag":"qa"}', id: expect.stringMatching(/^call_/) });
    expect(d.tool_calls[1]!.arguments).toBe('{}');
  });

  it('turns refusals, unreachable endpoints and non-completions into BrainErrors with stop reasons', async () => {
    const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'm-1' });
    fake.reply({ status: 429, body: 'rate limited' });
    await expect(brain.decide(input())).rejects.toMatchObject({
      stopReason: 'llm_api_error',
      message: expect.stringContaining('429'),
      detail: 'rate limited',
    });
    fake.reply({ status: 200, body: 'not json' });
    await expect(brain.decide(input())).rejects.toMatchObject({ stopReason: 'invalid_llm_response' });
    fake.reply({ content: '' });
    await expect(brain.decide(input())).rejects.toThrow(/neither a message nor tool calls/);
    const nowhere = new OpenAIChatBrain({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm-1' });
    await expect(nowhere.decide(input())).rejects.toBeInstanceOf(BrainError);
    const slow = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'm-1', timeoutMs: 100 });
    fake.reply({ content: 'late', delayMs: 1_000 });
    await expect(slow.decide(input())).rejects.toThrow(/no answer within 0.1 s/);
  });

  it('is chosen by configuration, and describes itself', () => {
    expect(loadConfig({}, '/x').agentBrain).toEqual({ kind: 'deterministic' });
    expect(loadConfig({ OPENAI_MODEL: 'gpt-4.1', OPENAI_API_KEY: 'sk-1' }, '/x').agentBrain).toEqual({
      kind: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4.1',
      apiKey: 'sk-1',
    });
    expect(loadConfig({ OPENAI_MODEL: 'qwen', OPENAI_BASE_URL: 'http://llm:8000/v1/' }, '/x').agentBrain).toMatchObject({
      baseUrl: 'http://llm:8000/v1',
    });
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://llm:8000/v1' }, '/x')).toThrow(/OPENAI_BASE_URL needs OPENAI_MODEL/);
    expect(() => loadConfig({ OPENAI_MODEL: 'm', OPENAI_BASE_URL: 'ftp://x' }, '/x')).toThrow(/OPENAI_BASE_URL/);
    // The local agents' step limit per turn (the loop then asks for the final answer).
    expect(loadConfig({}, '/x').agentMaxSteps).toBe(24);
    expect(loadConfig({ DCF_AGENT_MAX_STEPS: '8' }, '/x').agentMaxSteps).toBe(8);
    expect(() => loadConfig({ DCF_AGENT_MAX_STEPS: '0' }, '/x')).toThrow(/DCF_AGENT_MAX_STEPS \("0"\)/);
    expect(() => loadConfig({ DCF_AGENT_MAX_STEPS: 'many' }, '/x')).toThrow(/DCF_AGENT_MAX_STEPS/);
    expect(brainsFromConfig({ kind: 'openai', baseUrl: 'http://llm:8000/v1', model: 'qwen', apiKey: undefined }).describe()).toEqual({
      brain: 'openai',
      model: 'qwen',
      base_url: 'http://llm:8000/v1',
    });
    const deterministic = brainsFromConfig({ kind: 'deterministic' });
    expect(deterministic.describe()).toEqual({ brain: 'deterministic' });
    expect(deterministic.forRole('worker')?.name).toBe('deterministic:worker');
    expect(deterministic.forRole('companion')?.name).toBe('deterministic:companion');
    expect(deterministic.forRole('worker-sleeptime')?.name).toBe('deterministic:sleeptime');
    expect(deterministic.forRole('conductor')?.name).toBe('deterministic:conductor');
    expect(deterministic.forRole('strategist')?.name).toBe('deterministic:strategist');
    expect(deterministic.forRole('reflector')).toBeNull();
  });
});
