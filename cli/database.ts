import type { AppConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { sharedPgliteUrl } from '../server/db/pglite-share.ts';

let handle: Promise<DatabaseHandle> | undefined;

/**
 * The CLI's database: PostgreSQL when configured; on the embedded default, the PGlite the
 * console server shares over its socket when the server runs, else the data directory opened
 * directly (this command is then its only user until it exits).
 */
export function cliDatabase(config: AppConfig): Promise<DatabaseHandle> {
  handle ??= (async () => {
    if (config.database.kind === 'postgres') return openDatabase(config.database);
    const url = await sharedPgliteUrl(config.database.dataDir);
    if (url) return openDatabase({ kind: 'postgres', url, max: 1 });
    const h = await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
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
