import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** The database as Settings → Health shows it. */
export interface DatabaseHealth {
  kind: 'pglite' | 'postgres';
  /** pg_database_size of the console's database, in bytes. */
  sizeBytes: number;
  /** PostgreSQL only: connections to this database by state (pg_stat_activity), and the server's limit. */
  connections: { total: number; active: number; idle: number; idleInTransaction: number; max: number } | null;
  /** Why a figure is not shown (PGlite is one embedded connection: there is nothing to count). */
  note: string | null;
}

/**
 * The database's size and, on PostgreSQL, its connections. PGlite runs inside the console (one
 * connection, its wire server's clients share it), so it has no connections to report: the page
 * says so instead of a 0.
 */
export async function readDatabaseHealth(db: Db, kind: 'pglite' | 'postgres'): Promise<DatabaseHealth> {
  const [size] = rowsOf<{ bytes: string | number }>(await db.execute(sql`select pg_database_size(current_database()) as bytes`));
  const sizeBytes = Number(size?.bytes ?? 0);
  if (kind === 'pglite') {
    return {
      kind,
      sizeBytes,
      connections: null,
      note: 'PGlite is embedded in the console process: one connection, no pg_stat_activity to count.',
    };
  }
  const [byState, limit] = await Promise.all([
    db.execute(sql`select state, count(*) as n from pg_stat_activity where datname = current_database() group by state`),
    db.execute(sql`select current_setting('max_connections') as max`),
  ]);
  const states = rowsOf<{ state: string | null; n: string | number }>(byState);
  const n = (state: string) => Number(states.find((r) => r.state === state)?.n ?? 0);
  return {
    kind,
    sizeBytes,
    connections: {
      total: states.reduce((a, r) => a + Number(r.n), 0),
      active: n('active'),
      idle: n('idle'),
      idleInTransaction: n('idle in transaction'),
      max: Number(rowsOf<{ max: string }>(limit)[0]?.max ?? 0),
    },
    note: null,
  };
}
