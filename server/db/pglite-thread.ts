import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../project-root.ts';

/** How long closing waits for the database thread to flush and stop before it is terminated. */
const CLOSE_WAIT_MS = 15_000;

/**
 * The embedded database in its own worker thread (issue 29: a long statement in PGlite, which is
 * synchronous WASM, held the console's event loop, /api/health and SIGTERM included). The thread
 * (pglite-host/worker.mjs) serves PGlite on a unix socket in a private (0700) temporary folder;
 * this process reaches it with `pg` on `socketDir` (pg's convention: `<dir>/.s.PGSQL.5432`).
 */
export type PgliteThread = { socketDir: string; close(): Promise<void> };

export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-pglite-')); // mode 0700
  const options = { workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') } };
  // Constructed indirectly: Turbopack takes `new Worker(<a path it cannot resolve>)` for a bundle
  // entry and traces the whole project into the console's build. The script is loaded as is.
  const worker: Worker = Reflect.construct(Worker, [/*turbopackIgnore: true*/ workerScript(), options]);
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { type: string; message?: string }) =>
        m.type === 'ready' ? resolve() : reject(new Error(`the embedded database at ${dataDir} did not open: ${m.message}`)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedded database's thread exited (code ${code}) before it was ready`)));
    });
  } catch (err) {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.removeAllListeners();
  worker.on('error', (err) => process.emitWarning(`the embedded database's thread failed: ${err.message}`));
  return {
    socketDir,
    async close() {
      // The thread flushes PGlite's files on close; a statement still running there can hold it, so the wait is bounded.
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (m: { type: string }) => m.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'close' });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** server/db/pglite-host/worker.mjs under the project root (server/project-root.ts: source, the `dcf` bundle, Next.js). */
function workerScript(): string {
  return path.join(/*turbopackIgnore: true*/ projectRoot(import.meta.url), 'server', 'db', 'pglite-host', 'worker.mjs');
}
