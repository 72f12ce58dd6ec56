import type { Pool } from 'pg';

/**
 * The key of the session-level advisory lock every migrating process takes (issue 32). Any constant
 * works as long as every version of the console uses the same one: it is the lock's whole identity.
 */
export const MIGRATION_LOCK_KEY = '4702111234474983745';
/** How often a process waiting for another's migrations asks again. */
const RETRY_MS = 100;

/**
 * Runs `migrate` while this process holds the migration lock of the database `pool` reaches, so that
 * processes starting together on one PostgreSQL database (two consoles, `npm start`'s setup, a `dcf`
 * command, a worker) take turns: drizzle's migrator run twice at once applies the same migration twice,
 * and the second fails half-way.
 *
 * The lock is held on a connection of its own, not one of the pool's: the pool may have a single
 * connection (a CLI reaching a shared PGlite), which the migration needs. It is asked for with
 * `pg_try_advisory_lock`, never the blocking form: a shared PGlite is one backend that its
 * connections take turns on, so a blocked statement would hold every other connection, the lock's
 * holder included. (An in-memory PGlite has no pool and no other process: it needs no lock.)
 */
export async function withMigrationLock<T>(pool: Pool, migrate: () => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client(pool.options);
  client.on('error', () => {}); // a lost connection ends the session, and with it the lock
  await client.connect();
  try {
    while (!(await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY])).rows[0]!.ok) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    return await migrate();
  } finally {
    await client.end(); // ending the session releases the lock, whatever happened above
  }
}
