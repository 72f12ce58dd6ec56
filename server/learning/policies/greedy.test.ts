import { describe, expect, it } from 'vitest';
import { chooseArm } from './choose.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

const never = () => {
  throw new Error('Greedy must not draw random numbers');
};

describe('Greedy', () => {
  it('picks the highest posterior mean under Beta(1, 1), not the highest raw rate', () => {
    // a: 8/10 raw 0.8, posterior 9/12 = 0.75; b: 3/3 raw 1.0, posterior 4/5 = 0.8.
    const arms: Arm[] = [
      { id: 'skill://a', successes: 8, failures: 2 },
      { id: 'skill://b', successes: 3, failures: 0 },
    ];
    const c = chooseArm(arms, { strategy: 'Greedy' }, never);
    expect(c).toMatchObject({ arm: 'skill://b', strategy: 'Greedy', explored: false });
    expect(c.scores['skill://a']).toBeCloseTo(0.75, 12);
    expect(c.scores['skill://b']).toBeCloseTo(0.8, 12);
    expect(c.rationale).toBe(
      'Greedy chose skill://b for the highest utility 0.800 (posterior success 0.800 from 3 successes and 0 ' +
        'failures, latency unknown (no cost)), ahead of skill://a at 0.750.',
    );
  });

  it('breaks ties towards the first arm', () => {
    const arms: Arm[] = [
      { id: 'skill://x', successes: 0, failures: 0 },
      { id: 'skill://y', successes: 0, failures: 0 },
    ];
    expect(chooseArm(arms, { strategy: 'Greedy' }).arm).toBe('skill://x');
    expect(chooseArm([...arms].reverse(), { strategy: 'Greedy' }).arm).toBe('skill://y');
  });

  it('pays latency: the slowest known arm loses latencyWeight, an unknown latency nothing', () => {
    const arms: Arm[] = [
      { id: 'skill://fast', successes: 8, failures: 2, latency_ms: 1000 }, // 0.750, cost 0
      { id: 'skill://slow', successes: 9, failures: 1, latency_ms: 3000 }, // 0.833, cost 0.1
      { id: 'skill://new', successes: 0, failures: 0, latency_ms: null }, // 0.500, cost 0
    ];
    const c = chooseArm(arms, { strategy: 'Greedy' });
    expect(c.arm).toBe('skill://fast');
    expect(c.scores['skill://slow']).toBeCloseTo(10 / 12 - 0.1, 12);
    expect(c.scores['skill://new']).toBeCloseTo(0.5, 12);
    expect(c.rationale).toContain('utility 0.750');
    expect(c.rationale).toContain('8 successes and 2 failures');
    expect(c.rationale).toContain('latency 1000 ms costing 0.000');
    expect(c.rationale).toContain('ahead of skill://slow at 0.733');

    expect(chooseArm(arms, { strategy: 'Greedy', latencyWeight: 0 }).arm).toBe('skill://slow');
    expect(chooseArm(arms, { strategy: 'Greedy', latencyWeight: 0.05 }).arm).toBe('skill://slow'); // 0.783 > 0.750
  });

  it('says so when there is only one arm', () => {
    const c = chooseArm([{ id: 'skill://only', successes: 1, failures: 1, latency_ms: 250 }], { strategy: 'Greedy' });
    expect(c.arm).toBe('skill://only');
    expect(c.rationale).toBe(
      'Greedy chose skill://only for the highest utility 0.500 (posterior success 0.500 from 1 success ' +
        'and 1 failure, latency 250 ms costing 0.000), the only arm.',
    );
  });
});
