// @ts-check
/**
 * The embedded database's own thread (issue 29): opens PGlite on `dataDir` with the extensions
 * client.ts names (pg_trgm, pgvector) and serves it on `socketPath` (wire-server.mjs), so a long
 * statement runs here and never holds the console's event loop. The main thread's contract
 * (pglite-thread.ts): workerData { dataDir, socketPath }; this posts { type: 'ready' } or
 * { type: 'failed', message }, and on { type: 'close' } stops serving, closes PGlite (which
 * flushes its files) and posts { type: 'closed' }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { serveWire } from './wire-server.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, socketPath } = /** @type {{ dataDir: string, socketPath: string }} */ (workerData);

try {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, vector } });
  const server = await serveWire(db, socketPath);
  port.on('message', async (message) => {
    if (message?.type !== 'close') return;
    await server.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    port.postMessage({ type: 'closed' });
    port.close();
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
}
