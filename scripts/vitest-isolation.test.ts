import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLACES_MODULES } from '../vitest.config';

/**
 * The unit tier shares each worker's module graph between files (isolate: false). A unit test that
 * replaces a module or stubs a global would leak that into the files after it, so every such file
 * must be listed in REPLACES_MODULES, which runs them isolated.
 */
const root = path.resolve(import.meta.dirname, '..');
const REPLACES = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/;

describe('unit tests that replace modules', () => {
  it('are exactly the files run isolated', () => {
    const files = execFileSync('git', ['ls-files', '*.test.ts'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.endsWith('.int.test.ts') && !f.startsWith('e2e/') && f !== 'scripts/vitest-isolation.test.ts');
    const replacing = files.filter((f) => REPLACES.test(readFileSync(path.join(root, f), 'utf8')));
    expect(replacing.sort()).toEqual([...REPLACES_MODULES].sort());
  });
});
