import { describe, expect, it } from 'vitest';
import type { PolicyComparison } from '@/lib/planning/schemas';
import { policiesFigures } from './policies-figures';

const comparison = (over: Partial<PolicyComparison> = {}): PolicyComparison => ({
  source: 'offline_replay',
  since: null,
  until: null,
  history_decisions: 40,
  capabilities: ['transcription'],
  strategies: [
    { strategy: 'Greedy', decisions: 30, success_rate: 0.9, regret: 0.02, mean_latency_ms: 800 },
    { strategy: 'UCB', decisions: 12, success_rate: 0.75, regret: 0.17, mean_latency_ms: 950 },
  ],
  method: 'Offline replay (Li et al. 2011).',
  ...over,
});

describe('policiesFigures', () => {
  it('lists each strategy with the decisions behind its figures', () => {
    const [f] = policiesFigures(comparison());
    expect(f!.table.rows.map((r) => r.cells)).toEqual([
      { strategy: 'Greedy', decisions: 30, success_rate: 0.9, regret: 0.02, latency: 800 },
      { strategy: 'UCB', decisions: 12, success_rate: 0.75, regret: 0.17, latency: 950 },
    ]);
    expect(f!.chart).toMatchObject({ categories: ['Greedy', 'UCB'], series: [{ counts: [30, 12] }, { counts: [30, 12] }] });
  });

  it('draws nothing when no strategy has a decision, and says why for each source', () => {
    const none = comparison({
      strategies: [{ strategy: 'Greedy', decisions: 0, success_rate: null, regret: null, mean_latency_ms: null }],
    });
    expect(policiesFigures(none)[0]).toMatchObject({ chart: null, empty: expect.stringMatching(/history holds no decision/) });
    expect(policiesFigures({ ...none, source: 'live_split' })[0]!.empty).toMatch(/DCF_POLICY_SPLIT/);
  });
});
