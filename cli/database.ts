import type { AppConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { sharedPgliteUrl } from '../server/db/pglite-share.ts';
import { usePrivateUmask } from '../server/db/private-files.ts';

let handle: Promise<DatabaseHandle> | undefined;

/**
 * The CLI's database: PostgreSQL when configured; on the embedded default, the PGlite its owner
 * (the console, setup, another `dcf`) shares over its socket, else the data directory opened
 * directly under its lock (data-dir-lock.ts) and shared in turn while this command runs. Never a
 * directory another process holds: without a share to reach, the lock refuses, naming the owner.
 */
export function cliDatabase(config: AppConfig): Promise<DatabaseHandle> {
  handle ??= (async () => {
    if (config.database.kind === 'postgres') return openDatabase(config.database);
    usePrivateUmask();
    const url = await sharedPgliteUrl(config.database.dataDir);
    // PGlite cannot enforce a statement limit, so none is asked of it.
    if (url) return openDatabase({ kind: 'postgres', url, max: 1, statementTimeoutMs: 0 });
    const role = `the dcf CLI (${process.argv.slice(2, 4).join(' ') || 'dcf'})`;
    const h = await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir, share: true, role });
    await migrateDatabase(h, config.rootDir);
    return h;
  })();
  return handle;
}

export async function closeCliDatabase(): Promise<void> {
  if (!handle) return;
  const h = await handle.catch(() => null);
  handle = undefined;
  await h?.close();
}
