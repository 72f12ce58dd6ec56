import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { setDemoFaultsTool } from '../../tools/skills/set-demo-faults.ts';
import { parseSkillManifest } from '../manifest.ts';
import { inProcessDemoServer, stopInProcessDemoServer } from './in-process-demo.ts';
import { createSkillInvoker } from './invoker.ts';

/**
 * Without DCF_MCP_BASE_URL the invoker starts the demo server in process (once, with the
 * configured faults) and still talks MCP over HTTP; set_demo_faults reaches that same server.
 */
const config = testConfig({ DCF_DEMO_FAULTS: '{"sentiment-analysis":{"failure_rate":1}}', DCF_DEMO_SEED: '5' });
const ctx = { actor: systemActor('test'), services: { config } };
const manifest = (name: string) =>
  parseSkillManifest(JSON.parse(readFileSync(new URL(`../../../skills/${name}.json`, import.meta.url), 'utf8')))!;
afterAll(() => stopInProcessDemoServer());

describe('the in-process demo skills server', () => {
  it('is started once, on 127.0.0.1, with the configured faults, and reached over HTTP', async () => {
    const invoker = createSkillInvoker({ config });
    const sentiment = { manifest: manifest('sentiment-analysis'), toolName: 'analyze_sentiment', args: { text: 'Thank you.' }, attempt: 1 };
    expect(await invoker.invoke(sentiment)).toMatchObject({ ok: false, error: 'SkillError' });
    const server = await inProcessDemoServer(config);
    expect(await inProcessDemoServer(config)).toBe(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.faults.state()).toEqual({ faults: { 'sentiment-analysis': { failure_rate: 1 } }, seed: 5 });
    await invoker.close();
  });

  it('set_demo_faults changes the faults the invokers of this process meet, and returns them', async () => {
    const invoker = createSkillInvoker({ config });
    const scoring = {
      manifest: manifest('scoring'),
      toolName: 'calculate_score',
      args: { sentiment_report: { score: 0, flags: [] }, compliance_verdicts: [], formula_id: 'qa_scoring_formula_v3' },
      attempt: 1,
    };
    expect(await invoker.invoke(scoring)).toMatchObject({ ok: true });
    const set = await invokeTool(setDemoFaultsTool, { faults: { scoring: { failure_rate: 1, latency_ms: 5 } } }, ctx);
    expect(set).toMatchObject({
      status: 'ok',
      faults: { scoring: { failure_rate: 1, latency_ms: 5 }, 'sentiment-analysis': { failure_rate: 1 } },
      seed: 5,
      endpoint: (await inProcessDemoServer(config)).url,
    });
    expect(await invoker.invoke(scoring)).toMatchObject({ ok: false, error: 'SkillError' });
    expect(await invokeTool(setDemoFaultsTool, { faults: {}, replace: true, seed: 11 }, ctx)).toMatchObject({
      status: 'ok',
      faults: {},
      seed: 11,
    });
    expect(await invoker.invoke(scoring)).toMatchObject({ ok: true });
    await invoker.close();
  });

  it('set_demo_faults rejects unknown skills and bad rates', async () => {
    expect(await invokeTool(setDemoFaultsTool, { faults: { whisper: { failure_rate: 0.5 } } }, ctx)).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      error: expect.stringContaining('unknown demo skill "whisper"'),
    });
    expect(await invokeTool(setDemoFaultsTool, { faults: { scoring: { failure_rate: 2 } } }, ctx)).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
    });
  });

  it('set_demo_faults reports an unreachable DCF_MCP_BASE_URL as unavailable', async () => {
    const far = { actor: systemActor('test'), services: { config: testConfig({ DCF_MCP_BASE_URL: 'http://127.0.0.1:1/mcp' }) } };
    expect(await invokeTool(setDemoFaultsTool, { faults: {} }, far)).toMatchObject({ status: 'error', error_code: 'unavailable' });
  });
});
