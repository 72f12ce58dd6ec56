import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * Data under the data directory is this user's alone (issue 29: PGlite's files were 0666 in 0755
 * folders, readable by every local user, password hashes included): files 0600, folders 0700.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * New files and folders of this process get no group/other bits (umask 077). Called where the
 * console, setup and the CLI start using the data directory; worker threads share the process's
 * umask and may not set it, so there it is left alone.
 */
export function usePrivateUmask(): void {
  if (isMainThread) process.umask(0o077);
}

/** Takes group and other bits off `root` and everything under it (symlinks are not followed). */
export async function makePrivate(root: string): Promise<void> {
  const info = await lstat(root).catch(() => null);
  if (!info || info.isSymbolicLink()) return;
  if (!info.isDirectory()) {
    if (info.mode & 0o077) await chmod(root, info.mode & 0o700);
    return;
  }
  if ((info.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(root, PRIVATE_DIR_MODE);
  for (const name of await readdir(root)) await makePrivate(path.join(root, name));
}
