import { readFile, stat } from 'node:fs/promises';

/**
 * Reads text files, each by one `stat` while it is unchanged (issue 33: every run's start reads the
 * skill catalog and the workflow's imports, and a read is four trips to the thread pool where a
 * stat is one). A file's text is taken again from disk whenever its inode, size, mtime or ctime
 * differ from the last read — any write changes ctime — or when it was modified less than
 * RACY_MS before it was read: timestamps tick coarsely, so a second write within the same tick
 * could keep them all; once its mtime is that far in the past, a later write cannot share it
 * (git's "racily clean" rule).
 */
const RACY_MS = 2_000;
const MAX_FILES = 2_000;

type Signature = { ino: number; size: number; mtimeMs: number; ctimeMs: number };
const known = new Map<string, { sig: Signature; text: string }>();

/** Whether a file last changed as `sig` says can be remembered at `nowMs`: no later write can share its timestamps. */
export const settled = (sig: Pick<Signature, 'mtimeMs' | 'ctimeMs'>, nowMs: number) =>
  nowMs - Math.max(sig.mtimeMs, sig.ctimeMs) >= RACY_MS;

const same = (a: Signature, b: Signature) => a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/** The file's text as `readFile(path, 'utf8')` gives it; rejects as readFile (or stat) does. */
export async function readFileText(path: string): Promise<string> {
  const s = await stat(path);
  const sig: Signature = { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs };
  const hit = known.get(path);
  if (hit && same(hit.sig, sig)) return hit.text;
  const text = await readFile(path, 'utf8');
  // Remembered only when no write can follow unseen; the stat was taken before the read, so a write
  // in between leaves a newer ctime than `sig` and the next call reads again.
  if (settled(sig, Date.now())) {
    if (!hit && known.size >= MAX_FILES) known.delete(known.keys().next().value!);
    known.set(path, { sig, text });
  } else known.delete(path);
  return text;
}
