import { describe, expect, it } from 'vitest';
import { chooseArm } from './choose.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

/** A random source replaying `values`; throws if asked for more. */
const replay =
  (...values: number[]) =>
  () => {
    const v = values.shift();
    if (v === undefined) throw new Error('random drawn more often than expected');
    return v;
  };

const arms: Arm[] = [
  { id: 'skill://a', successes: 6, failures: 0 }, // 0.875
  { id: 'skill://b', successes: 0, failures: 0 }, // 0.500
  { id: 'skill://c', successes: 1, failures: 3 }, // 0.333
];

describe('EpsilonGreedy', () => {
  it('explores a uniformly drawn arm when the first draw falls below explorationRate', () => {
    const c = chooseArm(arms, { strategy: 'EpsilonGreedy' }, replay(0.05, 0.7)); // floor(0.7 · 3) = 2
    expect(c).toMatchObject({ arm: 'skill://c', strategy: 'EpsilonGreedy', explored: true });
    expect(c.scores['skill://a']).toBeCloseTo(0.875, 12);
    expect(c.rationale).toBe(
      'EpsilonGreedy explored skill://c, picked uniformly from 3 arms because the draw 0.050 fell below ' +
        'explorationRate 0.100 (its utility 0.333 against the greedy skill://a at 0.875).',
    );
  });

  it('exploits otherwise, with the greedy reason', () => {
    const c = chooseArm(arms, { strategy: 'EpsilonGreedy' }, replay(0.1));
    expect(c).toMatchObject({ arm: 'skill://a', explored: false });
    expect(c.rationale).toBe(
      'EpsilonGreedy exploited (draw 0.100 ≥ explorationRate 0.100) and chose skill://a for the highest utility 0.875 (posterior success ' +
        '0.875 from 6 successes and 0 failures, latency unknown (no cost)), ahead of skill://b at 0.500.',
    );
  });

  it('flags exploration by the branch taken, even when the random arm is the greedy one', () => {
    expect(chooseArm(arms, { strategy: 'EpsilonGreedy', explorationRate: 0.5 }, replay(0.2, 0.1))).toMatchObject({
      arm: 'skill://a',
      explored: true,
    });
  });

  it('never explores at rate 0 and always at rate 1', () => {
    for (const u of [0, 0.3, 0.999])
      expect(chooseArm(arms, { strategy: 'EpsilonGreedy', explorationRate: 0 }, replay(u)).explored).toBe(false);
    expect(chooseArm(arms, { strategy: 'EpsilonGreedy', explorationRate: 1 }, replay(0.999, 0.4)).arm).toBe('skill://b');
  });

  it('keeps the uniform pick in range even for a draw at the top of [0, 1)', () => {
    expect(chooseArm(arms, { strategy: 'EpsilonGreedy' }, replay(0, 0.9999999999)).arm).toBe('skill://c');
  });
});
