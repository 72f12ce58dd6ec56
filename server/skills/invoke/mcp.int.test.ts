import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../schemas/registry.ts';
import { testConfig } from '../../testing/test-config.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../demo/server/http-server.ts';
import { callDemoTool, DEMO_SKILL_TOOLS } from '../demo/skills/catalog.ts';
import { parseSkillManifest, type SkillManifest } from '../manifest.ts';
import { createSkillInvoker } from './invoker.ts';
import type { SkillInvoker } from './types.ts';

/** The MCP round trip: the real SDK client (through the invoker) to the real demo server on an ephemeral port. */
const manifest = (name: string): SkillManifest =>
  parseSkillManifest(JSON.parse(readFileSync(new URL(`../../../skills/${name}.json`, import.meta.url), 'utf8')))!;
const whisper = manifest('whisper-transcribe');
const PILOT_URI = 's3://selina-call-recordings/2024/07/APP-49201/REC-88310.mp3';

let server: DemoSkillsServer;
let invoker: SkillInvoker;
beforeAll(async () => {
  server = await startDemoSkillsServer({ port: 0, seed: 3 });
  invoker = createSkillInvoker({ config: testConfig({ DCF_MCP_BASE_URL: server.url, DCF_SKILL_TIMEOUT_S: '10' }) });
});
afterEach(() => server.faults.update({}, { replace: true }));
afterAll(async () => {
  await invoker.close();
  await server.close();
});

const call = (skill: string, args: Record<string, unknown>, extra: { timeoutMs?: number; signal?: AbortSignal } = {}) => {
  const m = manifest(skill);
  return invoker.invoke({ manifest: m, toolName: m.requiredTools[0]!.toolName, args, attempt: 1, ...extra });
};

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('demo skills over MCP', () => {
  it('lists the skill tools with the manifests’ parameters, and the two admin tools', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [...DEMO_SKILL_TOOLS.map((t) => t.toolName), 'demo_get_faults', 'demo_set_faults'].sort(),
    );
    for (const { skillName, toolName } of DEMO_SKILL_TOOLS) {
      const declared = manifest(skillName).requiredTools.find((t) => t.toolName === toolName)!.json_schema!.parameters;
      const served = tools.find((t) => t.name === toolName)!.inputSchema;
      expect(Object.keys(served.properties ?? {}).sort(), toolName).toEqual(Object.keys(declared.properties).sort());
      const required = skillName === 'assemblyai-transcribe' ? ['recording_uri'] : declared.required;
      expect([...(served.required ?? [])].sort(), toolName).toEqual([...required].sort());
    }
  });

  it('runs the pilot chain through the invoker: data-plane envelopes equal to the in-process skills', async () => {
    const apps = await call('salesforce-integration', { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' });
    expect(apps).toMatchObject({ ok: true, result: { ok: true, data: { ids: ['APP-49201', 'APP-49217', 'APP-49233'] } } });
    const t = await call('whisper-transcribe', { recording_uri: PILOT_URI });
    if (!t.ok) throw new Error(t.cause);
    expect(validateAgainstSchema('data_plane_output', t.result)).toEqual([]);
    const text = (t.result as { data: { text: string } }).data.text;
    const c = await call('compliance-analysis', { transcript_text: text, rule_set_id: 'compliance_rules_v2024Q4' });
    const local = callDemoTool('skill://compliance-analysis@1.3.0#evaluate_compliance', {
      transcript_text: text,
      rule_set_id: 'compliance_rules_v2024Q4',
    });
    expect(c.ok && (c.result as { data: unknown }).data).toEqual(local.data);
    expect(c.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('names failures: injected fault → SkillError, the skill’s own → its type, bad arguments → States.TaskFailed', async () => {
    server.faults.update({ 'whisper-transcribe': { failure_rate: 1 } });
    expect(await call('whisper-transcribe', { recording_uri: PILOT_URI })).toMatchObject({
      ok: false,
      error: 'SkillError',
      cause: 'whisper-transcribe failed (injected demo fault)',
    });
    expect(await call('assemblyai-transcribe', { recording_uri: 's3://nowhere/x.mp3' })).toMatchObject({
      ok: false,
      error: 'RecordingNotFound',
      cause: 'no recording at s3://nowhere/x.mp3',
    });
    expect(await call('scoring', { formula_id: 'qa_scoring_formula_v3' })).toMatchObject({
      ok: false,
      error: 'States.TaskFailed',
      cause: expect.stringContaining('Input validation error'),
    });
  });

  it('a timeout fault hangs until the deadline: TimeoutError, and the server request is released', async () => {
    server.faults.update({ 'whisper-transcribe': { timeout_rate: 1 } });
    const started = performance.now();
    const pending = call('whisper-transcribe', { recording_uri: PILOT_URI }, { timeoutMs: 300 });
    await until(() => server.openRequests() === 1); // hanging on the server
    const r = await pending;
    // Event order, not elapsed time: the outcome came at the deadline while the server still held the
    // request (the invoker did not wait on the wire); the reported latency covers the deadline and no
    // more than the test saw.
    expect(server.openRequests()).toBe(1);
    expect(r).toMatchObject({ ok: false, error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 0.3s' });
    expect(r.latencyMs).toBeGreaterThanOrEqual(290);
    expect(r.latencyMs).toBeLessThanOrEqual(Math.ceil(performance.now() - started));
    await until(() => server.openRequests() === 0);
  });

  it('an aborted call stops promptly, named by the abort reason', async () => {
    server.faults.update({ 'whisper-transcribe': { timeout_rate: 1 } });
    const ac = new AbortController();
    const pending = call('whisper-transcribe', { recording_uri: PILOT_URI }, { signal: ac.signal });
    await until(() => server.openRequests() === 1); // hanging on the server
    ac.abort({ error: 'States.Timeout', cause: 'TimeoutSeconds of TranscribeRecording elapsed' });
    // Promptly, by event order: the outcome is there before the event loop turns once more (no I/O, no timer).
    const r = await Promise.race([pending, new Promise<'still waiting'>((resolve) => setImmediate(() => resolve('still waiting')))]);
    expect(r).toMatchObject({ ok: false, error: 'States.Timeout', cause: 'TimeoutSeconds of TranscribeRecording elapsed' });
    await until(() => server.openRequests() === 0);
  });

  it('adds injected latency', async () => {
    server.faults.update({ scoring: { latency_ms: 200 } });
    const r = await call('scoring', {
      sentiment_report: { score: 0, flags: [] },
      compliance_verdicts: [],
      formula_id: 'qa_scoring_formula_v3',
    });
    expect(r.ok && r.latencyMs).toBeGreaterThanOrEqual(200);
    expect(r.ok && (r.result as { metrics: { latency_ms: number } }).metrics.latency_ms).toBeGreaterThanOrEqual(200);
  });
});

describe('transport failures', () => {
  it('an unreachable endpoint is SkillUnavailable; the invoker reconnects once it is back', async () => {
    const port = await freePort();
    const inv = createSkillInvoker({ config: testConfig({ DCF_MCP_BASE_URL: `http://127.0.0.1:${port}/mcp` }) });
    const args = { recording_uri: PILOT_URI };
    try {
      expect(await inv.invoke({ manifest: whisper, toolName: 'transcribe_audio', args, attempt: 1 })).toMatchObject({
        ok: false,
        error: 'SkillUnavailable',
        cause: expect.stringContaining('ECONNREFUSED'),
      });
      const up = await startDemoSkillsServer({ port });
      expect(await inv.invoke({ manifest: whisper, toolName: 'transcribe_audio', args, attempt: 2 })).toMatchObject({ ok: true });
      await up.close();
      expect(await inv.invoke({ manifest: whisper, toolName: 'transcribe_audio', args, attempt: 3 })).toMatchObject({
        ok: false,
        error: 'SkillUnavailable',
      });
      const again = await startDemoSkillsServer({ port });
      expect(await inv.invoke({ manifest: whisper, toolName: 'transcribe_audio', args, attempt: 4 })).toMatchObject({ ok: true });
      await again.close();
    } finally {
      await inv.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
