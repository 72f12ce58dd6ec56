import { describe, expect, it } from 'vitest';
import type { GraphActivity, KnowledgeGraph, SkillReliability } from '../graph/port.ts';
import { toReliability } from '../graph/reliability.ts';
import { leastReliableFirst, operationsOverview, rate3, shapeOperations } from './operations.ts';
import { operationsSchema } from '../contracts/dashboard-schemas.ts';

/** The Operations widget's own rules (operations.ts): window, rounding, skill order, words. */

const rel = (skill: string, n_success: number, n_failures: number, n_caller_errors = 0, p95: number | null = null): SkillReliability => {
  const capability = skill.includes('whisper') ? 'transcription' : null;
  return toReliability({ skill, capability, n_success, n_failures, n_caller_errors, p50: null, p95 });
};

const activity: GraphActivity = {
  since: '2024-10-11T12:00:00.000Z',
  until: '2024-11-10T12:00:00.000Z',
  days: [
    { day: '2024-10-27', runs: 3, succeeded: 2, failed: 1, p50_ms: 1200.5, p95_ms: 2900, skill_calls: 5, swaps: 1, caller_errors: 2 },
    { day: '2024-11-01', runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 1, swaps: 0, caller_errors: 0 },
  ],
  totals: { runs: 3, succeeded: 2, failed: 1, p50_ms: 1200.5, p95_ms: 2900, skill_calls: 6, swaps: 1, caller_errors: 2 },
  skills: [
    rel('skill://a@1', 2, 1, 0, 300),
    rel('skill://crm@1', 0, 0, 2),
    rel('skill://whisper@1', 1, 2, 0, 120_000),
    rel('skill://b@1', 1, 2),
  ],
};

describe('operations widget', () => {
  it('rounds rates to three decimals and has none without anything counted', () => {
    expect([rate3(2, 3), rate3(1, 8), rate3(0, 4), rate3(0, 0)]).toEqual([0.667, 0.125, 0, null]);
  });

  it('orders skills least reliable first: lowest rate, then more failures, then URI; caller errors only, last', () => {
    expect([...activity.skills].sort(leastReliableFirst).map((s) => s.skill)).toEqual([
      'skill://b@1',
      'skill://whisper@1',
      'skill://a@1',
      'skill://crm@1',
    ]);
    const tie = [rel('skill://y@1', 1, 1), rel('skill://x@1', 2, 2), rel('skill://z@1', 1, 1)].sort(leastReliableFirst);
    expect(tie.map((s) => s.skill)).toEqual(['skill://x@1', 'skill://y@1', 'skill://z@1']);
  });

  it('shapes the graph’s answer into the contract, caller errors in the totals and on each skill', () => {
    const w = shapeOperations(activity, 30);
    expect(operationsSchema.parse(w)).toEqual(w);
    expect(w.since).toBe(activity.since);
    // Days carry no caller errors in the contract: they are in the totals and on each skill.
    expect(w.days[0]).toEqual({
      day: '2024-10-27',
      runs: 3,
      succeeded: 2,
      failed: 1,
      p50_ms: 1200.5,
      p95_ms: 2900,
      skill_calls: 5,
      swaps: 1,
    });
    expect(w.totals).toEqual({
      runs: 3,
      succeeded: 2,
      failed: 1,
      success_rate: 0.667,
      p50_ms: 1200.5,
      p95_ms: 2900,
      skill_calls: 6,
      swaps: 1,
      caller_errors: 2,
    });
    expect(w.skills[0]).toEqual({
      skill: 'skill://b@1',
      capability: null,
      n_success: 1,
      n_failures: 2,
      n_caller_errors: 0,
      success_rate: 0.333,
      p95_latency_ms: null,
    });
    expect(w.skills[1]).toMatchObject({ skill: 'skill://whisper@1', capability: 'transcription', p95_latency_ms: 120_000 });
    expect(w.skills[3]).toMatchObject({ skill: 'skill://crm@1', n_caller_errors: 2, success_rate: null });
  });

  it('says in words what the figures are: the window by the console clock in en-GB, London time', () => {
    const { what } = shapeOperations(activity, 30);
    expect(what).toContain('Runs that finished since 11 Oct 2024, 13:00 (console clock, Europe/London; the last 30 days)');
    expect(what).toContain('3 runs, 2 succeeded, 1 failed, timed out or aborted');
    expect(what).toContain('6 skill calls');
    expect(what).toContain('1 swap to another skill');
    expect(what).toContain('2 caller errors');
    const one = shapeOperations({ ...activity, totals: { ...activity.totals, runs: 1 } }, 1);
    expect(one.what).toContain('the last 1 day), per day they finished: 1 run,');
  });

  it('asks the graph for the last N days up to now', async () => {
    const asked: Array<[string, string]> = [];
    const graph = { activity: async (since: string, until: string) => (asked.push([since, until]), { ...activity, since, until }) };
    const w = await operationsOverview(graph as unknown as KnowledgeGraph, { days: 7 }, new Date('2024-11-10T12:00:00.000Z'));
    expect(asked).toEqual([['2024-11-03T12:00:00.000Z', '2024-11-10T12:00:00.000Z']]);
    expect(w.since).toBe('2024-11-03T12:00:00.000Z');
  });
});
