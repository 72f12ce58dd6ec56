import { readFile, rm, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is single-process: one process opens the data directory. On the embedded default that
 * owner (the console server) also serves the database over the Postgres wire protocol with
 * `@electric-sql/pglite-socket` on 127.0.0.1, and records the URL next to the data directory;
 * other processes (`dcf tool …`) connect to that URL with `pg` instead of opening the directory.
 */
export const shareFile = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.socket-url`;

export async function sharePglite(client: PGlite, dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const server = new PGLiteSocketServer({ db: client, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await writeFile(shareFile(dataDir), `${url}\n${process.pid}\n`);
  return {
    url,
    async stop() {
      await server.stop();
      await rm(shareFile(dataDir), { force: true });
    },
  };
}

/** The URL the owner of `dataDir` serves it on, if that owner is alive; else null. */
export async function sharedPgliteUrl(dataDir: string): Promise<string | null> {
  const text = await readFile(shareFile(dataDir), 'utf8').catch(() => '');
  const [url, pid] = text.split('\n');
  if (!url || !pid) return null;
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null; // the owner is gone; its file is stale
  }
  return url;
}
