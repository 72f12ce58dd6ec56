import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

/** The Drizzle database both adapters produce; code above this layer never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null; /** serve it to other processes (pglite-share.ts) */ share?: boolean }
  | { kind: 'postgres'; url: string; /** pool size (1 for a CLI reaching a shared PGlite) */ max?: number };

/** An open database: the Drizzle handle plus what the health page and shutdown need. */
export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Round-trips `SELECT 1`; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens PGlite (embedded; `dataDir: null` is in-memory, for tests) or PostgreSQL via `pg`.
 * PGlite is single-process: exactly one process may open a given data directory.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    // pg_trgm: trigram similarity for search (PostgreSQL ships it as a contrib module);
    // vector (pgvector): distances for semantic search (migration 0004 creates it where available).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { vector } = await import('@electric-sql/pglite-pgvector');
    const options = { extensions: { pg_trgm, vector } };
    const client = target.dataDir ? await PGlite.create(target.dataDir, options) : await PGlite.create(options);
    const db = drizzle({ client, schema }) as unknown as Db;
    const shared = target.share && target.dataDir ? await (await import('./pglite-share.ts')).sharePglite(client, target.dataDir) : null;
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await shared?.stop();
        await client.close();
      },
    };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/** Folder of drizzle-kit migrations, relative to the project root. */
export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, 'db', 'migrations');
}

/** Applies pending migrations (idempotent; drizzle records applied ones in `drizzle.__drizzle_migrations`). */
export async function migrateDatabase(handle: DatabaseHandle, rootDir: string): Promise<void> {
  const folder = migrationsFolder(rootDir);
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}
