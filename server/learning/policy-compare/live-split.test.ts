import { describe, expect, it } from 'vitest';
import type { RecordedSkillUse } from '../../graph/port.ts';
import { comparePoliciesOver } from './compare.ts';
import { capabilityHistories } from './history.ts';
import { liveSplitFigures } from './live-split.ts';

/** The live split's figures and the comparison's output, on a small hand-checked history. */

const A = 'skill://a@1.0.0';
const B = 'skill://b@1.0.0';
const C = 'skill://c@1.0.0';
let clock = Date.parse('2030-04-01T09:00:00.000Z');
const use = (
  skill: string,
  outcome: RecordedSkillUse['outcome'],
  strategy: string | null,
  latency_ms: number | null = null,
  capability = 'cap',
): RecordedSkillUse => {
  clock += 1000;
  const at = new Date(clock).toISOString();
  return { run_id: `r${clock}`, seq: 0, state: 'S', skill, capability, outcome, latency_ms, at, strategy };
};

// cap: a 1 of 4 (rate 0.25); b 3 of 4 (rate 0.75, best). other: c 1 of 2 (0.5), a 1 of 1 (1, best).
const uses = [
  use(A, 'failure', null),
  use(A, 'failure', null), // bound skill failing: no strategy chose it
  use(B, 'success', 'UCB', 100),
  use(A, 'success', 'ThompsonSampling', 300),
  use(B, 'success', 'ThompsonSampling', 200),
  use(B, 'failure', 'UCB', null),
  use(A, 'failure', 'UCB', 500),
  use(B, 'success', 'Softmax'),
  use(B, 'caller_error', 'UCB'), // the caller's input: no decision
  use(C, 'failure', null, null, 'other'),
  use(C, 'success', 'ThompsonSampling', 50, 'other'),
  use(A, 'success', 'UCB', 10, 'other'),
];

describe('the live split’s figures', () => {
  it('count, per strategy, the outcomes of the skills it chose, with regret against the best in hindsight', () => {
    const figures = liveSplitFigures(capabilityHistories(uses), ['UCB', 'ThompsonSampling', 'Greedy']);
    expect(figures).toEqual([
      // UCB: cap b S, b F, a F; other a S. Regret: 0, 0, 0.5, 0. Latency: 100, 500, 10.
      { strategy: 'UCB', decisions: 4, success_rate: 0.5, regret: 0.125, mean_latency_ms: 610 / 3 },
      // Thompson: cap a S, b S; other c S. Regret: 0.5, 0, 0.5. Latency: 300, 200, 50.
      { strategy: 'ThompsonSampling', decisions: 3, success_rate: 1, regret: 1 / 3, mean_latency_ms: 550 / 3 },
      { strategy: 'Greedy', decisions: 0, success_rate: null, regret: null, mean_latency_ms: null },
    ]);
  });

  it('are reported with the window, the decisions available, the capabilities and the method', () => {
    const input = {
      source: 'live_split' as const,
      since: null,
      until: '2030-04-02T00:00:00Z',
      capability: null,
      strategies: ['UCB' as const],
      seed: 1,
    };
    const c = comparePoliciesOver(uses, input, ['UCB', 'ThompsonSampling']);
    expect(c).toMatchObject({
      source: 'live_split',
      since: null,
      until: '2030-04-02T00:00:00Z',
      history_decisions: 11,
      capabilities: ['cap', 'other'],
      strategies: [{ strategy: 'UCB', decisions: 4 }],
    });
    expect(c.method).toContain('DCF_POLICY_SPLIT is UCB,ThompsonSampling');
    expect(c.method).toContain('11 decisions');
    expect(comparePoliciesOver(uses, input, null).method).toContain('DCF_POLICY_SPLIT is not set now');
    const replay = comparePoliciesOver(uses, { ...input, source: 'offline_replay', seed: 42 }, null);
    expect(replay.method).toMatch(/^Offline replay \(Li et al\. 2011\) over 11 decisions/);
    expect(replay.method).toContain('seed 42');
    expect(replay.method).toContain('Indicative only');
  });

  it('keep to one capability when asked: its decisions and figures as among all', () => {
    const input = {
      source: 'live_split' as const,
      since: null,
      until: null,
      capability: 'other',
      strategies: ['UCB' as const, 'ThompsonSampling' as const],
      seed: 1,
    };
    // other: c F (no strategy), c S (Thompson, regret 0.5, 50 ms), a S (UCB, regret 0, 10 ms).
    expect(comparePoliciesOver(uses, input, null)).toMatchObject({
      history_decisions: 3,
      capabilities: ['other'],
      strategies: [
        { strategy: 'UCB', decisions: 1, success_rate: 1, regret: 0, mean_latency_ms: 10 },
        { strategy: 'ThompsonSampling', decisions: 1, success_rate: 1, regret: 0.5, mean_latency_ms: 50 },
      ],
    });
    expect(comparePoliciesOver(uses, input, null).method).toContain('3 decisions (the skill uses of the capability other');
    const unknown = comparePoliciesOver(uses, { ...input, capability: 'nothing' }, null);
    expect(unknown).toMatchObject({ history_decisions: 0, capabilities: [] });
    expect(unknown.method).toContain('the capability nothing (fewer than two skills used: nothing to compare)');
  });
});
