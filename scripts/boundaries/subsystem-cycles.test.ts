import { describe, expect, it } from 'vitest';
import { subsystemCycles, subsystemOf } from './subsystem-cycles';

describe('subsystemOf', () => {
  it.each([
    ['server/execution/runtime.ts', 'server/execution'],
    ['server/config.ts', 'server'],
    ['components/qa/queue/queue-page.tsx', 'components/qa'],
    ['app/api/trpc/[trpc]/route.ts', 'app'],
    ['lib/semver.ts', 'lib'],
    ['node_modules/zod/index.js', null],
  ])('%s → %s', (file, expected) => expect(subsystemOf(file)).toBe(expected));
});

describe('subsystemCycles', () => {
  it('finds a two-subsystem cycle made by modules in different folders of each', () => {
    const cycles = subsystemCycles([
      { from: 'server/execution/skill-choice.ts', to: 'server/learning/policies/index.ts' },
      { from: 'server/learning/run-episode.ts', to: 'server/execution/episode.ts' },
      { from: 'server/tools/x.ts', to: 'server/execution/runtime.ts' },
    ]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.subsystems).toEqual(['server/execution', 'server/learning']);
    expect(cycles[0]!.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'server/execution>server/learning',
      'server/learning>server/execution',
    ]);
  });

  it('finds a longer cycle and ignores edges inside one subsystem', () => {
    const cycles = subsystemCycles([
      { from: 'server/app/a.ts', to: 'server/trpc/b.ts' },
      { from: 'server/trpc/b.ts', to: 'server/mcp/c.ts' },
      { from: 'server/mcp/c.ts', to: 'server/app/d.ts' },
      { from: 'server/app/d.ts', to: 'server/app/a.ts' },
    ]);
    expect(cycles.map((c) => c.subsystems)).toEqual([['server/app', 'server/mcp', 'server/trpc']]);
  });

  it('reports nothing for a layered graph', () => {
    expect(
      subsystemCycles([
        { from: 'server/tools/t.ts', to: 'server/execution/e.ts' },
        { from: 'server/execution/e.ts', to: 'server/engine/x.ts' },
        { from: 'server/tools/t.ts', to: 'server/engine/x.ts' },
        { from: 'components/qa/q.tsx', to: 'lib/uk-time.ts' },
      ]),
    ).toEqual([]);
  });
});
