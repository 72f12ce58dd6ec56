import { constants as C, promises as fs } from 'node:fs';
import path from 'node:path';
import { MemoryFileError } from './errors.ts';

/**
 * Walking an agent's directory without ever leaving it. Every name on the way is `lstat`ed — a
 * symlink (to a file or a folder) is refused, never followed — created folders are 0700, the
 * folder reached is checked by its real path, and files are opened with O_NOFOLLOW. Node has no
 * `openat`, so a local process with write access to the data directory could still swap a folder
 * for a symlink between the check and the use; such a process already has the files, and the
 * real-path checks below make the window a few system calls wide.
 */

const errno = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code;

async function lstatOrNull(p: string) {
  try {
    return await fs.lstat(p);
  } catch (e) {
    if (errno(e) === 'ENOENT') return null;
    throw e;
  }
}

const symlinkError = (shown: string, what: 'files' | 'folders') =>
  new MemoryFileError('forbidden', `"${shown}" is a symlink; memory ${what} may not be links`);

/** The real path of `dir` must be `dir` itself: no symlink anywhere on the way. */
async function assertReal(dir: string, shown: string): Promise<void> {
  if ((await fs.realpath(dir)) !== dir) {
    throw new MemoryFileError('forbidden', `"${shown}" resolves outside the memory directory (a symlink)`);
  }
}

/**
 * The base `agent-memory` folder's real path (created when `create`), or null when it does not
 * exist. The data directory itself is the operator's: it may be a symlink.
 */
export async function memoryBase(dataDir: string, create: boolean): Promise<string | null> {
  const base = path.join(dataDir, 'agent-memory');
  if (create) await fs.mkdir(base, { recursive: true, mode: 0o700 });
  try {
    return await fs.realpath(base);
  } catch (e) {
    if (errno(e) === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Goes from `root` down the folder `names`, creating missing ones when `create`; returns the
 * folder reached, or null when one is missing and `create` is false. A symlink on the way is
 * `forbidden`; a file where a folder should be is `invalid_input`.
 */
export async function descend(root: string, names: readonly string[], create: boolean): Promise<string | null> {
  let dir = root;
  for (const [i, name] of names.entries()) {
    const next = path.join(dir, name);
    const shown = names.slice(0, i + 1).join('/');
    let st = await lstatOrNull(next);
    if (!st) {
      if (!create) return null;
      try {
        await fs.mkdir(next, { mode: 0o700 });
      } catch (e) {
        if (errno(e) !== 'EEXIST') throw e;
      }
      st = await fs.lstat(next);
    }
    if (st.isSymbolicLink()) throw symlinkError(shown, 'folders');
    if (!st.isDirectory()) throw new MemoryFileError('invalid_input', `"${shown}" is a file, not a folder`);
    dir = next;
  }
  await assertReal(dir, names.join('/') || '.');
  return dir;
}

export type FileState = { kind: 'absent' } | { kind: 'file'; size: number; mtimeMs: number };

/** What is at `file` (not followed): absent, or a regular file; a symlink, folder or device is refused. */
export async function fileState(file: string, shown: string): Promise<FileState> {
  const st = await lstatOrNull(file);
  if (!st) return { kind: 'absent' };
  if (st.isSymbolicLink()) throw symlinkError(shown, 'files');
  if (st.isDirectory()) throw new MemoryFileError('invalid_input', `"${shown}" is a folder, not a file`);
  if (!st.isFile()) throw new MemoryFileError('invalid_input', `"${shown}" is not a regular file`);
  return { kind: 'file', size: st.size, mtimeMs: st.mtimeMs };
}

/**
 * Reads a regular file, refusing a symlink at the last step (O_NOFOLLOW), a FIFO or device
 * (O_NONBLOCK, then fstat) and one over `maxBytes`.
 */
export async function readRegular(file: string, shown: string, maxBytes: number): Promise<Buffer> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK);
  } catch (e) {
    if (errno(e) === 'ELOOP') throw symlinkError(shown, 'files');
    throw e;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new MemoryFileError('invalid_input', `"${shown}" is not a regular file`);
    if (st.size > maxBytes) {
      const details = { size_bytes: st.size, max_file_bytes: maxBytes };
      const message = `"${shown}" is ${st.size} bytes, over the ${maxBytes}-byte file limit`;
      throw new MemoryFileError('invalid_input', message, details);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
