import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '../lib/uk-time.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { demoDataset } from '../server/skills/demo/dataset/generate.ts';
import { runDcf, type DcfRun } from '../server/testing/run-dcf.ts';
import { PROJECT_ROOT, isolatedRedisUrl } from '../server/testing/test-database.ts';

/**
 * `npx dcf backfill` on the embedded default, on a data directory prepared by the real
 * scripts/setup.ts (the seeded workflow catalog), with the demo's clock (today = 8 Jul 2024): two
 * weeks of real runs, then the QA store and the knowledge graph read directly.
 */
const TODAY = '2024-07-08';
const FROM = '2024-07-01';
const TO = '2024-07-14';

/**
 * What the QA store must hold, computed from the dataset itself: the calls of the applications
 * opened in the weeks, recorded up to today, of applications none of whose calls is after today.
 */
function expectedCalls(): Map<string, string> {
  const ds = demoDataset();
  const opened = new Map(ds.applications.map((a) => [a.application_id, a.opened_on]));
  const future = new Set(ds.recordings.filter((r) => londonDay(r.recorded_at) > TODAY).map((r) => r.application_id));
  const calls = ds.recordings.filter((r) => {
    const day = opened.get(r.application_id)!;
    return day >= FROM && day <= TO && !future.has(r.application_id);
  });
  return new Map(calls.map((r) => [r.recording_id, r.recorded_at]));
}

const runIdsOf = (r: DcfRun) => [...r.stdout.matchAll(/\(run ([0-9a-f-]{36})\) \[\d+\/\d+\]$/gm)].map((m) => m[1]!);

describe('dcf backfill', { timeout: 300_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      return await work(h.db);
    } finally {
      await h.close();
    }
  };
  type Row = { call_id: string; run_id: string; call_at: string; latest: boolean };
  const qaRows = () =>
    withDb(async (db) =>
      rowsOf<Row>(
        await db.execute(sql`
    select call_id, run_id, to_char(call_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as call_at, latest from qa_results`),
      ),
    );
  const executions = () => withDb(async (db) => rowsOf<{ run_id: string }>(await db.execute(sql`select run_id from graph_executions`)));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-backfill-'));
    env = { DCF_DATA_DIR: dir, REDIS_URL: await isolatedRedisUrl(), DCF_CLOCK: `${TODAY}T09:00:00Z`, LOG_LEVEL: 'warn' };
    const options = { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: 'ignore' as const };
    const setup = spawn(process.execPath, ['--import', 'tsx', 'scripts/setup.ts'], options);
    const code = await new Promise<number | null>((resolve) => setup.on('close', resolve));
    if (code !== 0) throw new Error(`scripts/setup.ts exited with ${code}`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  let firstRuns: string[] = [];
  it('analyses exactly the calls of those weeks recorded up to today, a line per run, and waits until they are stored', async () => {
    const expected = expectedCalls();
    // The weeks hold a call recorded after today (REC-90032, 9 Jul): it must wait.
    expect(expected.size).toBe(9);
    expect(demoDataset().recordings.some((r) => r.recording_id === 'REC-90032')).toBe(true);

    const r = await runDcf(['backfill', '--from', FROM, '--to', TO], undefined, env);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    firstRuns = runIdsOf(r);
    // REC-90032 and the four calls of applications opened after today (9–14 Jul) wait.
    expect(r.stdout).toMatch(/^demo history: 9 calls of applications opened 1 Jul 2024 – 14 Jul 2024, 5 runs .*; 5 calls .* wait for a/m);
    expect(r.stdout).toMatch(/^demo history: week of 1 Jul 2024, Alex Wong — 4 calls analysed \(run [0-9a-f-]{36}\) \[\d\/5\]$/m);
    const total = /^demo history: 9 calls analysed in 5 runs \(1 week\) in \d+ s; QA results stored and episodes in the knowledge graph$/m;
    expect(r.stdout).toMatch(total);

    const rows = await qaRows();
    expect(new Map(rows.map((x) => [x.call_id, x.call_at]))).toEqual(expected);
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((x) => x.run_id))).toEqual(new Set(firstRuns));
    expect((await executions()).map((e) => e.run_id).sort()).toEqual([...firstRuns].sort());
  });

  it('a second backfill of the same weeks analyses them again: new latest rows, the earlier ones kept as history', async () => {
    const r = await runDcf(['backfill', '--from', FROM, '--to', TO], undefined, env);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const again = runIdsOf(r);
    expect(again).toHaveLength(firstRuns.length);
    expect(again.filter((id) => firstRuns.includes(id))).toEqual([]);

    const rows = await qaRows();
    expect(rows).toHaveLength(18);
    const latest = rows.filter((x) => x.latest);
    expect(latest.map((x) => x.call_id).sort()).toEqual([...expectedCalls().keys()].sort());
    expect(new Set(latest.map((x) => x.run_id))).toEqual(new Set(again));
    expect(new Set((await executions()).map((e) => e.run_id))).toEqual(new Set([...firstRuns, ...again]));
  });

  it('a usage error says what is wrong and exits 2, starting nothing', async () => {
    const cases: Array<[string[], string]> = [
      [['--from', '2024-07-10', '--to', '2024-07-01'], '--from 2024-07-10 is after --to 2024-07-01'],
      [['--from', '2024-02-30'], '--from "2024-02-30" is not a calendar date'],
      [['--to', 'last week'], '--to "last week" must be a date YYYY-MM-DD'],
      [['--from', '2024-09-01'], "--from 2024-09-01 is after the demo dataset's last day up to today (2024-07-08)"],
      [['--week', '27'], 'unknown option --week'],
      [['July'], 'unexpected argument "July"'],
    ];
    for (const [args, message] of cases) {
      const r = await runDcf(['backfill', ...args], undefined, env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.json).toMatchObject({ status: 'error', error_code: 'usage' });
    }
    expect(await qaRows()).toHaveLength(18);
  });
});
