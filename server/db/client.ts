import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { withMigrationLock } from './migration-lock.ts';
import * as schema from './schema/index.ts';

/** The Drizzle database both adapters produce; code above this layer never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** PostgreSQL cuts any statement that runs longer (DCF_STATEMENT_TIMEOUT_MS; issue 29). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** serve it to other processes (pglite-share.ts) */
      share?: boolean;
      /** what the opener is, named to a second opener the lock refuses (data-dir-lock.ts) */
      role?: string;
      /** in memory only: start from this image (`pgliteImage`) instead of an empty cluster — test templates */
      image?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      /** pool size (1 for a CLI reaching a shared PGlite) */
      max?: number;
      /** per-statement limit in ms (default DEFAULT_STATEMENT_TIMEOUT_MS); 0: none (a shared PGlite cannot enforce one) */
      statementTimeoutMs?: number;
    };

/** An open database: the Drizzle handle plus what the health page and shutdown need. */
export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** How `db` reaches the database: PGlite's own driver in this thread, or `pg` over a connection. */
  driver: 'pglite' | 'node-postgres';
  /** Round-trips `SELECT 1`; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens PGlite (embedded) or PostgreSQL via `pg`. PGlite on a data directory: this process takes
 * the directory's lock (data-dir-lock.ts; a second opener is refused, naming this one), makes its
 * files private (0600/0700), and runs PGlite in its own worker thread (pglite-thread.ts), reached
 * with `pg` over a private unix socket, so no statement holds this event loop. In-memory PGlite
 * (`dataDir: null`, for tests and tools) runs in this thread.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite' && target.dataDir) return openPgliteDirectory({ ...target, dataDir: target.dataDir });
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    // pg_trgm: trigram similarity for search (PostgreSQL ships it as a contrib module);
    // vector (pgvector): distances for semantic search (migration 0004 creates it where available).
    // The database thread (pglite-host/worker.mjs) loads the same two.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { vector } = await import('@electric-sql/pglite-pgvector');
    const client = await PGlite.create({ extensions: { pg_trgm, vector }, ...(target.image ? { loadDataDir: target.image } : {}) });
    const db = drizzle({ client, schema }) as unknown as Db;
    const handle: DatabaseHandle = {
      db,
      kind: 'pglite',
      driver: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => client.close(),
    };
    memoryClients.set(handle, client);
    return handle;
  }
  const timeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return poolHandle('postgres', {
    connectionString: target.url,
    max: target.max ?? 10,
    ...(timeout > 0 ? { statement_timeout: timeout } : {}),
  });
}

async function openPgliteDirectory(target: { dataDir: string; share?: boolean; role?: string }): Promise<DatabaseHandle> {
  const [{ lockDataDir }, { makePrivate, usePrivateUmask }, { startPgliteThread }] = await Promise.all([
    import('./data-dir-lock.ts'),
    import('./private-files.ts'),
    import('./pglite-thread.ts'),
  ]);
  const dataDir = path.resolve(target.dataDir);
  usePrivateUmask(); // what PGlite writes from now on: 0600 files, 0700 folders
  await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(dataDir, target.role ?? `a process (${path.basename(process.argv[1] ?? 'node')})`);
  const undo: Array<() => Promise<void>> = [() => lock.release()];
  let closing: Promise<void> | undefined;
  // Last opened, first closed; once (a signal handler and the owner may both close).
  const rollback = () =>
    (closing ??= (async () => {
      for (const step of [...undo].reverse()) await step().catch(() => undefined);
    })());
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await makePrivate(dataDir); // files an older version (or another umask) left readable
    const thread = await startPgliteThread(dataDir);
    undo.push(() => thread.close());
    await makePrivate(dataDir); // what PGlite created on a first open
    // PGlite is one backend: connections take turns in the thread. No connection timeout: waiting
    // there means the database is busy (a statement, another connection's transaction), not unreachable.
    const socket = { host: thread.socketDir, port: 5432, user: 'postgres', database: 'postgres' };
    const handle = await poolHandle('pglite', { ...socket, max: 4, connectionTimeoutMillis: 0 });
    undo.push(() => handle.close());
    const shared = target.share
      ? await (await import('./pglite-share.ts')).sharePglite(path.join(thread.socketDir, '.s.PGSQL.5432'), dataDir)
      : null;
    if (shared) undo.push(() => shared.stop());
    return { ...handle, close: rollback };
  } catch (err) {
    await rollback();
    throw err;
  }
}

const memoryClients = new WeakMap<DatabaseHandle, import('@electric-sql/pglite').PGlite>();

/**
 * The whole cluster of an in-memory PGlite as an image that `openDatabase({image})` starts from
 * (a migrated template restores in about a third of the time an empty one takes to initialise and
 * migrate). Only for handles opened in memory by this module.
 */
export async function pgliteImage(handle: DatabaseHandle): Promise<Blob> {
  const client = memoryClients.get(handle);
  if (!client) throw new Error('pgliteImage: not an in-memory PGlite opened by openDatabase');
  return client.dumpDataDir('none');
}

async function poolHandle(kind: DatabaseTarget['kind'], options: import('pg').PoolConfig): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionTimeoutMillis: 5_000, ...options });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, kind, driver: 'node-postgres', ping: async () => void (await db.execute(sql`select 1`)), close: () => pool.end() };
}

/** Folder of drizzle-kit migrations, relative to the project root. */
export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, 'db', 'migrations');
}

/**
 * Applies pending migrations (idempotent; drizzle records applied ones in `drizzle.__drizzle_migrations`),
 * one process at a time per database (migration-lock.ts): every start path comes here.
 */
export async function migrateDatabase(handle: DatabaseHandle, rootDir: string): Promise<void> {
  const folder = migrationsFolder(rootDir);
  if (handle.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = (handle.db as unknown as { $client: import('pg').Pool }).$client; // drizzle's node-postgres client
    await withMigrationLock(pool, () => migrate(handle.db as never, { migrationsFolder: folder }));
  }
}
