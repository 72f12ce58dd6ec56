import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalRuns } from '../db/schema/evals.ts';
import { DelegatedScenario } from '../delegation/testing/delegated-scenario.ts';
import { listDatasets } from './catalog.ts';
import { liveRunOf, markAbandonedRuns, STALE_MS } from './liveness.ts';
import { startEvaluation } from './start.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starting evaluation runs in the background, as the console does (evaluations.start): one run at
 * a time per dataset, refusals with the reason, runs whose process stopped marked abandoned, and
 * the datasets the server offers. Real runner, local runtime, deterministic brains.
 */
describe('starting evaluation runs', () => {
  let s: DelegatedScenario;
  const db = () => s.db.db;
  const insertRun = async (dataset: string, heartbeatAt: Date) =>
    (
      await db()
        .insert(evalRuns)
        .values({
          dataset,
          datasetDigest: 'x',
          world: 'demo',
          brain: 'deterministic',
          status: 'running',
          casesTotal: 1,
          startedBy: 'test',
          heartbeatAt,
        })
        .returning()
    )[0]!;
  const statusOf = async (id: string) => (await db().select().from(evalRuns).where(eq(evalRuns.id, id)))[0]!;
  const untilDone = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const r = await statusOf(id);
      if (r.status !== 'running') return r;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error(`run ${id} did not finish`);
  };
  const start = (dataset: string, cases?: string[]) =>
    startEvaluation(db(), s.platform, { rootDir: ROOT, dataset, cases, startedBy: 'user:test', services: s.services });

  beforeAll(async () => {
    s = await DelegatedScenario.start();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a running run whose heartbeat went stale is marked abandoned with its last beat; a fresh one and finished ones are not', async () => {
    const beat = new Date('2030-01-01T10:00:00Z');
    const run = await insertRun('stale-check', beat);
    expect(await markAbandonedRuns(db(), new Date(beat.getTime() + STALE_MS - 1000))).toBe(0);
    expect(await liveRunOf(db(), 'stale-check', new Date(beat.getTime() + 1000))).toBe(run.id);
    expect(await markAbandonedRuns(db(), new Date(beat.getTime() + STALE_MS + 1000))).toBe(1);
    const after = await statusOf(run.id);
    expect(after.status).toBe('abandoned');
    expect(after.error).toBe('the process running it stopped before it finished (last heartbeat 2030-01-01T10:00:00Z)');
    expect(after.finishedAt).not.toBeNull();
    expect(await markAbandonedRuns(db(), new Date(beat.getTime() + 10 * STALE_MS))).toBe(0);
  });

  it('answers at once with a running run; a second start of the same dataset is refused while it goes; it finishes with its score', async () => {
    const first = await start('demo', ['conductor-not-a-request', 'conductor-misspelt-advisor']);
    if (!first.ok) throw new Error(first.error);
    const again = await start('demo', ['conductor-not-a-request']);
    expect(again).toEqual({
      ok: false,
      code: 'busy',
      error: `evaluation run ${first.run_id} of demo is still going; start another when it has finished`,
    });
    const done = await untilDone(first.run_id);
    expect(done).toMatchObject({ status: 'finished', score: 1, casesPassed: 2, startedBy: 'user:test' });
    const next = await start('demo', ['conductor-not-a-request']);
    expect(next.ok).toBe(true);
    if (next.ok) expect(await untilDone(next.run_id)).toMatchObject({ status: 'finished' });
  }, 120_000);

  it('a run of the dataset going in another process (a fresh heartbeat) refuses a start; once stale it is abandoned and no longer does', async () => {
    const other = await insertRun('aldermoor', new Date());
    const refused = await start('aldermoor');
    expect(refused).toMatchObject({ ok: false, code: 'busy', error: expect.stringContaining(other.id) });
    await db()
      .update(evalRuns)
      .set({ heartbeatAt: new Date(Date.now() - STALE_MS - 60_000) })
      .where(eq(evalRuns.id, other.id));
    // Now the world check answers (this deployment serves the demo's world), and the stale run is abandoned.
    const wrongWorld = await start('aldermoor');
    expect(wrongWorld).toMatchObject({ ok: false, code: 'invalid', error: expect.stringContaining('DCF_DEMO_WORLD=second-lender') });
    expect((await statusOf(other.id)).status).toBe('abandoned');
  });

  it('refuses an unknown dataset and an unknown case with the reason', async () => {
    expect(await start('no-such-dataset')).toMatchObject({
      ok: false,
      code: 'not_found',
      error: expect.stringContaining('no dataset no-such-dataset'),
    });
    expect(await start('demo', ['no-such-case'])).toEqual({ ok: false, code: 'invalid', error: 'dataset demo has no case no-such-case' });
  });

  it('lists the repository datasets with their cases by role, and why one cannot run here', async () => {
    const list = await listDatasets(ROOT);
    const demo = list.find((d) => d.name === 'demo')!;
    const aldermoor = list.find((d) => d.name === 'aldermoor')!;
    expect(demo).toMatchObject({ world: 'demo', problem: null });
    expect(demo.roles.conductor).toBeGreaterThanOrEqual(5);
    expect(demo.roles.planner + demo.roles.conductor).toBe(demo.cases);
    expect(aldermoor.problem).toContain('written for the world "second-lender"');
  });
});
