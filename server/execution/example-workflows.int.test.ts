import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../testing/test-database.ts';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { invokeTool } from '../tools/invoke.ts';
import { setDemoFaultsTool } from '../tools/skills/set-demo-faults.ts';
import { executionHarness, type ExecutionHarness } from './testing/harness.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };
const load = async (file: string) => JSON.parse(await readFile(path.join(PROJECT_ROOT, 'workflows', file), 'utf8')) as unknown;

describe('the example workflows with the demo skills (MCP over HTTP)', () => {
  let h: ExecutionHarness;
  beforeAll(async () => {
    h = await executionHarness();
  });
  afterAll(() => h.close());

  it.each(['standard-advice-call-analysis.json', 'standard-advice-call-analysis-all-calls.json'])(
    '%s succeeds with the score at $.qa_score.data.score',
    async (file) => {
      const run = await h.run(await load(file), ALEX, 60_000);
      expect(run).toMatchObject({ status: 'SUCCEEDED', error: null });
      const score = (run.output as { qa_score: { data: { score: unknown } } }).qa_score.data.score;
      expect(typeof score).toBe('number');
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      const view = await h.finalized(run.run_id);
      for (const [instance, envelope] of Object.entries(view.data)) {
        expect(validateAgainstSchema('data_plane_output', envelope), instance).toEqual([]);
      }
      expect(Object.values(view.states).every((s) => s.status === 'done')).toBe(true);
    },
  );

  it('the pilot follows the spec §2.4 tool sequence, one Task after the other, the analyses in parallel', async () => {
    const run = await h.run(await load('standard-advice-call-analysis.json'), ALEX, 60_000);
    const view = await h.finalized(run.run_id);
    const done = view.events.filter((e) => e.event.type === 'state' && e.event.note === 'done').map((e) => e.event.instance);
    expect(done.slice(0, 3)).toEqual(['GetApplicationIDs', 'GetCallRecordings', 'TranscribeRecording']);
    expect(done.slice(3, 5).sort()).toEqual(['ComplianceAnalysis', 'SentimentAnalysis']);
    expect(done.slice(5)).toEqual(['ParallelAnalysis', 'CalculateScore']);
  });
});

describe('scenario 3 (spec §4.1–4.2): whisper times out, the worker swaps to AssemblyAI', () => {
  let h: ExecutionHarness;
  // The demo skills server is process-wide (the first harness started it): the faults are set at
  // run time through the set_demo_faults tool, as an operator reproducing scenario 3 would.
  const setFaults = (faults: Record<string, unknown>) =>
    invokeTool(setDemoFaultsTool, { faults, replace: true }, { actor: systemActor('test'), services: { config: h.config } });
  beforeAll(async () => {
    h = await executionHarness({ DCF_SKILL_TIMEOUT_S: '1' });
    expect(await setFaults({ 'whisper-transcribe': { timeout_rate: 1 } })).toMatchObject({ status: 'ok' });
  });
  afterAll(async () => {
    await setFaults({});
    await h.close();
  });

  it('the run completes; TranscribeRecording is done with attempts 2 and keeps last_error', async () => {
    const run = await h.run(await load('standard-advice-call-analysis.json'), ALEX, 60_000);
    expect(run.status).toBe('SUCCEEDED');
    const view = await h.finalized(run.run_id);
    expect(view.states.TranscribeRecording).toEqual({
      status: 'done',
      attempts: 2,
      lease: { token: null, owner_agent_id: null, ts: null, ttl_s: null },
      started_at: expect.any(String),
      finished_at: expect.any(String),
      last_error: 'TimeoutError: Tool call to whisper-transcribe timed out after 1s',
    });
    expect(view.entries.TranscribeRecording!.skill).toBe('skill://assemblyai-transcribe@1.2.0');
    const swap = view.events.find((e) => e.event.type === 'skill_swap');
    expect(swap?.event).toMatchObject({
      instance: 'TranscribeRecording',
      from: 'skill://whisper-transcribe@1.0.0',
      to: 'skill://assemblyai-transcribe@1.2.0',
      policy: 'ThompsonSampling',
      rationale: expect.stringContaining('assemblyai-transcribe'),
    });
    expect(view.data.TranscribeRecording).toMatchObject({ ok: true, data: { job_id: expect.any(String) } });
  });
});
