import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../server/contracts/audit-actor.ts';
import { anchorAuditHead } from '../server/audit/anchor-store.ts';
import { recordAudit } from '../server/audit/log.ts';
import { migrateDatabase, openDatabase, type Db } from '../server/db/client.ts';
import { auditLog } from '../server/db/schema/index.ts';
import { tamperAuditLog } from '../server/testing/audit-tamper.ts';
import { runDcf } from '../server/testing/run-dcf.ts';
import { createPostgresDatabase, PROJECT_ROOT } from '../server/testing/test-database.ts';

/**
 * `npx dcf audit verify` on the embedded default: no console runs here, so the CLI opens the
 * PGlite data directory itself. The test writes the log between runs (PGlite: one process at a time).
 */
describe('dcf audit verify', { timeout: 120_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  const withDb = async (work: (db: Db) => Promise<unknown>) => {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      await migrateDatabase(h, PROJECT_ROOT);
      await work(h.db);
    } finally {
      await h.close();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-audit-'));
    env = { DCF_DATA_DIR: dir };
    await withDb(async (db) => {
      for (let i = 1; i <= 3; i++)
        await recordAudit(db, { actor: systemActor('cli-test'), action: 'test.cli', args: { i }, status: 'ok', detail: { i } });
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('intact, no anchor yet: a summary with the count, that the log has no external anchor, the head hash; exit 0', async () => {
    const text = await runDcf(['audit', 'verify'], undefined, env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(
      'Audit log intact: 3 entries checked.\n' +
        `Anchors: the log has no external anchor yet (none in ${path.join(dir, 'audit-anchors.jsonl')}).\n` +
        `Head: entry #3 ${text.stdout.match(/sha256:[0-9a-f]{64}/)![0]}\n`,
    );

    const json = await runDcf(['audit', 'verify', '--json'], undefined, env);
    expect(json.code).toBe(0);
    expect(json.json).toMatchObject({
      intact: true,
      checked: 3,
      unchained: 0,
      head: { id: 3, hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      anchors: { status: 'none', checked: 0, sources: { fileFound: false, redis: false } },
    });
  });

  it('anchored, then the newest entry deleted: intact up to the anchor, then the truncation named; exit 0, then 1', async () => {
    const file = path.join(dir, 'audit-anchors.jsonl');
    await withDb((db) => anchorAuditHead(db, 'export', { file }, new Date('2026-11-28T09:15:00Z')));
    const intact = await runDcf(['audit', 'verify'], undefined, env);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toContain(
      'Anchors: intact up to the newest anchor, entry #3 of 28 Nov 2026, 09:15:00 GMT (export); 1 anchor checked.\n',
    );

    let row: typeof auditLog.$inferSelect | undefined;
    await withDb(async (db) => {
      [row] = await db.select().from(auditLog).where(eq(auditLog.id, 3));
      await tamperAuditLog(db, sql`delete from audit_log where id = 3`);
    });
    try {
      const text = await runDcf(['audit', 'verify'], undefined, env);
      expect(text.code).toBe(1);
      expect(text.stdout).toBe(
        `Audit log NOT intact: truncated: the anchor of 28 Nov 2026, 09:15:00 GMT names entry #3 (hash ${row!.hash!.slice(0, 23)}…) ` +
          'which the log no longer holds; the log ends at #2.\n' +
          '2 entries checked: the chain itself is intact.\n' +
          `Head: entry #2 ${text.stdout.match(/Head: entry #2 (sha256:[0-9a-f]{64})/)![1]}\n`,
      );
      const json = await runDcf(['audit', 'verify', '--json'], undefined, env);
      expect(json.code).toBe(1);
      expect(json.json).toMatchObject({
        intact: false,
        head: { id: 2 },
        anchors: { status: 'broken', problem: { kind: 'truncated', logEnd: 2, anchor: { entryId: 3 } } },
      });
    } finally {
      await withDb((db) => db.insert(auditLog).values(row!));
    }
  });

  it('tampered: names the entry and what was wrong, exit 1', async () => {
    await withDb((db) => tamperAuditLog(db, sql`update audit_log set actor_label = 'someone else' where id = 2`));
    const text = await runDcf(['audit', 'verify'], undefined, env);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Audit log NOT intact: entry #2 was changed.');
    expect(text.stdout).toContain('1 entry checked and intact before it.');

    const json = await runDcf(['audit', 'verify', '--json'], undefined, env);
    expect(json.code).toBe(1);
    expect(json.json).toMatchObject({ intact: false, checked: 1, firstProblem: { id: 2, kind: 'changed' }, head: { id: 3 } });
  });

  it('usage errors exit 2', async () => {
    expect((await runDcf(['audit'], undefined, env)).code).toBe(2);
    expect((await runDcf(['audit', 'verify', '--bogus'], undefined, env)).code).toBe(2);
  });
});

/**
 * On PostgreSQL (DATABASE_URL) the anchors are where DCF_AUDIT_ANCHOR_FILE points, not in the
 * data directory: the console and `dcf audit verify` read the same configured file.
 */
describe('dcf audit verify on PostgreSQL with a configured anchor file', { timeout: 120_000 }, () => {
  let h: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dir: string;
  let env: Record<string, string>;
  let file: string;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_POSTGRES_URL;
    if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: this test needs the PostgreSQL server npm test starts');
    const name = `dcf_cli_anchor_${randomBytes(6).toString('hex')}`;
    h = await createPostgresDatabase(adminUrl, name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await migrateDatabase(h, PROJECT_ROOT);
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-anchor-pg-'));
    file = path.join(dir, 'anchors', 'audit.jsonl');
    env = { DCF_DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url.toString(), DCF_AUDIT_ANCHOR_FILE: file };
    const actor = systemActor('cli-test');
    for (let i = 1; i <= 4; i++) await recordAudit(h.db, { actor, action: 'test.cli', args: { i }, status: 'ok' });
  });
  afterAll(async () => {
    await h?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the configured file: intact up to the anchor, then the newest entries deleted named a truncation', async () => {
    await anchorAuditHead(h.db, 'periodic', { file }, new Date('2026-07-01T08:00:00Z'));
    const intact = await runDcf(['audit', 'verify'], undefined, env);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toContain('Anchors: intact up to the newest anchor, entry #4 of 1 Jul 2026, 09:00:00 BST (periodic)');

    await tamperAuditLog(h.db, sql`delete from audit_log where id >= 3`);
    const cut = await runDcf(['audit', 'verify'], undefined, env);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(
      /^Audit log NOT intact: truncated: the anchor of 1 Jul 2026, 09:00:00 BST names entry #4 \(hash sha256:[0-9a-f]{16}…\) /,
    );
    expect(cut.stdout).toContain(' which the log no longer holds; the log ends at #2.\n2 entries checked: the chain itself is intact.\n');
  });
});
