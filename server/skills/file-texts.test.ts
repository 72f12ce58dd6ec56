import { mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readFileText, settled } from './file-texts.ts';

const dir = await mkdtemp(join(tmpdir(), 'file-texts-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => void vi.useRealTimers());

/** A time well before now, for mtimes. */
const past = new Date(Date.now() - 3_600_000);
/** Reads from now on as an hour later: every file's last change (its ctime too) is then long settled. */
const anHourLater = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 3_600_000);
};

describe('readFileText', () => {
  it('gives the new text after a write that keeps the size and puts the mtime back', async () => {
    const path = join(dir, 'kept-mtime.json');
    await writeFile(path, '{"v":1}');
    await utimes(path, past, past);
    anHourLater();
    expect(await readFileText(path)).toBe('{"v":1}');
    expect(await readFileText(path)).toBe('{"v":1}');
    await writeFile(path, '{"v":2}'); // same size
    await utimes(path, past, past); // same mtime: only the ctime tells
    expect(await readFileText(path)).toBe('{"v":2}');
  });

  it('remembers a file only once its last change (mtime or ctime) is two seconds old: a write within its tick could keep both', () => {
    const now = 1_800_000_000_000;
    expect(settled({ mtimeMs: now - 1_000, ctimeMs: now - 1_000 }, now)).toBe(false);
    expect(settled({ mtimeMs: now - 60_000, ctimeMs: now - 1_999 }, now)).toBe(false);
    expect(settled({ mtimeMs: now - 60_000, ctimeMs: now - 2_000 }, now)).toBe(true);
  });

  it('gives the new text of a file written again while it is fresh', async () => {
    const path = join(dir, 'fresh.json');
    await writeFile(path, 'aaaa');
    expect(await readFileText(path)).toBe('aaaa');
    await writeFile(path, 'bbbb');
    expect(await readFileText(path)).toBe('bbbb');
  });

  it('gives the text of a file renamed over the one it read', async () => {
    const path = join(dir, 'replaced.json');
    await writeFile(path, 'one');
    await utimes(path, past, past);
    anHourLater();
    expect(await readFileText(path)).toBe('one');
    const other = join(dir, 'other.json');
    await writeFile(other, 'two');
    await utimes(other, past, past);
    await rename(other, path);
    expect(await readFileText(path)).toBe('two');
  });

  it('rejects as readFile does once the file is gone', async () => {
    const path = join(dir, 'gone.json');
    await writeFile(path, 'x');
    anHourLater();
    expect(await readFileText(path)).toBe('x');
    await rm(path);
    await expect(readFileText(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
