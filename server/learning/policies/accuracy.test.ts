import { describe, expect, it } from 'vitest';
import { chooseArm } from './choose.ts';
import { seededRandom } from './random.ts';
import { sampleBeta } from './beta.ts';
import { eligibleArms } from './utility.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

/**
 * The accuracy term (issue 34): a transcription skill's measured accuracy weighs its success
 * (reward = success × accuracy), and one measured below the floor (default 0.8) is never chosen.
 * Figures as measured on the demo calls: the hosted backends 1.0, pocketsphinx about 0.5.
 */
const whisper: Arm = { id: 'skill://whisper', successes: 8, failures: 2, latency_ms: 900, accuracy: 1 };
const pocketsphinx: Arm = { id: 'skill://pocketsphinx', successes: 0, failures: 0, latency_ms: null, accuracy: 0.52 };
const STRATEGIES = ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const;

describe('the accuracy floor', () => {
  it('keeps the arms measured at or above it and those not measured, drops the rest', () => {
    const unmeasured: Arm = { id: 'skill://crm', successes: 1, failures: 0 };
    const atFloor: Arm = { ...whisper, id: 'skill://at', accuracy: 0.8 };
    expect(eligibleArms([whisper, pocketsphinx, unmeasured, atFloor], 0.8).map((a) => a.id)).toEqual([
      'skill://whisper',
      'skill://crm',
      'skill://at',
    ]);
    expect(eligibleArms([pocketsphinx], 0)).toEqual([pocketsphinx]);
  });

  it.each(STRATEGIES)('%s never chooses a low-accuracy arm, not even untried (where UCB and ε-greedy explore first)', (strategy) => {
    for (let seed = 1; seed <= 40; seed++) {
      // Rate 1: ε-greedy explores on every draw, so only the floor keeps pocketsphinx out.
      const c = chooseArm([pocketsphinx, whisper], { strategy, explorationRate: 1 }, seededRandom(seed));
      expect(c.arm).toBe('skill://whisper');
      expect(Object.keys(c.scores)).toEqual(['skill://whisper']);
    }
  });

  it('without the floor, UCB explores the untried arm first — what the floor prevents', () => {
    expect(chooseArm([whisper, pocketsphinx], { strategy: 'UCB', accuracyFloor: 0 })).toMatchObject({
      arm: 'skill://pocketsphinx',
      explored: true,
    });
  });

  it('refuses a choice when every arm is below the floor, and an accuracy outside [0, 1]', () => {
    expect(() => chooseArm([pocketsphinx], { strategy: 'Greedy' })).toThrow(/no arm has an accuracy at or above the floor 0.8/);
    expect(() => chooseArm([{ ...whisper, accuracy: 1.2 }], { strategy: 'Greedy' })).toThrow(/accuracy must be a number in \[0, 1\]/);
    expect(() => chooseArm([{ ...whisper, accuracy: NaN }], { strategy: 'Greedy' })).toThrow(RangeError);
  });
});

describe('reward = success × accuracy', () => {
  const exact: Arm = { id: 'skill://exact', successes: 8, failures: 2, accuracy: 1 };
  const sloppy: Arm = { id: 'skill://sloppy', successes: 9, failures: 1, accuracy: 0.85 };

  it('Greedy weighs the posterior success by accuracy and says so', () => {
    const c = chooseArm([sloppy, exact], { strategy: 'Greedy' });
    // 10/12 × 0.85 = 0.708 against 9/12 × 1 = 0.750: the more reliable skill that mishears more loses.
    expect(c.scores['skill://sloppy']).toBeCloseTo((10 / 12) * 0.85, 12);
    expect(c.scores['skill://exact']).toBeCloseTo(9 / 12, 12);
    expect(c.arm).toBe('skill://exact');
    expect(c.rationale).toContain('posterior success 0.750 × accuracy 1.000 from 8 successes');
    // Unmeasured, the same counts would win: accuracy is what changed the choice.
    const unmeasured = chooseArm(
      [
        { ...sloppy, accuracy: null },
        { ...exact, accuracy: undefined },
      ],
      { strategy: 'Greedy' },
    );
    expect(unmeasured.arm).toBe('skill://sloppy');
    expect(unmeasured.rationale).not.toContain('accuracy');
  });

  it('UCB weighs the empirical mean, not the exploration bonus', () => {
    const c = chooseArm([sloppy, exact], { strategy: 'UCB' });
    const bonus = Math.sqrt((2 * Math.log(20)) / 10);
    expect(c.scores['skill://sloppy']).toBeCloseTo(0.9 * 0.85 + bonus, 12);
    expect(c.scores['skill://exact']).toBeCloseTo(0.8 + bonus, 12);
    expect(c.arm).toBe('skill://exact');
    expect(c.rationale).toContain('(8 of 10) × accuracy 1.000 + bonus');
  });

  it('ThompsonSampling weighs each posterior draw', () => {
    const c = chooseArm([sloppy, exact], { strategy: 'ThompsonSampling' }, seededRandom(11));
    const r = seededRandom(11);
    const draws = [sampleBeta(10, 2, r), sampleBeta(9, 3, r)];
    expect(c.scores['skill://sloppy']).toBeCloseTo(draws[0]! * 0.85, 12);
    expect(c.scores['skill://exact']).toBeCloseTo(draws[1]!, 12);
    expect(c.rationale).toContain(`from Beta(${c.arm === 'skill://exact' ? '9, 3' : '10, 2'}) × accuracy`);
  });
});
