import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureCauseOfText } from '../../lib/failure-cause.ts';
import { FAILURE_SAMPLES } from '../../lib/testing/failure-samples.ts';
import { migrateDatabase } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';
import type { KnowledgeGraph } from './port.ts';
import { createPostgresGraph } from './postgres/index.ts';

/**
 * "Correct the reliability figures already recorded" (issue 15): migration 0015 reclassifies the
 * failures recorded before caller errors were told apart. Here the database is rebuilt as one that
 * stopped before 0015 (migrated from a copy of the folder whose journal ends there, so 0015 and
 * every later migration apply afterwards as they would in production), failures are recorded the old
 * way — every error of lib/testing/failure-samples.ts counted in n_failures — and the real
 * migrator applies 0015. The corrected figures must follow lib/failure-cause.ts exactly, and the
 * runtime correction (correctCallerErrors) must reach the same figures from the same rows.
 */
const TAG = '0015_caller_errors';
const JOURNAL = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string; when: number }>;
};
const MIGRATION = readFileSync(path.join(PROJECT_ROOT, `db/migrations/${TAG}.sql`), 'utf8');
const CORRECTION = MIGRATION.split('--> statement-breakpoint').at(-1)!;

const CRM = 'skill://salesforce-integration@2.1.0';
const WHISPER = 'skill://whisper-transcribe@1.0.0';
const AT = '2030-06-14T12:00:00.000Z';
const SUCCESSES = 4;

type UseRow = { run_id: string; seq: number; skill: string; outcome: string; error: string | null };

/**
 * The database as one that was migrated up to the migration before 0015 and never further: emptied,
 * then migrated from a copy of the migrations whose journal ends before 0015. (Undoing 0015 alone is
 * not enough: the migrator applies only migrations newer than the last one recorded.)
 */
async function before0015(h: Awaited<ReturnType<typeof createTestDatabase>>): Promise<void> {
  await h.db.execute(sql`drop schema if exists drizzle cascade`);
  await h.db.execute(sql`drop schema public cascade`);
  await h.db.execute(sql`create schema public`);
  const root = mkdtempSync(path.join(tmpdir(), 'dcf-before-0015-'));
  try {
    cpSync(path.join(PROJECT_ROOT, 'db/migrations'), path.join(root, 'db/migrations'), { recursive: true });
    const entries = JOURNAL.entries.slice(
      0,
      JOURNAL.entries.findIndex((e) => e.tag === TAG),
    );
    writeFileSync(path.join(root, 'db/migrations/meta/_journal.json'), JSON.stringify({ ...JOURNAL, entries }));
    await migrateDatabase(h, root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Old-style records: every sample a failed use (of the CRM skill, then Whisper, alternately), a few
 * successes, and node counters counting every failure as the skill's.
 */
async function recordTheOldWay(h: Awaited<ReturnType<typeof createTestDatabase>>): Promise<void> {
  const uses = FAILURE_SAMPLES.map(([text], i) => ({ run: `old-run-${i}`, skill: i % 2 ? WHISPER : CRM, outcome: 'failure', error: text }));
  for (let i = 0; i < SUCCESSES; i++) uses.push({ run: `old-ok-${i}`, skill: CRM, outcome: 'success', error: null as never });
  for (const skill of [CRM, WHISPER]) {
    const mine = uses.filter((u) => u.skill === skill);
    const ok = mine.filter((u) => u.outcome === 'success').length;
    await h.db.execute(sql`
      insert into graph_skills (uri, name, version, n_success, n_failures) values (${skill}, ${skill}, '1', ${ok}, ${mine.length - ok})
      on conflict (uri) do update set n_success = excluded.n_success, n_failures = excluded.n_failures`);
  }
  for (const u of uses) {
    await h.db.execute(sql`
      insert into graph_skill_uses (run_id, seq, state, skill, outcome, latency_ms, error, attempts, at)
      values (${u.run}, 0, 'FetchApplications', ${u.skill}, ${u.outcome}, 5, ${u.error}, 1, ${AT}::timestamptz)`);
  }
}

const expectedCallerErrors = (skill: string) =>
  FAILURE_SAMPLES.filter(([, cause], i) => (i % 2 ? WHISPER : CRM) === skill && cause === 'caller').length;
const failuresOf = (skill: string) => FAILURE_SAMPLES.filter((_, i) => (i % 2 ? WHISPER : CRM) === skill).length;

describe(`migration 0015 corrects the reliability figures already recorded (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let graph: KnowledgeGraph;
  const uses = async () =>
    rowsOf<UseRow>(await h.db.execute(sql`select run_id, seq, skill, outcome, error from graph_skill_uses order by run_id`));

  beforeAll(async () => {
    h = await createTestDatabase();
    graph = createPostgresGraph(h.db, { now: () => new Date('2030-06-15T12:00:00.000Z') });
  });
  afterAll(() => h.dispose());

  it("reclassifies the caller's failures as lib/failure-cause.ts does and moves them out of n_failures", async () => {
    await before0015(h);
    await recordTheOldWay(h);
    const before = await h.db.execute(sql`select n_failures from graph_skills where uri = ${CRM}`);
    expect(rowsOf<{ n_failures: number }>(before)[0]!.n_failures).toBe(failuresOf(CRM));

    await migrateDatabase(h, PROJECT_ROOT);
    const applied = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0]!.n).toBe(JOURNAL.entries.length);

    for (const u of await uses()) {
      if (u.error === null) expect(u.outcome).toBe('success');
      else expect([u.error, u.outcome]).toEqual([u.error, failureCauseOfText(u.error) === 'caller' ? 'caller_error' : 'failure']);
    }
    const crmCaller = expectedCallerErrors(CRM);
    expect(crmCaller).toBeGreaterThan(3);
    const crm = await graph.skillReliability(CRM);
    expect(crm).toMatchObject({ n_success: SUCCESSES, n_failures: failuresOf(CRM) - crmCaller, n_caller_errors: crmCaller });
    expect(crm.failure_rate).toBeCloseTo((failuresOf(CRM) - crmCaller) / (SUCCESSES + failuresOf(CRM) - crmCaller), 12);
    expect(await graph.skillReliability(CRM, { days: 7 })).toMatchObject({
      n_failures: failuresOf(CRM) - crmCaller,
      n_caller_errors: crmCaller,
    });
    const whisperCaller = expectedCallerErrors(WHISPER);
    expect(await graph.skillReliability(WHISPER)).toMatchObject({
      n_failures: failuresOf(WHISPER) - whisperCaller,
      n_caller_errors: whisperCaller,
    });
    const recent = await graph.recentFailures(CRM, 100);
    expect(recent.every((f) => failureCauseOfText(f.error) === 'skill')).toBe(true);
    expect(await graph.recentCallerErrors(CRM, 100)).toHaveLength(crmCaller);
  });

  it('changes nothing when run again, and leaves the runtime correction nothing to do', async () => {
    const rows = await uses();
    const figures = await graph.allSkillReliability();
    await h.db.execute(sql.raw(CORRECTION));
    expect(await graph.correctCallerErrors()).toBe(0);
    expect(await uses()).toEqual(rows);
    expect(await graph.allSkillReliability()).toEqual(figures);
  });

  it('gives the same figures as the runtime correction from the same old-style rows', async () => {
    const bySql = await graph.allSkillReliability();
    await h.db.execute(sql`update graph_skill_uses set outcome = 'failure' where outcome = 'caller_error'`);
    await h.db.execute(sql`update graph_skills set n_failures = n_failures + n_caller_errors, n_caller_errors = 0`);
    expect(await graph.skillReliability(CRM)).toMatchObject({ n_failures: failuresOf(CRM), n_caller_errors: 0 });

    expect(await graph.correctCallerErrors()).toBe(expectedCallerErrors(CRM) + expectedCallerErrors(WHISPER));
    expect(await graph.allSkillReliability()).toEqual(bySql);
    expect(await graph.correctCallerErrors()).toBe(0);
  });
});
