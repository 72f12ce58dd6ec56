import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer } from './sequencer.ts';

const ROOT = '/repo';
const spec = (project: string, file: string, groupOrder = 0) =>
  ({ moduleId: path.join(ROOT, file), project: { name: project, config: { sequence: { groupOrder } } } }) as unknown as TestSpecification;

/** A sequencer over a results cache holding `durations` (ms) and file sizes (bytes), keyed `project:file`. */
function sequencer(durations: Record<string, number> = {}, sizes: Record<string, number> = {}) {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => (key in durations ? { duration: durations[key], failed: false } : undefined),
      getFileStats: (key: string) => (key in sizes ? { size: sizes[key] } : undefined),
    },
  };
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}
const order = async (s: LongestFirstSequencer, files: TestSpecification[]) =>
  (await s.sort(files)).map((f) => `${f.project.name}:${path.relative(ROOT, f.moduleId)}`);

describe('LongestFirstSequencer', () => {
  it('starts a hinted slow file (slow-files.json) before larger unhinted ones, in a fresh clone with no cache', async () => {
    const files = [spec('int-postgres', 'server/a.int.test.ts'), spec('int-services', 'cli/chat-planner.int.test.ts')];
    const sizes = { 'int-postgres:server/a.int.test.ts': 40_000, 'int-services:cli/chat-planner.int.test.ts': 6_000 };
    expect(await order(sequencer({}, sizes), files)).toEqual([
      'int-services:cli/chat-planner.int.test.ts',
      'int-postgres:server/a.int.test.ts',
    ]);
  });

  it("prefers vitest's cached durations to the hints, across projects", async () => {
    const files = [spec('int-services', 'cli/chat-planner.int.test.ts'), spec('int-pglite', 'server/b.int.test.ts')];
    const durations = { 'int-services:cli/chat-planner.int.test.ts': 5_000, 'int-pglite:server/b.int.test.ts': 90_000 };
    expect(await order(sequencer(durations), files)).toEqual([
      'int-pglite:server/b.int.test.ts',
      'int-services:cli/chat-planner.int.test.ts',
    ]);
  });

  it("keeps a project's files together, projects in the order of their longest file, and sequence.groupOrder first of all", async () => {
    const files = [
      spec('unit', 'lib/a.test.ts'),
      spec('int-postgres', 'server/c.int.test.ts'),
      spec('unit', 'lib/b.test.ts'),
      spec('int-postgres', 'server/e.int.test.ts'),
      spec('int-pglite', 'server/d.int.test.ts', -1),
    ];
    const durations = {
      'unit:lib/a.test.ts': 2_000,
      'unit:lib/b.test.ts': 30_000,
      'int-postgres:server/c.int.test.ts': 20_000,
      'int-postgres:server/e.int.test.ts': 10_000,
      'int-pglite:server/d.int.test.ts': 1,
    };
    expect(await order(sequencer(durations), files)).toEqual([
      'int-pglite:server/d.int.test.ts',
      'unit:lib/b.test.ts',
      'unit:lib/a.test.ts',
      'int-postgres:server/c.int.test.ts',
      'int-postgres:server/e.int.test.ts',
    ]);
  });
});
