import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemActor } from '../contracts/audit-actor.ts';
import { qaResults } from '../db/schema/index.ts';
import { waitForRun } from '../execution/wait-run.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { redriveWorkflowRunTool } from '../tools/runtime/redrive-workflow-run.ts';
import { setDemoFaultsTool } from '../tools/skills/set-demo-faults.ts';
import { drainQaResults, publishQaResults } from '../execution/qa-publish.ts';
import { listQaPage, qaAggregate } from './query.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

/**
 * The QA results store, projected from real runs of both example advice-call workflows (demo
 * skills over MCP, real Redis, the database under test): one record per call per run, the
 * numbers exactly the scoring skill's, evidence placed in the transcript, nothing from a run that
 * failed midway, and a redriven or re-delivered run updating its rows instead of duplicating them.
 */
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };
const load = async (file: string) => JSON.parse(await readFile(path.join(PROJECT_ROOT, 'workflows', file), 'utf8')) as unknown;
type Obj = Record<string, any>;

describe(`QA results projected from real runs (${testDbKind()})`, { timeout: 120_000 }, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const ctx = () => ({ actor: systemActor('test'), services: { config: h.config, execution: async () => h.x } });
  const setFaults = (faults: Record<string, unknown>) => invokeTool(setDemoFaultsTool, { faults, replace: true }, ctx());
  const rowsOf = (runId: string) => db.db.select().from(qaResults).where(eq(qaResults.runId, runId));
  /** Drains the stream until `n` rows of the run are stored (the run's end publishes them just after its summary). */
  async function stored(runId: string, n: number) {
    const until = Date.now() + 15_000;
    for (;;) {
      await drainQaResults(h.x.redis, db.db, 'test');
      const rows = await rowsOf(runId);
      if (rows.length >= n || Date.now() > until) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    [h, db] = await Promise.all([executionHarness(), createTestDatabase()]);
  });
  afterAll(async () => {
    await setFaults({});
    await h?.close();
    await db?.dispose();
  });

  it('the pilot stores one call with the scoring skill’s score, every verdict and located evidence', async () => {
    const run = await h.run(await load('standard-advice-call-analysis.json'), ALEX, 60_000);
    expect(run.status).toBe('SUCCEEDED');
    const [r, ...more] = await stored(run.run_id, 1);
    expect(more).toEqual([]);
    const out = run.output as Obj;
    expect(r).toMatchObject({
      callId: 'REC-88310',
      applicationId: 'APP-49201',
      advisor: 'Alex Wong',
      team: 'Home Finance North',
      product: 'HELOC 2.0',
      workflowName: 'Standard Advice Call Analysis',
      workflowVersion: '1.0.0',
      score: out.qa_score.data.score,
      maxScore: 100,
      latest: true,
      reviewStatus: 'unreviewed',
      overridden: false,
    });
    expect(r!.customer).toMatch(/^(Mr|Mrs|Ms) /);
    expect(new Date(r!.callAt!).toISOString()).toBe('2024-07-03T14:12:09.000Z');
    expect(r!.verdicts).toHaveLength(out.analysis.compliance.data.verdicts.length);
    // The breakdown adds up to the score, or the cap that changed it is named with its rules.
    const d = r!.scoreDetail!;
    expect(d.breakdown).toEqual(out.qa_score.data.breakdown);
    if (d.cap) {
      expect(r!.score).toBe(d.cap.value);
      expect(d.breakdown_total).toBeGreaterThan(r!.score!);
      expect(d.cap.rule_ids.length).toBeGreaterThan(0);
      for (const id of d.cap.rule_ids) expect(r!.verdicts.find((v) => v.rule_id === id)?.verdict).toBe('fail');
    } else expect(d.breakdown_total).toBe(r!.score);
    // Evidence: offsets into the stored transcript text, inside the turn it names, with that turn's times.
    const t = r!.transcript;
    expect(t.turns.length).toBeGreaterThan(3);
    expect(t.turns.every((x) => x.speaker === 'Advisor' || x.speaker === 'Customer')).toBe(true);
    const located = r!.verdicts.filter((v) => v.evidence);
    expect(located.length).toBeGreaterThan(5);
    for (const v of located) {
      const e = v.evidence!;
      expect(t.text.slice(e.start, e.end)).toBe(v.quote);
      const turn = t.turns[e.turn]!;
      expect(e.start).toBeGreaterThanOrEqual(turn.start);
      expect(e.start_s).toBe(turn.start_s);
    }
    expect(r!.failedMandatory).toBe(r!.verdicts.filter((v) => v.mandatory && v.verdict === 'fail').length);
    expect(r!.failedMandatory).toBeGreaterThan(0);
    expect(r!.provenance.skills).toEqual({
      transcription: 'skill://whisper-transcribe@1.0.0',
      sentiment: 'skill://sentiment-analysis@1.2.0',
      compliance: 'skill://compliance-analysis@1.3.0',
      scoring: 'skill://scoring@1.1.0',
    });
    expect(r!.provenance).toMatchObject({ rule_set_id: 'compliance_rules_v2024Q4', brain: 'deterministic', started_by: 'test' });
  });

  it('the Map workflow stores each call with its own score; the aggregate is their mean, with the count', async () => {
    const run = await h.run(await load('standard-advice-call-analysis-all-calls.json'), ALEX, 60_000);
    expect(run.status).toBe('SUCCEEDED');
    const rows = await stored(run.run_id, 4);
    const calls = (run.output as Obj).calls as Obj[];
    expect(rows.map((r) => r.callId).sort()).toEqual(calls.map((c) => c.recording.recording_id).sort());
    for (const r of rows) {
      const call = calls.find((c) => c.recording.recording_id === r.callId)!;
      expect(r.score).toBe(call.qa_score.data.score);
      expect(r.provenance.states.scoring).toMatch(/^AnalyseEachCall\[\d\]\/CalculateScore$/);
    }
    const agg = await qaAggregate(db.db, { run_id: run.run_id });
    const mean = rows.reduce((s, r) => s + r.score!, 0) / rows.length;
    expect(agg).toEqual({ calls: 4, scored: 4, mean: Math.round(mean * 10) / 10, reviewed: 0 });
    // REC-88310 was analysed by the pilot too: both analyses are kept, the newer one is the queue's.
    const page = await listQaPage(db.db, {
      filter: { call_id: 'REC-88310', include_earlier: true },
      sort: { by: 'call_at', dir: 'desc' },
      limit: 10,
    });
    expect(page.items.map((i) => [i.runId === run.run_id, i.latest])).toEqual(
      expect.arrayContaining([
        [true, true],
        [false, false],
      ]),
    );
    expect((await listQaPage(db.db, { filter: { call_id: 'REC-88310' }, sort: { by: 'call_at', dir: 'desc' }, limit: 10 })).total).toBe(1);
  });

  it('a run that fails midway stores nothing; redriven to success it stores its calls once, and re-delivery changes nothing', async () => {
    expect(await setFaults({ scoring: { failure_rate: 1 } })).toMatchObject({ status: 'ok' });
    const first = await h.run(await load('standard-advice-call-analysis-all-calls.json'), ALEX, 60_000);
    expect(first.status).toBe('FAILED');
    await h.finalized(first.run_id);
    expect(await publishQaResults(h.x, first.run_id)).toBe(0);
    await drainQaResults(h.x.redis, db.db, 'test');
    expect(await rowsOf(first.run_id)).toEqual([]);

    expect(await setFaults({})).toMatchObject({ status: 'ok' });
    expect(await invokeTool(redriveWorkflowRunTool, { run_id: first.run_id }, ctx())).toMatchObject({ status: 'ok' });
    expect(await waitForRun(h.x, first.run_id, 60_000)).toMatchObject({ status: 'SUCCEEDED', redrive_count: 1 });
    const rows = await stored(first.run_id, 4);
    expect(rows).toHaveLength(4);
    // The same run's results published again (a redelivery, a second finalize): updated in place.
    expect(await publishQaResults(h.x, first.run_id)).toBe(4);
    await drainQaResults(h.x.redis, db.db, 'test');
    const again = await rowsOf(first.run_id);
    expect(again.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });
});
