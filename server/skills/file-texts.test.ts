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

/** Writes `text` to `name` in the test folder with its mtime an hour back; returns its path. */
async function writtenLongAgo(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  await utimes(path, past, past);
  return path;
}

describe('readFileText', () => {
  it('gives the new text after a write that keeps the size and puts the mtime back', async () => {
    const path = await writtenLongAgo('kept-mtime.json', '{"v":1}');
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
    const path = await writtenLongAgo('replaced.json', 'one');
    anHourLater();
    expect(await readFileText(path)).toBe('one');
    await rename(await writtenLongAgo('other.json', 'two'), path);
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
