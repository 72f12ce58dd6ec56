import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { chooseArm } from './choose.ts';
import { seededRandom } from './random.ts';
import { STRATEGIES, type Arm } from '../../../lib/exploit-explore.ts';
import { latencyCosts } from './utility.ts';

const arms: Arm[] = [
  { id: 'skill://a', successes: 3, failures: 1, latency_ms: 400 },
  { id: 'skill://b', successes: 1, failures: 1 },
];

describe('chooseArm', () => {
  it('rejects input outside its contract', () => {
    expect(() => chooseArm([], { strategy: 'Greedy' })).toThrow(RangeError);
    expect(() => chooseArm([arms[0]!, arms[0]!], { strategy: 'Greedy' })).toThrow(/duplicate arm id skill:\/\/a/);
    expect(() => chooseArm([{ id: 'x', successes: -1, failures: 0 }], { strategy: 'Greedy' })).toThrow(/successes/);
    expect(() => chooseArm([{ id: 'x', successes: 0, failures: NaN }], { strategy: 'Greedy' })).toThrow(/failures/);
    expect(() => chooseArm(arms, { strategy: 'EpsilonGreedy', explorationRate: 2 })).toThrow(ZodError);
  });

  it.each(STRATEGIES)('%s returns a known arm, its own name, a score per arm and a rationale', (strategy) => {
    const c = chooseArm(arms, { strategy }, seededRandom(3));
    expect(arms.map((a) => a.id)).toContain(c.arm);
    expect(c.strategy).toBe(strategy);
    expect(Object.keys(c.scores)).toEqual(['skill://a', 'skill://b']);
    expect(c.rationale).toMatch(new RegExp(`^${strategy} .*${c.arm.replace(/[/.]/g, '\\$&')}.*\\.$`));
    expect(chooseArm(arms, { strategy }, seededRandom(3))).toEqual(c); // deterministic given random
  });

  it.each(STRATEGIES)('%s ignores preferGeneralMethods (no meaning for one capability)', (strategy) => {
    for (let seed = 1; seed <= 5; seed++)
      expect(chooseArm(arms, { strategy, preferGeneralMethods: true }, seededRandom(seed))).toEqual(
        chooseArm(arms, { strategy }, seededRandom(seed)),
      );
  });

  it('accepts fractional (e.g. decayed) counts', () => {
    const c = chooseArm([{ id: 'skill://d', successes: 2.5, failures: 0.5 }], { strategy: 'Greedy' });
    expect(c.rationale).toContain('2.50 successes and 0.50 failures');
  });
});

describe('latencyCosts', () => {
  const arm = (latency_ms?: number | null): Arm => ({ id: String(latency_ms), successes: 0, failures: 0, latency_ms });

  it('normalises min–max over the known latencies, scaled by the weight', () => {
    expect(latencyCosts([arm(100), arm(300), arm(200)], 0.1)).toEqual([0, 0.1, 0.05]);
  });

  it('charges nothing for unknown or unusable latency', () => {
    expect(latencyCosts([arm(null), arm(undefined), arm(NaN), arm(-5), arm(100), arm(500)], 1)).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it('charges nothing without a spread or a weight', () => {
    expect(latencyCosts([arm(100), arm(null)], 0.1)).toEqual([0, 0]);
    expect(latencyCosts([arm(100), arm(100)], 0.1)).toEqual([0, 0]);
    expect(latencyCosts([arm(100), arm(900)], 0)).toEqual([0, 0]);
  });
});
