import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchesAny, NO_DATABASE, PROCESS_STATE, REPLACES_MODULES } from '../vitest.config';

/**
 * The unit tier shares each worker's module graph between files (isolate: false). A unit test that
 * replaces a module or stubs a global would leak that into the files after it, so every such file
 * must be listed in REPLACES_MODULES, which runs them isolated. The database tiers of the integration
 * suite share module graphs too: there a file that also configures the process's in-process demo skills
 * server (its faults, its world) must be listed in PROCESS_STATE.
 */
const root = path.resolve(import.meta.dirname, '..');
const REPLACES = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/;
const CONFIGURES_DEMO_SERVER = /DCF_DEMO_(?:FAULTS|WORLD|SEED)|set_demo_faults/;
const tracked = (pattern: string) =>
  execFileSync('git', ['ls-files', pattern], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.startsWith('e2e/') && f !== 'scripts/vitest-isolation.test.ts');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
/** Run once in int-services, which is isolated. */
const inServicesTier = (f: string) => matchesAny(f, NO_DATABASE);

describe('unit tests that replace modules', () => {
  it('are exactly the files run isolated', () => {
    const files = tracked('*.test.ts').filter((f) => !f.endsWith('.int.test.ts'));
    const replacing = files.filter((f) => REPLACES.test(read(f)));
    expect(replacing.sort()).toEqual([...REPLACES_MODULES].sort());
  });
});

describe('integration tests that change process-wide state', () => {
  it('are exactly the database-tier files run isolated', () => {
    const files = tracked('*.int.test.ts').filter((f) => !inServicesTier(f));
    const changing = files.filter((f) => REPLACES.test(read(f)) || CONFIGURES_DEMO_SERVER.test(read(f)));
    expect(changing.sort()).toEqual([...PROCESS_STATE].sort());
  });
});
