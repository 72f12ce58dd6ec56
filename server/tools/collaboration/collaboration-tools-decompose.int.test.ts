import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { collaborationDecompositions } from '../../db/schema/index.ts';
import { testConfig } from '../../testing/test-config.ts';
import { collaborationToolsHarness } from './testing/collaboration-tools-harness.ts';

/**
 * Contract tests of the collaboration tools (collaboration-tools.md) on the local runtime and a real
 * database (collaboration-tools-harness.ts): decomposing a task, offline and with a model.
 */
describe('the collaboration tools', () => {
  const harness = collaborationToolsHarness();
  const { call, okCall } = harness;

  it('decompose_task offline: parts matched to capabilities of the given agents, the platform and the catalog', async () => {
    await harness.platform.createAgent({ template: 'companion', tags: ['capability:market-research'] });
    const r = await okCall('decompose_task', {
      task: 'Transcribe the recordings, then do market research and analyse sentiment. Finally paint the office.',
      available_models: [{ id: 'm1', model_type: 'worker', capabilities: ['speech-to-text'] }],
    });
    expect(r.method).toBe('deterministic');
    expect(
      (r.subtasks as Array<{ description: string; required_capabilities: string[]; unmatched_reason?: string }>).map((s) => [
        s.description,
        s.required_capabilities,
      ]),
    ).toEqual([
      ['Transcribe the recordings', ['transcription']], // from the catalog's skill tags
      ['do market research', ['market-research']], // from a platform agent's tag
      ['analyse sentiment', ['sentiment-analysis']], // the catalog's skill name, more specific than its tags
      ['paint the office', []],
    ]);
    expect((r.subtasks as Array<{ unmatched_reason?: string }>)[3]!.unmatched_reason).toMatch(/no capability/);
    expect((r.known_capabilities as Array<{ name: string; sources: string[] }>).find((k) => k.name === 'speech-to-text')).toEqual({
      name: 'speech-to-text',
      sources: ['available_models'],
    });
    expect(await harness.handle.db.select().from(collaborationDecompositions)).toHaveLength(1);
    expect(await call('decompose_task', { task: 'x', available_models: [{ id: 'm1', capabilities: [] }] })).toMatchObject({
      error_code: 'invalid_input',
    });
  });

  it('decompose_task with a model: the answer is validated, unknown capabilities dropped; a bad answer falls back offline', async () => {
    let answer = '';
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const prompt = JSON.parse(body) as { messages: Array<{ content: string }> };
        expect(prompt.messages[0]!.content).toContain('"transcription"');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const saved = harness.services.config;
    harness.services.config = testConfig({ OPENAI_BASE_URL: base, OPENAI_MODEL: 'test-model' });
    try {
      answer =
        '```json\n{"subtasks": [{"description": "Transcribe every call", "required_capabilities": ' +
        '["Transcription", "telepathy"]}, {"description": "Sum up", "required_capabilities": ' +
        '[]}]}\n```';
      const r = await okCall('decompose_task', { task: 'Transcribe and sum up', available_models: [] });
      expect(r).toMatchObject({ method: 'model', model_error: null, dropped_capabilities: ['telepathy'] });
      expect((r.subtasks as Array<{ id: string; required_capabilities: string[] }>).map((s) => [s.id, s.required_capabilities])).toEqual([
        ['subtask-1', ['transcription']],
        ['subtask-2', []],
      ]);
      answer = 'I think you should transcribe.';
      const f = await okCall('decompose_task', { task: 'Transcribe the calls', available_models: [] });
      expect(f).toMatchObject({ method: 'deterministic', model_error: 'the model did not answer with JSON' });
      expect((f.subtasks as Array<{ required_capabilities: string[] }>)[0]!.required_capabilities).toEqual(['transcription']);
    } finally {
      harness.services.config = saved;
      server.close();
    }
  });
});
