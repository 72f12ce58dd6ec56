import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '../../audit/log.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { DeterministicBrains } from '../brains/deterministic.ts';
import { OpenAIChatBrain } from '../brains/openai/openai-brain.ts';
import { deterministicBrains, openAIBrains } from '../brains/select.ts';
import type { AgentEvent } from '../../contracts/agent-platform.ts';
import { defaultTemplatesDir } from '../templates/load-template.ts';
import { conclusionProblems } from '../brains/openai/testing/conclusion-wire.ts';
import { FakeChatEndpoint, type ChatRequest } from './testing/fake-chat-endpoint.ts';
import { collect, testPlatform } from './testing/platform-harness.ts';

/** Polls `check` (a give-up bound of 500 polls, not a timing assertion: the condition is an event). */
async function until(check: () => boolean, failure: string): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i >= 500) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const types = (events: AgentEvent[]) => events.map((e) => e.message_type);
const stop = (events: AgentEvent[]) => (events.at(-1) as Extract<AgentEvent, { message_type: 'stop_reason' }>).stop_reason;

describe('agent loop with the openai brain against an OpenAI-compatible endpoint', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let fake: FakeChatEndpoint;
  let platform: ReturnType<typeof testPlatform>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    fake = await FakeChatEndpoint.start();
    const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'test-model-1', apiKey: 'sk-test-123' });
    platform = testPlatform(handle.db, openAIBrains(brain));
  });
  afterAll(async () => {
    await platform.close();
    await fake.close();
    await handle.dispose();
  });
  beforeEach(() => {
    expect(fake.pending).toBe(0);
    fake.requests.length = 0;
  });

  it('runs a tool-calling loop over runtime and registry tools, persists every message and sends well-formed requests', async () => {
    const agent = await platform.createAgent({ template: 'companion', name: 'comp-loop', tools: ['get_skillset', 'store_memory'] });
    fake.reply(
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
    const events = await collect(platform.streamMessage(agent.id, { role: 'user', content: 'How many transcription skills do we have?' }));

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
    expect((await platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe(
      'Task t-1: count the transcription skills',
    );
    const memory = await platform.searchPassages(agent.id, { query: 'transcription skills' });
    expect(memory[0]!.text).toBe('transcription skills: assemblyai-transcribe, whisper-transcribe');
    const audit = await listAudit(handle.db, { limit: 5, action: 'store_memory' });
    expect(audit[0]).toMatchObject({ actorKind: 'agent', actorId: agent.id, actorLabel: 'comp-loop', resultStatus: 'ok' });

    // every message persisted, in order
    const history = await platform.listMessages(agent.id);
    expect(history.map((m) => m.event.message_type)).toEqual(['user_message', ...types(events).slice(0, -2)]);

    // the requests: well-formed chat completions with function tools
    expect(fake.requests).toHaveLength(3);
    for (const r of fake.requests) {
      expect(r.problems).toEqual([]);
      expect(r.path).toBe('/v1/chat/completions');
      expect(r.headers.authorization).toBe('Bearer sk-test-123');
      expect(r.body.model).toBe('test-model-1');
      expect(r.body.tool_choice).toBe('auto');
    }
    const first = fake.requests[0]!.body;
    expect(first.tools!.map((t) => t.function.name).sort()).toEqual(agent.tools.slice().sort());
    const getSkillset = first.tools!.find((t) => t.function.name === 'get_skillset')!.function;
    expect(getSkillset.parameters).toMatchObject({ type: 'object', properties: { tag: { type: 'string' } } });
    expect(getSkillset.parameters).not.toHaveProperty('$schema');
    const system = first.messages[0] as { role: string; content: string };
    expect(system.content).toContain('You are a Companion agent');
    expect(system.content).toContain('<task_context>');
    expect(system.content).toContain(`agent_id=${agent.id}`);
    expect(first.messages.slice(1)).toEqual([{ role: 'user', content: 'How many transcription skills do we have?' }]);
    const second = fake.requests[1]!.body.messages;
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
    fake.reply({ content: 'You asked about transcription skills.' });
    await platform.sendMessage(agent.id, { role: 'user', content: 'What did I ask?' });
    const next = fake.requests[3]!.body.messages;
    expect(fake.requests[3]!.problems).toEqual([]);
    expect(next.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'user']);
    expect(next.at(-2)).toEqual({ role: 'assistant', content: 'Done (ok): two transcription skills found.' });
  });

  it('turns bad tool calls into error returns the model sees, and keeps going', async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    fake.reply(
      {
        tool_calls: [
          { name: 'get_skillset', arguments: {} },
          { name: 'core_memory_append', arguments: '{"label": "persona", ' },
          { name: 'core_memory_append', arguments: { label: 'nope', content: 'x' } },
        ],
      },
      { content: 'I could not do that.' },
    );
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'try things' });
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(returns[0]!.tool_return).toMatch(/get_skillset is not attached to you/);
    expect(returns[1]!.tool_return).toMatch(/not valid JSON/);
    expect(returns[2]!.tool_return).toMatch(/no memory block labelled \\"nope\\"/);
    expect(stop(events)).toBe('end_turn');
    expect(fake.requests[1]!.problems).toEqual([]);
  });

  it("at the step limit, ends the turn with the model's final answer, asked once with its tools disabled", async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    const append = (content: string) => ({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content } }] });
    const final = 'I noted steps 1 and 2 in my task context. Left: step 3. Say "continue" and I will go on.';
    fake.reply(append('step 1'), append('step 2'), { content: final, reasoning_content: 'two of three steps done' });
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'note steps 1, 2 and 3, one per step' }, { max_steps: 2 });
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
    expect((await platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe('No task.\nstep 1\nstep 2');

    expect(fake.requests).toHaveLength(3);
    const conclusion = fake.requests[2]!;
    expect(conclusionProblems(conclusion)).toEqual([]);
    expect(conclusion.body.tool_choice).toBe('none');
    expect(conclusion.body.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
    expect(conclusion.body.tools!.map((t) => t.function.name)).toEqual(fake.requests[0]!.body.tools!.map((t) => t.function.name));
    expect((conclusion.body.messages[0] as { content: string }).content).toContain('You have used all 2 steps you may take in this turn');

    // "continue": the next turn reads the final answer as the agent's own message.
    fake.reply(append('step 3'), { content: 'All three steps are noted.' });
    const next = await platform.sendMessage(agent.id, { role: 'user', content: 'continue' });
    expect(stop(next)).toBe('end_turn');
    const read = fake.requests[3]!.body.messages;
    expect(fake.requests[3]!.problems).toEqual([]);
    expect(read.slice(-2)).toEqual([
      { role: 'assistant', content: final },
      { role: 'user', content: 'continue' },
    ]);
  });

  it("at the step limit with the endpoint failing then, writes the final answer from the turn's tool calls", async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    fake.reply(
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'step 1' } }] },
      { tool_calls: [{ name: 'core_memory_append', arguments: { label: 'nope', content: 'step 2' } }] },
      { status: 500, body: '{"error": {"message": "the model server crashed"}}' },
    );
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'loop' }, { max_steps: 2 });
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
    expect((await platform.listMessages(agent.id)).at(-1)!.event).toMatchObject({
      message_type: 'assistant_message',
      content: answer.content,
    });
  });

  it('answers malformed tool calls with their error, so the model corrects itself, and ends after 3 malformed steps in a row', async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    const lastReturn = (req: ChatRequest) =>
      JSON.parse((req.messages.at(-1) as { content: string }).content) as { status: string; error: string | null };
    const seen: Array<{ status: string; error: string | null }> = [];
    fake.reply(
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
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'note "fixed"' });
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
    expect((await platform.listAgentBlocks(agent.id)).find((b) => b.label === 'task_context')!.value).toBe('No task.\nfixed');
    expect(fake.requests.map((r) => r.problems)).toEqual([[], [], [], []]);

    // A step with a well-formed call resets the count; three steps of nothing but malformed calls end the turn.
    fake.requests.length = 0;
    fake.reply(
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
    const stuck = await platform.sendMessage(agent.id, { role: 'user', content: 'keep trying' });
    expect(fake.requests).toHaveLength(7);
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
    const agent = await platform.createAgent({ template: 'companion', tools: ['count_calls'] });
    const reversed = { advisor_names: ['Alex Wong'], start_date: '2024-07-07', end_date: '2024-07-01' };
    const count = { tool_calls: [{ name: 'count_calls', arguments: reversed }] };
    let error: { status: string; error_code: string; error: string } | null = null;
    fake.reply(count, count, count, (req) => {
      error = JSON.parse((req.messages.at(-1) as { content: string }).content);
      return { content: `The CRM refused the period: ${error!.error}` };
    });
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'How many calls did Alex Wong take from 7 to 1 July?' });
    expect(stop(events)).toBe('end_turn');
    const returns = events.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(error).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(error!.error).not.toMatch(/Correct the arguments/);
    expect(events.find((e) => e.message_type === 'assistant_message')).toMatchObject({
      content: `The CRM refused the period: ${error!.error}`,
    });
    expect(fake.requests.map((r) => r.problems)).toEqual([[], [], [], []]);
  });

  it('reports an endpoint that refuses as an error_message and llm_api_error', async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    fake.reply({ status: 401, body: '{"error": {"message": "Incorrect API key provided"}}' });
    const events = await platform.sendMessage(agent.id, { role: 'user', content: 'hello' });
    expect(types(events)).toEqual(['error_message', 'usage_statistics', 'stop_reason']);
    expect(events[0]).toMatchObject({
      error_type: 'llm_api_error',
      message: expect.stringContaining('401'),
      detail: expect.stringContaining('Incorrect API key'),
    });
    expect(stop(events)).toBe('llm_api_error');
    fake.reply({ status: 200, body: '{"choices": []}' });
    const invalid = await platform.sendMessage(agent.id, { role: 'user', content: 'hello again' });
    expect(stop(invalid)).toBe('invalid_llm_response');
    // the failed turns are in the history, and the model never sees the error events
    fake.reply({ content: 'Hi.' });
    await platform.sendMessage(agent.id, { role: 'user', content: 'third try' });
    expect(fake.requests.at(-1)!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'user']);
  });

  it('is cancelled by its AbortSignal, between steps and during a model request', async () => {
    const agent = await platform.createAgent({ template: 'companion' });
    fake.reply({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'one' } }] });
    const between = new AbortController();
    const events: AgentEvent[] = [];
    for await (const e of platform.streamMessage(agent.id, { role: 'user', content: 'go' }, { signal: between.signal })) {
      events.push(e);
      if (e.message_type === 'tool_return_message') between.abort();
    }
    expect(stop(events)).toBe('cancelled');
    expect(fake.requests).toHaveLength(1);

    // During the request, by event order: the reply is held until the test releases it, so only the
    // cancellation can end the turn, and the endpoint sees the client hang up on the unanswered request.
    fake.reply({ content: 'too late', held: true });
    const during = new AbortController();
    const streaming = collect(platform.streamMessage(agent.id, { role: 'user', content: 'slow' }, { signal: during.signal }));
    await until(() => fake.requests.length === 2, 'the model request never reached the endpoint');
    during.abort();
    await until(() => fake.hungUp === 1, 'the cancelled turn did not drop its model request');
    const cancelled = await streaming;
    expect(stop(cancelled)).toBe('cancelled');
    expect(fake.release()).toBe(0); // nobody was left waiting for the reply
    expect((await platform.listMessages(agent.id)).map((m) => m.event.message_type).at(-1)).toBe('user_message');
  });

  it('honours an exit_loop tool rule of the template', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-templates-'));
    try {
      await cp(defaultTemplatesDir(), dir, { recursive: true });
      const file = path.join(dir, 'companion.af');
      const af = JSON.parse(await readFile(file, 'utf8'));
      af.agents[0].tool_rules.push({ tool_name: 'core_memory_append', type: 'exit_loop' });
      await writeFile(file, JSON.stringify(af));
      const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'test-model-1' });
      const custom = testPlatform(handle.db, openAIBrains(brain), { templatesDir: dir, audit: null });
      const agent = await custom.createAgent({ template: 'companion' });
      fake.reply({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'noted' } }] });
      const events = await custom.sendMessage(agent.id, { role: 'user', content: 'note it' });
      expect(stop(events)).toBe('end_turn');
      expect(events.at(-2)).toMatchObject({ step_count: 1 });
      expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
      await custom.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('agent loop without a model', () => {
  it('answers with an error_message when its role has no deterministic brain', async () => {
    const handle = await createTestDatabase();
    try {
      // Every shipped role has a deterministic brain, so this platform's registry has none.
      const platform = testPlatform(handle.db, deterministicBrains(new DeterministicBrains()), { audit: null });
      const strategist = await platform.createAgent({ template: 'strategist' });
      const events = await platform.sendMessage(strategist.id, { role: 'user', content: 'hello' });
      expect(types(events)).toEqual(['error_message', 'usage_statistics', 'stop_reason']);
      expect(events[0]).toMatchObject({
        error_type: 'no_brain',
        message: expect.stringMatching(/no brain for the role "strategist": set OPENAI_MODEL/),
      });
      expect(stop(events)).toBe('error');
      expect((await platform.listMessages(strategist.id)).map((m) => m.event.message_type)).toEqual(['user_message', 'error_message']);
      await platform.close();
    } finally {
      await handle.dispose();
    }
  });

  it('the offline Conductor acts only on what it can do: outside a session it delegates nothing and says why', async () => {
    const handle = await createTestDatabase();
    try {
      const platform = testPlatform(handle.db, deterministicBrains(), { audit: null });
      const conductor = await platform.createAgent({
        template: 'conductor',
        blocks: [{ label: 'clock', value: 'Today is 2024-07-08T09:00:00Z (Monday).' }],
      });
      const other = await platform.sendMessage(conductor.id, { role: 'user', content: 'Split the HELOC 2.0 review across companions' });
      expect(other.filter((e) => e.message_type === 'tool_call_message')).toEqual([]);
      expect(other.find((e) => e.message_type === 'assistant_message')).toMatchObject({
        content: expect.stringContaining("I'm the Conductor."),
      });
      const review = await platform.sendMessage(conductor.id, { role: 'user', content: "Review Alex Wong's calls from last week" });
      expect(review.filter((e) => e.message_type === 'tool_call_message')).toEqual([]);
      expect(review.find((e) => e.message_type === 'assistant_message')).toMatchObject({
        content: expect.stringContaining('I have no delegated-mode session to work in'),
      });
      expect(stop(review)).toBe('end_turn');
      await platform.close();
    } finally {
      await handle.dispose();
    }
  });
});
