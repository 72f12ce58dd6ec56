import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenAIChatBrain } from '../brains/openai/openai-brain.ts';
import { openAIBrains } from '../brains/select.ts';
import type { AgentEvent } from '../../contracts/agent-platform.ts';
import { defaultTemplatesDir } from '../templates/load-template.ts';
import { collect, testPlatform } from './testing/platform-harness.ts';
import { openAILoopHarness, stop, types, until } from './testing/agent-loop-harness.ts';

/**
 * The agent loop with the openai brain against a fake OpenAI-compatible endpoint
 * (agent-loop-harness.ts): how a turn ends otherwise — an endpoint that refuses, its AbortSignal,
 * and a template's exit_loop tool rule.
 */
describe('agent loop with the openai brain against an OpenAI-compatible endpoint', () => {
  const harness = openAILoopHarness();

  it('reports an endpoint that refuses as an error_message and llm_api_error', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    harness.fake.reply({ status: 401, body: '{"error": {"message": "Incorrect API key provided"}}' });
    const events = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'hello' });
    expect(types(events)).toEqual(['error_message', 'usage_statistics', 'stop_reason']);
    expect(events[0]).toMatchObject({
      error_type: 'llm_api_error',
      message: expect.stringContaining('401'),
      detail: expect.stringContaining('Incorrect API key'),
    });
    expect(stop(events)).toBe('llm_api_error');
    harness.fake.reply({ status: 200, body: '{"choices": []}' });
    const invalid = await harness.platform.sendMessage(agent.id, { role: 'user', content: 'hello again' });
    expect(stop(invalid)).toBe('invalid_llm_response');
    // the failed turns are in the history, and the model never sees the error events
    harness.fake.reply({ content: 'Hi.' });
    await harness.platform.sendMessage(agent.id, { role: 'user', content: 'third try' });
    expect(harness.fake.requests.at(-1)!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'user']);
  });

  it('is cancelled by its AbortSignal, between steps and during a model request', async () => {
    const agent = await harness.platform.createAgent({ template: 'companion' });
    harness.fake.reply({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'one' } }] });
    const between = new AbortController();
    const events: AgentEvent[] = [];
    for await (const e of harness.platform.streamMessage(agent.id, { role: 'user', content: 'go' }, { signal: between.signal })) {
      events.push(e);
      if (e.message_type === 'tool_return_message') between.abort();
    }
    expect(stop(events)).toBe('cancelled');
    expect(harness.fake.requests).toHaveLength(1);

    // During the request, by event order: the reply is held until the test releases it, so only the
    // cancellation can end the turn, and the endpoint sees the client hang up on the unanswered request.
    harness.fake.reply({ content: 'too late', held: true });
    const during = new AbortController();
    const streaming = collect(harness.platform.streamMessage(agent.id, { role: 'user', content: 'slow' }, { signal: during.signal }));
    await until(() => harness.fake.requests.length === 2, 'the model request never reached the endpoint');
    during.abort();
    await until(() => harness.fake.hungUp === 1, 'the cancelled turn did not drop its model request');
    const cancelled = await streaming;
    expect(stop(cancelled)).toBe('cancelled');
    expect(harness.fake.release()).toBe(0); // nobody was left waiting for the reply
    expect((await harness.platform.listMessages(agent.id)).map((m) => m.event.message_type).at(-1)).toBe('user_message');
  });

  it('honours an exit_loop tool rule of the template', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-templates-'));
    try {
      await cp(defaultTemplatesDir(), dir, { recursive: true });
      const file = path.join(dir, 'companion.af');
      const af = JSON.parse(await readFile(file, 'utf8'));
      af.agents[0].tool_rules.push({ tool_name: 'core_memory_append', type: 'exit_loop' });
      await writeFile(file, JSON.stringify(af));
      const brain = new OpenAIChatBrain({ baseUrl: harness.fake.baseUrl, model: 'test-model-1' });
      const custom = testPlatform(harness.handle.db, openAIBrains(brain), { templatesDir: dir, audit: null });
      const agent = await custom.createAgent({ template: 'companion' });
      harness.fake.reply({ tool_calls: [{ name: 'core_memory_append', arguments: { label: 'task_context', content: 'noted' } }] });
      const events = await custom.sendMessage(agent.id, { role: 'user', content: 'note it' });
      expect(stop(events)).toBe('end_turn');
      expect(events.at(-2)).toMatchObject({ step_count: 1 });
      expect(harness.fake.requests.at(-1)!.headers.authorization).toBeUndefined();
      await custom.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
