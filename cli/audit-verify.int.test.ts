import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../server/audit/actor.ts';
import { recordAudit } from '../server/audit/log.ts';
import { migrateDatabase, openDatabase, type Db } from '../server/db/client.ts';
import { runDcf } from '../server/testing/run-dcf.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

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
      for (let i = 1; i <= 3; i++) await recordAudit(db, { actor: systemActor('cli-test'), action: 'test.cli', args: { i }, status: 'ok', detail: { i } });
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('intact: a summary with the count and head hash, exit 0; --json the verification', async () => {
    const text = await runDcf(['audit', 'verify'], undefined, env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Audit log intact: 3 entries checked\.\nHead: entry #3 sha256:[0-9a-f]{64}\n$/);

    const json = await runDcf(['audit', 'verify', '--json'], undefined, env);
    expect(json.code).toBe(0);
    expect(json.json).toEqual({ intact: true, checked: 3, unchained: 0, head: { id: 3, hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) } });
  });

  it('tampered: names the entry and what was wrong, exit 1', async () => {
    await withDb((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
        await tx.execute(sql`update audit_log set actor_label = 'someone else' where id = 2`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
      }),
    );
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
