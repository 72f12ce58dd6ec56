import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '../../lib/uk-time.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import type { AppConfig } from '../config.ts';
import { upsertQaRecords } from '../qa/store.ts';
import { qaRecordFixture } from '../qa/testing/fixtures.ts';
import { demoDataset } from '../skills/demo/dataset/generate.ts';
import { startDemoSkillsServer } from '../skills/demo/server/http-server.ts';
import { stopInProcessDemoServer } from '../skills/invoke/in-process-demo.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import type { DashboardFilter, ReviewCoverage } from '../contracts/dashboard-schemas.ts';
import { mondayOf } from './testing/reference.ts';

/**
 * Coverage's `recorded` (get_review_coverage through the registry): the demo CRM's calls recorded
 * in the period and scope, asked of the crm-directory skill week by week (the in-process demo
 * server, as the console reaches it without DCF_MCP_BASE_URL), against a count made here directly
 * over the demo dataset's recordings; and when the CRM cannot say (unknown advisor or product,
 * server unreachable) `recorded` is null with the reason while the store's figures still answer.
 */
const PERIOD = { from: '2024-06-26', to: '2024-07-10' };

/** The dataset's recordings in the period and scope, per week (Monday of their London day). */
function recordedHere(f: DashboardFilter): Map<string, number> {
  const ds = demoDataset();
  const advisors = new Map(ds.advisors.map((a) => [a.advisor_id, a]));
  const apps = new Map(ds.applications.map((a) => [a.application_id, a]));
  const same = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
  const weeks = new Map<string, number>();
  for (const r of ds.recordings) {
    const app = apps.get(r.application_id)!;
    const advisor = advisors.get(app.advisor_id)!;
    const day = londonDay(r.recorded_at);
    if (day < PERIOD.from || day > PERIOD.to) continue;
    if (!same(advisor.name, f.advisor) || !same(advisor.team, f.team) || !same(app.product, f.product)) continue;
    weeks.set(mondayOf(r.recorded_at), (weeks.get(mondayOf(r.recorded_at)) ?? 0) + 1);
  }
  return weeks;
}

describe(`coverage: the CRM's recorded calls (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const coverage = async (filter: DashboardFilter, config: AppConfig = testConfig()) => {
    const services = { config, db: async () => h.db };
    const r = await invokeTool(findTool('get_review_coverage')!, filter, { actor: systemActor('test'), services });
    if (r.status !== 'ok') throw new Error(r.error);
    return r as unknown as ReviewCoverage;
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    // Two analysed calls of Alex Wong in the period, so the store's side has something to say.
    await upsertQaRecords(h.db, [
      qaRecordFixture({ runId: 'r1', callId: 'REC-1', callAt: '2024-07-02T10:00:00.000Z' }),
      qaRecordFixture({ runId: 'r1', callId: 'REC-2', callAt: '2024-07-09T10:00:00.000Z', fail: ['FCA-DISC-02'] }),
    ]);
  });
  afterAll(async () => {
    await stopInProcessDemoServer();
    await h.dispose();
  });

  const SCOPES: DashboardFilter[] = [
    {},
    { advisor: 'alex wong' },
    { team: 'Home Finance South', product: 'HELOC 2.0' },
    { product: 'homeowner loan' },
  ];
  for (const f of SCOPES) {
    it(`counts what the dataset recorded, per week, for ${JSON.stringify(f)}`, async () => {
      const expected = recordedHere(f);
      const r = await coverage({ ...PERIOD, ...f });
      expect(r.recorded).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      expect(r.recorded).toBeGreaterThan(0);
      expect(r.recorded_note).toBeNull();
      // Weeks without a recorded or an analysed call are absent; the others carry the CRM's count.
      const analysed = new Set(r.weeks.filter((w) => w.analysed > 0).map((w) => w.week));
      expect(r.weeks.map((w) => w.week)).toEqual([...new Set([...expected.keys(), ...analysed])].sort());
      for (const w of r.weeks) expect(w.recorded, w.week).toBe(expected.get(w.week) ?? 0);
    });
  }

  it('puts the analysed calls beside the recorded ones', async () => {
    const r = await coverage({ ...PERIOD, advisor: 'Alex Wong' });
    expect(r.analysed).toBe(2);
    expect(r.weeks.map(({ week, analysed }) => ({ week, analysed }))).toEqual([
      { week: '2024-07-01', analysed: 1 },
      { week: '2024-07-08', analysed: 1 },
    ]);
  });

  it('an advisor or product the CRM does not know: recorded null, said why; the rest still answers', async () => {
    const unknown = await coverage({ ...PERIOD, advisor: 'John Smith' });
    expect(unknown).toMatchObject({ recorded: null, recorded_note: 'The CRM has no advisor named "John Smith".', analysed: 0 });
    const product = await coverage({ ...PERIOD, product: 'Bridging Loan' });
    expect(product).toMatchObject({ recorded: null, recorded_note: expect.stringContaining('no product named "Bridging Loan"') });
  });

  it("an unreachable CRM: recorded null with the reason, every week's too; analysed and review still answer", async () => {
    const gone = await startDemoSkillsServer({ port: 0, host: '127.0.0.1' });
    await gone.close();
    const r = await coverage({ ...PERIOD }, testConfig({ DCF_MCP_BASE_URL: gone.url }));
    expect(r).toMatchObject({
      recorded: null,
      recorded_note: expect.stringMatching(/^The CRM could not say how many calls were recorded: .*cannot be reached/),
    });
    expect(r.analysed).toBe(2);
    expect(r.review.unreviewed).toBe(2);
    expect(r.weeks).toEqual([
      { week: '2024-07-01', recorded: null, analysed: 1 },
      { week: '2024-07-08', recorded: null, analysed: 1 },
    ]);
  });
});
