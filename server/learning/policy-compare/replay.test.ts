import { describe, expect, it } from 'vitest';
import type { RecordedSkillUse } from '../../graph/port.ts';
import { STRATEGIES } from '../policies/index.ts';
import { capabilityHistories, historyDecisions } from './history.ts';
import { offlineReplay } from './replay.ts';

/**
 * The offline replay on small hand-checked histories: which decisions count, and the figures over
 * them, worked out by hand in the comments (posterior means under Beta(1, 1); UCB1 bounds).
 */

const A = 'skill://a@1.0.0';
const B = 'skill://b@1.0.0';
let clock = Date.parse('2030-03-01T09:00:00.000Z');
const use = (
  skill: string,
  outcome: RecordedSkillUse['outcome'],
  latency_ms: number | null = null,
  capability: string | null = 'cap',
): RecordedSkillUse => {
  clock += 1000;
  const at = new Date(clock).toISOString();
  return { run_id: `r${clock}`, seq: 0, state: 'S', skill, capability, outcome, latency_ms, at, strategy: null };
};

/** Sums of rates in floating point: equal to 12 decimals. */
const close = (x: number): number => expect.closeTo(x, 12) as number;

/** a: S F S (rate 2/3); b: S S S (rate 1, the best in hindsight). Logged alternately, a first. */
const history = () => [
  use(A, 'success', 100),
  use(B, 'success', 300),
  use(A, 'failure', 200),
  use(B, 'success', null),
  use(A, 'success', 100),
  use(B, 'success', 500),
];

describe('offline replay: hand-checked histories', () => {
  it('counts only the decisions where Greedy’s choice is the logged skill', () => {
    const r = offlineReplay(capabilityHistories(history()), ['Greedy'], 1, { trace: true });
    // 1: a 0.5 = b 0.5, tie → a = logged (counted, a 1/0 → 0.667). 2: a → logged b: discarded.
    // 3: a = logged (a 1/1 → 0.5). 4: tie → a, logged b: discarded. 5: a = logged (a 2/1 → 0.6). 6: a, logged b.
    expect(
      r
        .traces!.get('Greedy')!
        .get('cap')!
        .map((s) => [s.chosen, s.counted]),
    ).toEqual([
      [A, true],
      [A, false],
      [A, true],
      [A, false],
      [A, true],
      [A, false],
    ]);
    // Counted: a S, a F, a S. Regret per decision: 1 − 2/3. Latency: (100 + 200 + 100) / 3.
    expect(r.figures).toEqual([{ strategy: 'Greedy', decisions: 3, success_rate: 2 / 3, regret: close(1 / 3), mean_latency_ms: 400 / 3 }]);
  });

  it('computes UCB1’s bounds (untried first, then mean + sqrt(2 ln N / n) − latency cost)', () => {
    const r = offlineReplay(capabilityHistories(history()), ['UCB'], 1, { trace: true });
    // 1: both untried → a (counted). 2: b untried → b (counted). 3: N 2, both 1 + 1.177 less latency cost
    // (a 100 ms: 0, b 300 ms: 0.1) → a (counted, a 1/1, mean latency 150). 4: N 3: a 0.5 + 1.048 = 1.548,
    // b 1 + 1.482 − 0.1 = 2.382 → b (counted). 5: N 4: a 0.5 + 1.177 = 1.677, b 1 + 1.177 − 0.1 = 2.077 → b,
    // logged a: discarded. 6: b (counted).
    expect(
      r
        .traces!.get('UCB')!
        .get('cap')!
        .map((s) => [s.chosen, s.counted]),
    ).toEqual([
      [A, true],
      [B, true],
      [A, true],
      [B, true],
      [B, false],
      [B, true],
    ]);
    // Counted: a S, b S, a F, b S, b S → 4 of 5. Regret: two a decisions at 1/3.
    // Latency: (100 + 300 + 200 + 500) / 4.
    expect(r.figures).toEqual([{ strategy: 'UCB', decisions: 5, success_rate: 4 / 5, regret: close(2 / 15), mean_latency_ms: 275 }]);
  });

  it('skips caller errors, skills without a capability and capabilities with one skill', () => {
    const uses = [
      ...history(),
      use(B, 'caller_error'), // the caller's input: no decision at all
      use('skill://solo@1.0.0', 'failure', null, 'solo'), // one skill: nothing to choose
      use('skill://placeholder@1.0.0', 'success', null, null),
    ];
    const histories = capabilityHistories(uses);
    expect(histories.map((h) => [h.capability, h.arms, h.uses.length, h.best_rate])).toEqual([['cap', [A, B], 6, 1]]);
    expect(historyDecisions(histories)).toBe(6);
    expect(offlineReplay(histories, ['Greedy'], 1).figures[0]!.decisions).toBe(3);
  });

  it('answers no history with zero decisions and null figures for every strategy', () => {
    expect(offlineReplay([], STRATEGIES, 1).figures).toEqual(
      STRATEGIES.map((strategy) => ({
        strategy,
        decisions: 0,
        success_rate: null,
        regret: null,
        mean_latency_ms: null,
      })),
    );
  });

  it('computes the random strategies’ figures from exactly their counted decisions, reproducibly by seed', () => {
    const uses = Array.from({ length: 40 }, (_, i) => [
      use(A, i % 3 === 0 ? 'failure' : 'success', 100 + i),
      use(B, i % 5 === 0 ? 'failure' : 'success', 200),
    ]).flat();
    const histories = capabilityHistories(uses);
    const [h] = histories;
    for (const strategy of ['EpsilonGreedy', 'ThompsonSampling'] as const) {
      const r = offlineReplay(histories, [strategy], 7, { trace: true });
      const trace = r.traces!.get(strategy)!.get('cap')!;
      expect(trace.map((s) => [s.run_id, s.logged])).toEqual(h!.uses.map((u) => [u.run_id, u.skill]));
      expect(trace.every((s) => s.counted === (s.chosen === s.logged))).toBe(true);
      const counted = h!.uses.filter((_, i) => trace[i]!.counted);
      const rate = (s: string) => h!.rates.get(s)!;
      expect(r.figures[0]).toEqual({
        strategy,
        decisions: counted.length,
        success_rate: expect.closeTo(counted.filter((u) => u.outcome === 'success').length / counted.length, 12),
        regret: expect.closeTo(counted.reduce((x, u) => x + (h!.best_rate - rate(u.skill)), 0) / counted.length, 12),
        mean_latency_ms: expect.closeTo(counted.reduce((x, u) => x + u.latency_ms!, 0) / counted.length, 9),
      });
      expect(counted.length).toBeGreaterThan(0);
      expect(offlineReplay(histories, [strategy], 7)).toEqual({ figures: r.figures });
    }
    // Another seed draws other choices (Thompson's choices are random at every decision point).
    const traceOf = (seed: number) => offlineReplay(histories, ['ThompsonSampling'], seed, { trace: true }).traces!;
    expect(
      traceOf(7)
        .get('ThompsonSampling')!
        .get('cap')!
        .map((s) => s.chosen),
    ).not.toEqual(
      traceOf(8)
        .get('ThompsonSampling')!
        .get('cap')!
        .map((s) => s.chosen),
    );
  });
});
