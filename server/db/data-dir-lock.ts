import { readFile, rm, writeFile } from 'node:fs/promises';

/**
 * One owner per embedded data directory (issue 29). PGlite is single-process: two processes that
 * open one directory each keep their own copy in memory, lose each other's writes and, after a
 * crash, leave files neither can open. So whoever opens a data directory first creates
 * `<dir>.lock` next to it with O_EXCL (mode 0600), holding its pid, what it is and since when; a
 * second opener is refused with an error that names the owner. A lock whose pid is no longer
 * alive (the owner crashed or was killed) is stale and taken over.
 */
export const lockFile = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.lock`;

export type LockOwner = { pid: number; role: string; command: string; since: string };

export type DataDirLock = { owner: LockOwner; release(): Promise<void> };

/** Thrown when another live process holds the directory; the message says who and how to proceed. */
export class DataDirInUseError extends Error {
  readonly code = 'data_dir_in_use';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `the embedded database at ${dataDir} is in use by ${owner.role} (pid ${owner.pid}, since ${formatSince(owner.since)}); ` +
        'stop it first or use its CLI (`npx dcf …` reaches it through its socket)',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the lock on `dataDir` for this process, or throws DataDirInUseError naming the live owner. */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  const file = lockFile(dataDir);
  const owner: LockOwner = {
    pid: process.pid,
    role,
    command: process.argv.slice(1).join(' ').slice(0, 500),
    since: new Date().toISOString(),
  };
  // Three tries: a stale lock removed here may be recreated by a racing opener, which then owns it.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o600 });
      return { owner, release: () => releaseIfOurs(file, owner) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = await readOwner(file);
    if (current && current.pid !== process.pid && alive(current.pid)) throw new DataDirInUseError(dataDir, current);
    if (current && current.pid === process.pid) throw new DataDirInUseError(dataDir, current); // opened twice in one process
    await rm(file, { force: true }); // stale (its process is gone) or unreadable half-written: take it over
  }
  const current = await readOwner(file);
  throw new DataDirInUseError(dataDir, current ?? { pid: 0, role: 'another process', command: '', since: new Date().toISOString() });
}

/** Who holds `dataDir` now (a live owner), or null. */
export async function dataDirOwner(dataDir: string): Promise<LockOwner | null> {
  const current = await readOwner(lockFile(dataDir));
  return current && alive(current.pid) ? current : null;
}

async function readOwner(file: string): Promise<LockOwner | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      role: String(parsed.role ?? 'a process'),
      command: String(parsed.command ?? ''),
      since: String(parsed.since ?? ''),
    };
  } catch {
    return null;
  }
}

async function releaseIfOurs(file: string, owner: LockOwner): Promise<void> {
  const current = await readOwner(file);
  if (current && current.pid === owner.pid && current.since === owner.since) await rm(file, { force: true });
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "12:01 28/11/2026" (local time, en-GB), as the console shows times. */
function formatSince(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'an unknown time';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())} ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}
