import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/verify.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { recordAudit } from '../audit/log.ts';
import { createPostgresDatabase, PROJECT_ROOT } from '../testing/test-database.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS, migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';
import { rowsOf } from './rows.ts';

/** The PostgreSQL server of the integration run (test-int.sh starts one for every project). */
function postgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: this test needs a PostgreSQL server (scripts/test-int.sh starts one)');
  return url;
}

/** Issue 29: no single statement holds a PostgreSQL connection for ever, and two processes' audit appends never collide. */
describe('PostgreSQL: a statement limit on every pool; audit appends from two processes', () => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let url: string;
  beforeAll(async () => {
    const name = `dcf_test_${randomBytes(6).toString('hex')}`;
    database = await createPostgresDatabase(postgresUrl(), name);
    await migrateDatabase(database, PROJECT_ROOT);
    const u = new URL(postgresUrl());
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(() => database.dispose());

  it('every pool carries statement_timeout (30 s unless set); a longer statement is cut with a clear error', async () => {
    const shown = rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`show statement_timeout`));
    expect(shown[0]!.statement_timeout).toBe(`${DEFAULT_STATEMENT_TIMEOUT_MS / 1000}s`);
    const short = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 200 });
    try {
      const cut = await short.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (e: unknown) => e as Error & { cause?: unknown },
      );
      expect(cut).not.toBeNull();
      const pgError = (cut!.cause ?? cut) as { code?: string; message: string };
      expect(pgError.code).toBe('57014'); // query_canceled
      expect(pgError.message).toBe('canceling statement due to statement timeout');
      await short.ping(); // the pool goes on
    } finally {
      await short.close();
    }
  });

  it("two processes' pools appending at once form one unbroken chain (the chain lock holds across connections)", async () => {
    const other = await openDatabase({ kind: 'postgres', url, max: 5 });
    try {
      const append = (h: DatabaseHandle, who: string) =>
        Array.from({ length: 25 }, (_, i) =>
          recordAudit(h.db, { actor: systemActor(who), action: 'test.two-processes', args: { i }, status: 'ok' }),
        );
      await Promise.all([...append(database, 'console'), ...append(other, 'cli')]);
      expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, checked: 50 });
    } finally {
      await other.close();
    }
  });
});
