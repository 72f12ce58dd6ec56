import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, dataDirOwner, lockDataDir, lockFile } from './data-dir-lock.ts';

/** A pid that belonged to a process that has exited (so it is dead, barring reuse). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('one owner per embedded data directory (data-dir-lock.ts, issue 29)', () => {
  const roots: string[] = [];
  const dataDir = async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dcf-lock-'));
    roots.push(root);
    return path.join(root, 'pglite');
  };
  afterAll(async () => {
    for (const r of roots) await rm(r, { recursive: true, force: true });
  });

  it('is created 0600 with pid, role and time; released, it is gone', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir, 'the console');
    expect((await stat(lockFile(dir))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'the console' });
    expect(await dataDirOwner(dir)).toMatchObject({ pid: process.pid });
    await lock.release();
    expect(await dataDirOwner(dir)).toBeNull();
  });

  it('refuses a second opener while the owner lives, naming the owner, its pid and since when', async () => {
    const dir = await dataDir();
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const since = new Date(2026, 10, 28, 12, 1).toISOString();
      await writeFile(lockFile(dir), JSON.stringify({ pid: owner.pid, role: 'the console', command: 'next start', since }));
      const refusal = await lockDataDir(dir, 'setup').catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as Error).message).toBe(
        `the embedded database at ${dir} is in use by the console (pid ${owner.pid}, since 12:01 28/11/2026); ` +
          'stop it first or use its CLI (`npx dcf …` reaches it through its socket)',
      );
      expect(JSON.parse(await readFile(lockFile(dir), 'utf8')).pid).toBe(owner.pid); // the owner's lock stays
    } finally {
      owner.kill();
    }
  });

  it('takes over a stale lock (its process is gone) and an unreadable one', async () => {
    const dir = await dataDir();
    await writeFile(
      lockFile(dir),
      JSON.stringify({ pid: await deadPid(), role: 'the console', command: '', since: new Date().toISOString() }),
    );
    const lock = await lockDataDir(dir, 'the console');
    expect(lock.owner.pid).toBe(process.pid);
    await lock.release();
    await writeFile(lockFile(dir), '{"pid": ');
    const again = await lockDataDir(dir, 'setup');
    expect(JSON.parse(await readFile(lockFile(dir), 'utf8')).role).toBe('setup');
    await again.release();
  });

  it('a release removes only its own lock', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir, 'the console');
    const other = { pid: process.pid, role: 'another', command: '', since: '2000-01-01T00:00:00.000Z' };
    await writeFile(lockFile(dir), JSON.stringify(other));
    await lock.release();
    expect(JSON.parse(await readFile(lockFile(dir), 'utf8')).role).toBe('another');
  });
});
