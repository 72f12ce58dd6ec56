/**
 * A second process on an embedded data directory, for the lock's tests (data-dir.int.test.ts):
 * `node --import tsx server/db/testing/second-opener.ts <mode> <data dir root> [count]`.
 * - `open`: opens the PGlite directory itself, as a second console would; prints "opened".
 * - `cli`: reaches it as the `dcf` CLI does (cli/database.ts) and appends `count` audit entries;
 *   prints "appended <n>".
 * A refusal prints its message on stderr and exits 3.
 */
import path from 'node:path';
import { closeCliDatabase, cliDatabase } from '../../../cli/database.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { recordAudit } from '../../audit/log.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';

const [mode, dataRoot, count = '0'] = process.argv.slice(2);
try {
  if (mode === 'open') {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dataRoot!, 'pglite'), role: 'a second console' });
    console.log('opened');
    await h.close();
  } else {
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined, DCF_DATA_DIR: dataRoot }, PROJECT_ROOT);
    const { db } = await cliDatabase(config);
    const writes = Array.from({ length: Number(count) }, (_, i) =>
      recordAudit(db, { actor: systemActor('second-opener'), action: 'test.second', args: { i }, status: 'ok' }),
    );
    await Promise.all(writes);
    console.log(`appended ${writes.length}`);
    await closeCliDatabase();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 3;
  await closeCliDatabase().catch(() => undefined);
}
