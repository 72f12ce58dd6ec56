import { describe, expect, it } from 'vitest';
import { exploitExplorePolicySchema, POLICY_DEFAULTS, resolvePolicy } from './policy-schema.ts';

describe('exploitExplorePolicySchema', () => {
  it('fills the documented defaults', () => {
    expect(exploitExplorePolicySchema.parse({ strategy: 'UCB' })).toEqual({
      strategy: 'UCB',
      explorationRate: 0.1,
      temperature: 1,
      preferGeneralMethods: false,
      latencyWeight: 0.1,
      accuracyFloor: 0.8,
    });
    expect(resolvePolicy({ strategy: 'Greedy' })).toEqual({ strategy: 'Greedy', ...POLICY_DEFAULTS });
  });

  it('keeps given values and strips unknown keys (a spec policy parses unchanged)', () => {
    expect(
      exploitExplorePolicySchema.parse({ strategy: 'EpsilonGreedy', explorationRate: 0.25, preferGeneralMethods: true, note: 'x' }),
    ).toEqual({
      strategy: 'EpsilonGreedy',
      explorationRate: 0.25,
      temperature: 1,
      preferGeneralMethods: true,
      latencyWeight: 0.1,
      accuracyFloor: 0.8,
    });
  });

  it.each([
    { strategy: 'Softmax' },
    { strategy: 'EpsilonGreedy', explorationRate: 1.5 },
    { strategy: 'EpsilonGreedy', explorationRate: -0.1 },
    { strategy: 'UCB', temperature: -1 },
    { strategy: 'UCB', temperature: Infinity },
    { strategy: 'Greedy', latencyWeight: -0.1 },
    { strategy: 'Greedy', accuracyFloor: 1.01 },
    {},
  ])('rejects %j', (p) => {
    expect(exploitExplorePolicySchema.safeParse(p).success).toBe(false);
  });
});
