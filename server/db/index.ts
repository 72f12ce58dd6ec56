import { config } from '../config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';
import { usePrivateUmask } from './private-files.ts';
import { onShutdown } from '../shutdown.ts';

export type { Db, DatabaseHandle } from './client.ts';

// One handle per process, kept on globalThis: Next.js may evaluate this module in several
// bundles (instrumentation, route handlers), and PGlite must open its data directory once.
const KEY = Symbol.for('dcf.database');
type Holder = { [KEY]?: Promise<DatabaseHandle> };

/** The process-wide database, opened and migrated on first use. */
export function database(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const cfg = config();
    usePrivateUmask(); // what this process writes under the data directory is the user's alone
    const handle = await openDatabase(
      cfg.database.kind === 'pglite' ? { kind: 'pglite', dataDir: cfg.database.dataDir, share: true, role: 'the console' } : cfg.database,
    );
    await migrateDatabase(handle, cfg.rootDir);
    // At SIGINT/SIGTERM the embedded database closes after the flushes (server/shutdown.ts): its thread
    // flushes PGlite's files (bounded in pglite-thread.ts) and its lock and share file go.
    if (cfg.database.kind === 'pglite') onShutdown('close', () => handle.close());
    return handle;
  })().catch((err) => {
    delete holder[KEY]; // let the next call retry (e.g. PostgreSQL was still starting)
    throw err;
  });
  return holder[KEY];
}
