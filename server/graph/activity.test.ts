import { describe, expect, it } from 'vitest';
import { assembleActivity } from './activity.ts';
import { toReliability } from './reliability.ts';

/** How both adapters assemble `activity` from their aggregates (activity.ts). */
describe('assembleActivity', () => {
  const window = { since: '2030-06-01T00:00:00.000Z', until: '2030-06-15T12:00:00.000Z' };
  const rel = (skill: string, n_success: number, n_failures: number, n_caller_errors: number) =>
    toReliability({ skill, capability: null, n_success, n_failures, n_caller_errors, p50: null, p95: null });

  it('merges run days and use days, oldest first, and takes the totals from the window row', () => {
    const a = assembleActivity(
      window,
      [
        { day: '2030-06-14', runs: 2, succeeded: 1, failed: 1, p50: 1500, p95: 1950 },
        { day: null, runs: 3, succeeded: 2, failed: 1, p50: 1000, p95: 1900 },
        { day: '2030-06-02', runs: 1, succeeded: 1, failed: 0, p50: 500, p95: 500 },
      ],
      [
        { day: '2030-06-14', skill_calls: 4, swaps: 1, caller_errors: 0 },
        { day: '2030-06-09', skill_calls: 1, swaps: 0, caller_errors: 1 },
      ],
      [],
    );
    expect(a.days).toEqual([
      { day: '2030-06-02', runs: 1, succeeded: 1, failed: 0, p50_ms: 500, p95_ms: 500, skill_calls: 0, swaps: 0, caller_errors: 0 },
      // A day of a delegated task's use only: no runs, no durations.
      { day: '2030-06-09', runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 1, swaps: 0, caller_errors: 1 },
      { day: '2030-06-14', runs: 2, succeeded: 1, failed: 1, p50_ms: 1500, p95_ms: 1950, skill_calls: 4, swaps: 1, caller_errors: 0 },
    ]);
    // Percentiles of the window are its own row's, never a combination of the days'.
    expect(a.totals).toEqual({ runs: 3, succeeded: 2, failed: 1, p50_ms: 1000, p95_ms: 1900, skill_calls: 5, swaps: 1, caller_errors: 1 });
    expect(a).toMatchObject(window);
  });

  it('keeps the skills used in the window (a caller error is a use), by URI, and drops the unused', () => {
    const a = assembleActivity(window, [], [], [rel('skill://b@1', 0, 0, 1), rel('skill://c@1', 0, 0, 0), rel('skill://a@1', 2, 1, 0)]);
    expect(a.skills.map((s) => s.skill)).toEqual(['skill://a@1', 'skill://b@1']);
    expect(a.totals).toEqual({ runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 0, swaps: 0, caller_errors: 0 });
    expect(a.days).toEqual([]);
  });
});
