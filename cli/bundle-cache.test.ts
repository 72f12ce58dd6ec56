import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBundle, importCached, isFresh } from './bundle-cache.mjs';

/** The `dcf` bundle cache (cli/bundle-cache.mjs) on a two-file TypeScript entry in a temporary project. */
describe('the dcf bundle cache', () => {
  let root: string;
  const out = () => path.join(root, 'node_modules', '.cache', 'dcf', 'dcf.mjs');
  const entry = () => path.join(root, 'main.ts');
  const touch = (file: string, offsetMs: number) => {
    const when = new Date(Date.now() + offsetMs);
    return utimes(path.join(root, file), when, when);
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dcf-bundle-'));
    await writeFile(path.join(root, 'part.ts'), 'export const part: number = 41;\n');
    await writeFile(entry(), "import { part } from './part.ts';\n(globalThis as Record<string, unknown>).dcfBundleTest = part + 1;\n");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds one bundle of the entry and its imports, and runs it', async () => {
    expect(await importCached(root, entry(), out())).toBe(true);
    expect((globalThis as Record<string, unknown>).dcfBundleTest).toBe(42);
    const stamp = JSON.parse(await readFile(`${out()}.json`, 'utf8')) as { inputs: string[] };
    expect(stamp.inputs.sort()).toEqual(['main.ts', 'part.ts']);
    expect(isFresh(`${out()}.json`, root)).toBe(true);
  });

  it('is stale when an input is newer than the build or gone, or when there is no stamp', async () => {
    expect(isFresh(`${out()}.json`, root)).toBe(false);
    expect(await buildBundle(root, entry(), out())).toBe(true);
    await touch('part.ts', 60_000);
    expect(isFresh(`${out()}.json`, root)).toBe(false);
    await touch('part.ts', -60_000);
    expect(await buildBundle(root, entry(), out())).toBe(true);
    expect(isFresh(`${out()}.json`, root)).toBe(true);
    await rm(path.join(root, 'part.ts'));
    expect(isFresh(`${out()}.json`, root)).toBe(false);
  });

  it('a source that does not build leaves the caller to load it another way', async () => {
    await writeFile(path.join(root, 'part.ts'), 'export const part = ;\n');
    expect(await buildBundle(root, entry(), out())).toBe(false);
    expect(await importCached(root, entry(), out())).toBe(false);
  });
});
