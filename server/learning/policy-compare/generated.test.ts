import { describe, expect, it } from 'vitest';
import { simulate, STRATEGIES, type StrategyName } from '../policies/index.ts';
import { capabilityHistories, historyDecisions } from './history.ts';
import { offlineReplay } from './replay.ts';
import { generateHistory, type HistorySpec } from './testing/generated-history.ts';

/**
 * The offline replay on a generated history (testing/generated-history.ts): two capabilities with
 * three and two skills of known success probabilities, 3 000 uses each, logged by a uniformly
 * random logger — the logging under which Li et al.'s evaluator is unbiased. Six seeds.
 */

const CAPABILITIES: HistorySpec['capabilities'] = [
  // The best skill is not the first by URI, so a strategy that never explores keeps a worse one.
  {
    capability: 'transcription',
    skills: [
      { uri: 'skill://a@1', p: 0.55 },
      { uri: 'skill://b@1', p: 0.7 },
      { uri: 'skill://c@1', p: 0.9 },
    ],
  },
  {
    capability: 'scoring',
    skills: [
      { uri: 'skill://x@1', p: 0.6 },
      { uri: 'skill://y@1', p: 0.8 },
    ],
  },
];
const USES = 3_000;
const SEEDS = [1, 2, 3, 4, 5, 6];
const runs = SEEDS.map((seed) => {
  const spec = { seed, uses: USES, capabilities: CAPABILITIES, callerErrorRate: 0.05 };
  const histories = capabilityHistories(generateHistory(spec));
  return { seed, histories, replay: offlineReplay(histories, STRATEGIES, seed, { trace: true }) };
});
const figure = (r: (typeof runs)[number], s: StrategyName) => r.replay.figures.find((f) => f.strategy === s)!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanRegret = (s: StrategyName) => mean(runs.map((r) => figure(r, s).regret!));

describe('offline replay on a generated, uniformly logged history', { timeout: 30_000 }, () => {
  it('counts about one decision in K per capability, whatever the strategy (the logger matched 1 in K)', () => {
    for (const r of runs) {
      const available = historyDecisions(r.histories);
      // Caller errors (5 %) are no decisions.
      expect(available).toBeGreaterThan(2 * USES * 0.93);
      const expected = r.histories.reduce((n, h) => n + h.uses.length / h.arms.length, 0);
      // Binomial counts: the standard deviation is under 40 here; 5 of them.
      for (const f of r.replay.figures) {
        expect(Math.abs(f.decisions - expected), `${r.seed} ${f.strategy}`).toBeLessThan(200);
      }
    }
  });

  it('keeps every regret between 0 and the widest gap, and orders the strategies by how they explore', () => {
    for (const r of runs)
      for (const f of r.replay.figures) {
        expect(f.regret).toBeGreaterThanOrEqual(0);
        expect(f.regret).toBeLessThanOrEqual(0.4);
      }
    // Thompson sampling's exploration fades as its posteriors narrow: less regret than the other explorers on
    // every seed (Greedy, which never explores, does better only on a seed where the skill it tried first
    // happened to be the best).
    for (const r of runs) {
      for (const other of ['EpsilonGreedy', 'UCB'] as const) {
        expect(figure(r, 'ThompsonSampling').regret, `${r.seed} ${other}`).toBeLessThan(figure(r, other).regret!);
      }
      expect(figure(r, 'ThompsonSampling').regret).toBeLessThan(0.02);
      expect(figure(r, 'UCB').regret).toBeLessThan(0.05);
    }
    // Greedy never explores, so on some seeds it keeps a worse skill it tried first: the most regret on average.
    for (const other of ['EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const) {
      expect(meanRegret('Greedy')).toBeGreaterThan(meanRegret(other));
    }
    // EpsilonGreedy never stops exploring: its regret stays above half its floor, rate × the mean gap of a
    // uniform pick.
    const floor = (0.1 * (1000 * ((0.35 + 0.2) / 3) + 1500 * (0.2 / 2))) / 2500;
    for (const r of runs) expect(figure(r, 'EpsilonGreedy').regret).toBeGreaterThan(floor / 2);
  });

  it('agrees with an online run of the same strategy on the true probabilities (unbiased evaluator here)', () => {
    for (const s of ['EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const) {
      const online = runs.map((r) => {
        let successes = 0;
        let rounds = 0;
        for (const c of CAPABILITIES) {
          const counted = r.replay
            .traces!.get(s)!
            .get(c.capability)!
            .filter((x) => x.counted).length;
          const ordered = [...c.skills].sort((a, b) => (a.uri < b.uri ? -1 : 1));
          const probabilities = ordered.map((k) => k.p);
          const run = simulate({ probabilities, policy: { strategy: s }, rounds: counted, seed: r.seed + 100 });
          successes += run.arms.reduce((n, a) => n + a.successes, 0);
          rounds += counted;
        }
        return successes / rounds;
      });
      // Per seed both are rates over ~2 400 Bernoulli outcomes (sd under 0.01 each); the means over six seeds agree.
      expect(Math.abs(mean(runs.map((r) => figure(r, s).success_rate!)) - mean(online)), s).toBeLessThan(0.02);
    }
  });

  it('gives the same figures for the same seed and history', () => {
    const [r] = runs;
    const history = generateHistory({ seed: 1, uses: USES, capabilities: CAPABILITIES, callerErrorRate: 0.05 });
    const again = offlineReplay(capabilityHistories(history), STRATEGIES, 1);
    expect(again.figures).toEqual(r!.replay.figures);
  });
});
