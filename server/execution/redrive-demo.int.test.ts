import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { redriveWorkflowRunTool } from '../tools/runtime/redrive-workflow-run.ts';
import { setDemoFaultsTool } from '../tools/skills/set-demo-faults.ts';
import { executionHarness, type ExecutionHarness } from './testing/harness.ts';
import { recordSkillCalls, type SkillCall } from './testing/skill-calls.ts';
import { waitForRun } from './wait-run.ts';
import { redriveEpisodeId } from './episode.ts';
import { episodeMessage } from './run-episode.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };

/**
 * The console's story with the demo skills: both transcription skills fail (fault injection), the
 * pilot fails at TranscribeRecording after the swap; the faults are cleared and the run is
 * redriven: only the transcription and what follows it run, the lookups before it do not.
 */
describe('redrive with the demo skills (MCP over HTTP, fault injection)', { timeout: 90_000 }, () => {
  let h: ExecutionHarness;
  let calls: SkillCall[];
  const ctx = () => ({ actor: systemActor('test'), services: { config: h.config, execution: async () => h.x } });
  const setFaults = (faults: Record<string, unknown>) => invokeTool(setDemoFaultsTool, { faults, replace: true }, ctx());
  beforeAll(async () => {
    h = await executionHarness();
    calls = recordSkillCalls(h.x);
  });
  afterAll(async () => {
    await setFaults({});
    await h.close();
  });

  it('re-runs only the failed transcription and the states after it', async () => {
    expect(await setFaults({ 'whisper-transcribe': { failure_rate: 1 }, 'assemblyai-transcribe': { failure_rate: 1 } })).toMatchObject({
      status: 'ok',
    });
    const wf = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'workflows/standard-advice-call-analysis.json'), 'utf8')) as unknown;
    const first = await h.run(wf, ALEX, 60_000);
    expect(first).toMatchObject({ status: 'FAILED', error: 'SkillError' });
    const before = await h.finalized(first.run_id);
    expect(before.states.TranscribeRecording).toMatchObject({ status: 'failed', attempts: 2 });
    const tools = () => calls.map((c) => c.tool);
    const firstLife = tools();
    expect(firstLife.slice(0, 2)).toEqual(['get_applications_by_advisor', 'get_recordings_by_application_ids']);
    expect(await setFaults({})).toMatchObject({ status: 'ok' });
    const firstEpisode = (await episodeMessage(h.x, first.run_id))!.episode;
    expect(firstEpisode.run_id).toBe(first.run_id);
    expect(firstEpisode.states.map((s) => `${s.state}:${s.outcome}`)).toEqual(
      expect.arrayContaining(['GetApplicationIDs:success', 'GetCallRecordings:success', 'TranscribeRecording:failure']),
    );

    expect(await invokeTool(redriveWorkflowRunTool, { run_id: first.run_id }, ctx())).toMatchObject({
      status: 'ok',
      redriven: [{ state: 'TranscribeRecording', kind: 'failed' }],
    });
    expect(await waitForRun(h.x, first.run_id, 60_000)).toMatchObject({ status: 'SUCCEEDED', redrive_count: 1 });
    const secondLife = tools().slice(firstLife.length);
    expect(secondLife).not.toContain('get_applications_by_advisor');
    expect(secondLife).not.toContain('get_recordings_by_application_ids');
    expect(secondLife[0]).toMatch(/transcribe/);
    expect(secondLife).toHaveLength(4); // transcription, sentiment, compliance, scoring
    const view = await h.finalized(first.run_id);
    expect(view.states.TranscribeRecording).toMatchObject({ status: 'done', attempts: 3 });
    expect(view.entries.GetCallRecordings).toEqual(before.entries.GetCallRecordings);

    // The knowledge graph gets the redrive as its own segment: only the skill uses made in it.
    const segment = (await episodeMessage(h.x, first.run_id))!.episode;
    expect(segment.run_id).toBe(redriveEpisodeId(first.run_id, 1));
    expect(segment.status).toBe('SUCCEEDED');
    expect(segment.states.map((s) => `${s.state}:${s.outcome}`).sort()).toEqual([
      'CalculateScore:success',
      'ComplianceAnalysis:success',
      'SentimentAnalysis:success',
      'TranscribeRecording:success',
    ]);
  });
});
