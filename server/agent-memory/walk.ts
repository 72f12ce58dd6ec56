import { promises as fs } from 'node:fs';
import path from 'node:path';
import { RESERVED_PREFIX } from './paths.ts';
import { TEMP_PREFIX } from './atomic-write.ts';

/** A temp file older than this is left over from a crash and is removed by the next walk. */
const STALE_TEMP_MS = 10 * 60_000;

export type WalkedFile = { path: string; size: number; mtimeMs: number };

/**
 * Every regular file under `root` (paths relative, `/`-separated, sorted), without following
 * symlinks (they are listed nowhere and count nothing). `usedBytes` counts every regular file,
 * the store's own included, since they take the agent's disk; `files` leaves the store's own
 * names out. Stale temp files are removed on the way.
 */
export async function walkAgentDir(root: string): Promise<{ files: WalkedFile[]; usedBytes: number }> {
  const files: WalkedFile[] = [];
  let usedBytes = 0;
  const now = Date.now();
  async function visit(dir: string, rel: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await visit(full, relPath);
        continue;
      }
      if (!entry.isFile()) continue;
      const st = await fs.lstat(full).catch(() => null);
      if (!st?.isFile()) continue;
      if (entry.name.startsWith(TEMP_PREFIX) && now - st.mtimeMs > STALE_TEMP_MS) {
        await fs.rm(full, { force: true });
        continue;
      }
      usedBytes += st.size;
      if (!entry.name.startsWith(RESERVED_PREFIX)) files.push({ path: relPath, size: st.size, mtimeMs: st.mtimeMs });
    }
  }
  await visit(root, '');
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, usedBytes };
}
