import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, entryOutput, freshBuild, importCached } from './bundle-cache.mjs';

type Probe = Record<string, unknown>;

/** The `dcf` build cache (cli/bundle-cache.mjs) on a small TypeScript entry in a temporary project. */
describe('the dcf build cache', () => {
  let root: string;
  const cache = () => path.join(root, 'node_modules', '.cache', 'dcf');
  const entry = () => path.join(root, 'main.ts');
  const touch = (file: string, offsetMs: number) => {
    const when = new Date(Date.now() + offsetMs);
    return utimes(path.join(root, file), when, when);
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dcf-bundle-'));
    await writeFile(path.join(root, 'part.ts'), 'export const part: number = 41;\n');
    await writeFile(
      path.join(root, 'a-later.ts'),
      "(globalThis as Record<string, unknown>).dcfLaterLoaded = true;\nexport const later = 'x';\n",
    );
    await writeFile(
      entry(),
      "import { part } from './part.ts';\n" +
        '(globalThis as Record<string, unknown>).dcfBundleTest = part + 1;\n' +
        "export const load = () => import('./a-later.ts');\n",
    );
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds the entry and its imports, splits at a dynamic import (loaded only when called), and runs it', async () => {
    (globalThis as Probe).dcfLaterLoaded = false;
    expect(await importCached(root, entry(), cache())).toBe(true);
    expect((globalThis as Probe).dcfBundleTest).toBe(42);
    expect((globalThis as Probe).dcfLaterLoaded).toBe(false);
    const stamp = JSON.parse(await readFile(path.join(cache(), 'current.json'), 'utf8')) as { inputs: string[]; dir: string };
    expect(stamp.inputs.sort()).toEqual(['a-later.ts', 'main.ts', 'part.ts']);
    expect((await readdir(path.join(cache(), stamp.dir))).length).toBeGreaterThan(1);
    expect(freshBuild(cache(), root)).toMatch(/main\.mjs$/);
  });

  it('is stale when an input is newer than the build or gone, or when there is no build', async () => {
    expect(freshBuild(cache(), root)).toBeNull();
    const first = await build(root, entry(), cache());
    expect(freshBuild(cache(), root)).toBe(first);
    await touch('part.ts', 60_000);
    expect(freshBuild(cache(), root)).toBeNull();
    await touch('part.ts', -60_000);
    const second = await build(root, entry(), cache());
    expect(second).not.toBe(first);
    expect(freshBuild(cache(), root)).toBe(second);
    await rm(path.join(root, 'a-later.ts'));
    expect(freshBuild(cache(), root)).toBeNull();
  });

  it('a source that does not build leaves the caller to load it another way', async () => {
    await writeFile(path.join(root, 'part.ts'), 'export const part = ;\n');
    expect(await build(root, entry(), cache())).toBeNull();
    expect(await importCached(root, entry(), cache())).toBe(false);
  });

  it("finds the entry's own output, not a dynamically imported module's chunk listed before it", () => {
    const outputs = {
      'b/run-eval-X.mjs': { entryPoint: 'cli/commands/eval.ts' },
      'b/chunk-Y.mjs': {},
      'b/main.mjs': { entryPoint: 'cli/main.ts' },
    };
    expect(entryOutput(outputs, path.join('cli', 'main.ts'))).toBe('b/main.mjs');
    expect(entryOutput(outputs, 'cli/other.ts')).toBeUndefined();
  });
});
