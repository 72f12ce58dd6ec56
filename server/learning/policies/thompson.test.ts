import { describe, expect, it } from 'vitest';
import { sampleBeta } from './beta.ts';
import { chooseArm } from './choose.ts';
import { seededRandom } from './random.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

const arms: Arm[] = [
  { id: 'skill://a', successes: 7, failures: 3, latency_ms: 200 },
  { id: 'skill://b', successes: 0, failures: 0 },
  { id: 'skill://c', successes: 2, failures: 6, latency_ms: 1200 },
];
const policy = { strategy: 'ThompsonSampling' } as const;

describe('ThompsonSampling', () => {
  it('scores each arm by one Beta(1 + s, 1 + f) draw, in arm order, minus latency cost', () => {
    const replay = seededRandom(11);
    const draws = arms.map((a) => sampleBeta(1 + a.successes, 1 + a.failures, replay));
    const c = chooseArm(arms, policy, seededRandom(11));
    expect(c.scores).toEqual({ 'skill://a': draws[0], 'skill://b': draws[1], 'skill://c': draws[2]! - 0.1 });
    const best = Object.entries(c.scores).sort((x, y) => y[1] - x[1])[0]![0];
    expect(c.arm).toBe(best);
  });

  it('is deterministic given the random source', () => {
    for (const seed of [1, 2, 3]) expect(chooseArm(arms, policy, seededRandom(seed))).toEqual(chooseArm(arms, policy, seededRandom(seed)));
  });

  it('follows overwhelming evidence', () => {
    const clear: Arm[] = [
      { id: 'skill://bad', successes: 0, failures: 500 },
      { id: 'skill://good', successes: 500, failures: 0 },
    ];
    for (let seed = 1; seed <= 50; seed++)
      expect(chooseArm(clear, policy, seededRandom(seed))).toMatchObject({ arm: 'skill://good', explored: false });
  });

  it('flags a draw that overturns Greedy as exploration and names the numbers', () => {
    const seed = Array.from({ length: 100 }, (_, i) => i + 1).find((s) => chooseArm(arms, policy, seededRandom(s)).arm === 'skill://b');
    expect(seed).toBeDefined(); // an untried arm wins often: P(Beta(1,1) > Beta(8,4)) ≈ 1/3
    const c = chooseArm(arms, policy, seededRandom(seed!));
    expect(c.explored).toBe(true);
    const score = c.scores['skill://b']!.toFixed(3);
    expect(c.rationale).toMatch(
      new RegExp(
        `^ThompsonSampling chose skill://b for the highest score ${score}, its draw ${score} from Beta\\(1, 1\\) ` +
          `minus latency cost 0\\.000, ahead of skill://\\w at \\d\\.\\d{3}\\.$`,
      ),
    );
  });

  it('names the posterior of the chosen arm', () => {
    const c = chooseArm([{ id: 'skill://a', successes: 7, failures: 3 }], policy, seededRandom(1));
    expect(c.rationale).toContain('from Beta(8, 4)');
    expect(c.rationale).toContain(c.scores['skill://a']!.toFixed(3));
  });
});
