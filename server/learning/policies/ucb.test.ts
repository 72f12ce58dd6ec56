import { describe, expect, it } from 'vitest';
import { chooseArm } from './choose.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

describe('UCB', () => {
  it('tries untried arms first, the cheapest by latency, scoring them Infinity', () => {
    const arms: Arm[] = [
      { id: 'skill://a', successes: 5, failures: 5, latency_ms: 300 },
      { id: 'skill://b', successes: 0, failures: 0, latency_ms: 500 },
      { id: 'skill://c', successes: 0, failures: 0, latency_ms: 100 },
    ];
    const c = chooseArm(arms, { strategy: 'UCB' });
    expect(c).toMatchObject({ arm: 'skill://c', strategy: 'UCB', explored: true });
    expect(c.scores['skill://b']).toBe(Infinity);
    expect(c.rationale).toBe(
      'UCB chose skill://c because it is untried (0 pulls, latency cost 0.000) and UCB1 tries each of the 2 ' +
        'untried of 3 arms once before comparing bounds, with 10 pulls so far.',
    );
    expect(chooseArm(arms, { strategy: 'UCB', latencyWeight: 0 }).arm).toBe('skill://b'); // ties → first
  });

  it('scores mean + c·sqrt(2 ln N / n) − latency cost and explores the uncertain arm', () => {
    const arms: Arm[] = [
      { id: 'skill://known', successes: 60, failures: 20 },
      { id: 'skill://fresh', successes: 1, failures: 1 },
    ];
    const lnN = Math.log(82);
    const c = chooseArm(arms, { strategy: 'UCB' });
    expect(c.scores['skill://known']).toBeCloseTo(0.75 + Math.sqrt((2 * lnN) / 80), 12);
    expect(c.scores['skill://fresh']).toBeCloseTo(0.5 + Math.sqrt((2 * lnN) / 2), 12);
    expect(c).toMatchObject({ arm: 'skill://fresh', explored: true }); // Greedy would take `known`
    expect(c.rationale).toBe(
      'UCB chose skill://fresh for the highest bound 2.599 = mean 0.500 (1 of 2) + bonus 2.099 (c 1.000, ' +
        'N 82) − latency cost 0.000, ahead of skill://known at 1.082.',
    );
  });

  it('takes its exploration constant from temperature; 0 is greedy on the empirical mean', () => {
    const arms: Arm[] = [
      { id: 'skill://known', successes: 60, failures: 20 },
      { id: 'skill://fresh', successes: 1, failures: 1 },
    ];
    const c = chooseArm(arms, { strategy: 'UCB', temperature: 0 });
    expect(c).toMatchObject({ arm: 'skill://known', explored: false, scores: { 'skill://known': 0.75, 'skill://fresh': 0.5 } });
    expect(chooseArm(arms, { strategy: 'UCB', temperature: 0.1 }).arm).toBe('skill://known'); // 0.75 + 0.033 vs 0.5 + 0.210
  });

  it('subtracts latency cost from the bound', () => {
    const arms: Arm[] = [
      { id: 'skill://slow', successes: 50, failures: 50, latency_ms: 9000 },
      { id: 'skill://fast', successes: 48, failures: 52, latency_ms: 1000 },
    ];
    const c = chooseArm(arms, { strategy: 'UCB', latencyWeight: 0.5 });
    expect(c.arm).toBe('skill://fast');
    expect(c.scores['skill://slow']! - c.scores['skill://fast']!).toBeCloseTo(0.02 - 0.5, 12); // equal bonuses
    expect(c.rationale).toContain('latency cost 0.000');
  });

  it('draws no random numbers', () => {
    const arms: Arm[] = [
      { id: 'skill://a', successes: 1, failures: 0 },
      { id: 'skill://b', successes: 0, failures: 1 },
    ];
    expect(
      chooseArm(arms, { strategy: 'UCB' }, () => {
        throw new Error('drawn');
      }).arm,
    ).toBe('skill://a');
  });
});
