import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { startPasswordGate } from './pg-password-gate.ts';

/**
 * PGlite is single-process: one process opens the data directory (data-dir-lock.ts). That owner
 * (the console server, setup, or a CLI that found no owner) serves the database over the Postgres
 * wire protocol from its database thread (pglite-thread.ts, pglite-host/wire-server.mjs), and
 * records the URL next to the data directory; other processes (`dcf tool …`) connect to that URL
 * with `pg` instead of opening the directory.
 *
 * The wire server authenticates nobody, so it listens only on a unix socket in a private (0700)
 * temporary directory, and what other processes reach is a password gate on 127.0.0.1
 * (pg-password-gate.ts, SCRAM-SHA-256) with a password generated at each start. The URL with
 * that password is written to the share file with mode 0600: the user who runs the console (and
 * its CLI) can read it, other local users cannot, and without it a connection is refused.
 */
export const shareFile = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.socket-url`;

/** Shares the database served on the unix socket `upstream` (in a 0700 folder) behind a fresh password. */
export async function sharePglite(upstream: string, dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const password = randomBytes(24).toString('base64url');
  const gate = await startPasswordGate({ password, upstream });
  const url = `postgres://postgres:${password}@127.0.0.1:${gate.port}/postgres`;
  const file = shareFile(dataDir);
  await rm(file, { force: true }); // a file left by an older version may be world-readable: create it anew, 0600
  await writeFile(file, `${url}\n${process.pid}\n`, { mode: 0o600, flag: 'wx' });
  return {
    url,
    async stop() {
      await gate.close();
      await rm(file, { force: true });
    },
  };
}

/** The URL the owner of `dataDir` serves it on, if that owner is alive; else null. */
export async function sharedPgliteUrl(dataDir: string): Promise<string | null> {
  return (await pgliteSharer(dataDir))?.url ?? null;
}

/** Who serves `dataDir` (its URL and pid), if that process is alive; else null. */
export async function pgliteSharer(dataDir: string): Promise<{ url: string; pid: number } | null> {
  const text = await readFile(shareFile(dataDir), 'utf8').catch(() => '');
  const [url, pid] = text.split('\n');
  if (!url || !pid) return null;
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null; // the owner is gone; its file is stale
  }
  return { url, pid: Number(pid) };
}

/** Whether a process other than this one serves `dataDir` (a console, setup, another `dcf`). */
export async function sharedByAnother(dataDir: string): Promise<boolean> {
  const sharer = await pgliteSharer(dataDir);
  return sharer !== null && sharer.pid !== process.pid;
}
