import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';
import { MIGRATION_LOCK_KEY } from './migration-lock.ts';
import { createPostgresDatabase, PROJECT_ROOT } from '../testing/test-database.ts';

const MIGRATIONS = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;
const adminUrl = () => {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: this test needs a PostgreSQL server (npm test starts one)');
  return url;
};
const applied = async (h: DatabaseHandle) =>
  Number(
    ((await h.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: [{ n: number }] }).rows[0]
      .n,
  );

/**
 * Migrations under a PostgreSQL advisory lock (issue 32): processes that start together on one empty
 * database — consoles, setup, `dcf`, workers, each with its own pool as here — take turns, and each
 * migration is applied once. It opens its own PostgreSQL databases, so it runs once (vitest.config.ts
 * NO_DATABASE); PGlite has one owner per data directory, and `npm start`'s setup takes the lock there too.
 */
describe('migrations under an advisory lock', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** An empty database and `n` more handles on it, as separate processes would each open one. */
  async function emptyDatabase(n: number) {
    const name = `dcf_migrate_${randomBytes(6).toString('hex')}`;
    const first = await createPostgresDatabase(adminUrl(), name);
    cleanups.push(() => first.dispose());
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const others: DatabaseHandle[] = [];
    for (let i = 0; i < n; i++) {
      const h = await openDatabase({ kind: 'postgres', url: url.toString() });
      cleanups.push(() => h.close());
      others.push(h);
    }
    return { first, others, url: url.toString() };
  }

  it('three processes migrating one empty database at once: all succeed, each migration is applied once', async () => {
    const { first, others } = await emptyDatabase(2);
    const results = await Promise.allSettled([first, ...others].map((h) => migrateDatabase(h, PROJECT_ROOT)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    expect(await applied(first)).toBe(MIGRATIONS);
  });

  it('a process waits while another holds the lock, then migrates; the lock is free afterwards', async () => {
    const { first, url } = await emptyDatabase(0);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    cleanups.push(() => holder.end());
    expect((await holder.query('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY])).rows[0].ok).toBe(true);

    let done = false;
    const migrating = migrateDatabase(first, PROJECT_ROOT).then(() => (done = true));
    // While the lock is held nothing is migrated, however long the holder takes (here: a few of its queries).
    for (let i = 0; i < 5; i++) await holder.query('select pg_sleep(0.1)');
    expect(done).toBe(false);
    const schemas = await holder.query(`select count(*)::int as n from pg_tables where tablename = 'audit_log'`);
    expect(schemas.rows[0].n).toBe(0);

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await migrating;
    expect(await applied(first)).toBe(MIGRATIONS);
    // Released with its session: another process takes it at once.
    expect((await holder.query('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY])).rows[0].ok).toBe(true);
  });
});
