import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { londonDayStart } from '../../lib/uk-time.ts';
import type { EpisodeContractContext } from './contract-episodes.ts';
import type { Episode, GraphActivity, SkillReliability, TaskEpisode } from './port.ts';

/**
 * The contract's part for `activity` (the dashboard's Operations): runs and skill uses per
 * Europe/London day between two instants, totals, and the skills used. Called inside
 * defineKnowledgeGraphContract, so it runs on every adapter.
 *
 * `activity` counts everything in its window, not only what one test wrote, so this part writes
 * into a window of its own: a June day of a random year after the contract's clock (in British
 * Summer Time, so a run at 23:30 UTC is on the next London day). Nothing else in the contract
 * writes after its clock; on a shared Neo4j, two suite runs collide only if they draw the same day.
 */

const DAY = 86_400_000;
const UNKNOWN_ADVISOR = 'AdvisorNotFound: no advisor named "John Smith"';
/** Percentiles are interpolated in floating point by each store: equal to 6 decimals. */
const p = (ms: number | null): number | null => (ms === null ? null : (expect.closeTo(ms, 6) as number));
type Three = [number, number, number];
type Two = [number | null, number | null];
const runs = ([runs, succeeded, failed]: Three, [p50, p95]: Two) => ({ runs, succeeded, failed, p50_ms: p(p50), p95_ms: p(p95) });
const uses = ([skill_calls, swaps, caller_errors]: Three) => ({ skill_calls, swaps, caller_errors });
/** A skill's reliability over the window: [successes, failures, caller errors], [success, failure rate], [p50, p95]. */
const used = (skill: string, [n_success, n_failures, n_caller_errors]: Three, [success_rate, failure_rate]: Two, [p50, p95]: Two) =>
  ({
    skill,
    capability: null,
    n_success,
    n_failures,
    n_caller_errors,
    success_rate,
    failure_rate,
    p50_latency_ms: p(p50),
    p95_latency_ms: p(p95),
  }) satisfies SkillReliability;

export function defineActivityContract(c: EpisodeContractContext): void {
  const year = c.now.getUTCFullYear() + 1 + randomInt(0, 60);
  const first = 1 + randomInt(0, 18); // days first … first + 2 of June
  const day = (n: number) => `${year}-06-${String(first + n).padStart(2, '0')}`;
  const at = (n: number, utcTime: string) => `${day(n)}T${utcTime}Z`;
  const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  const since = londonDayStart(day(0)); // 23:00 UTC the evening before
  const until = shift(londonDayStart(day(2)), 12 * 3_600_000); // noon in London on day 2

  const score = c.skill('ops-score');
  const whisper = c.skill('ops-whisper');
  const assembly = c.skill('ops-assembly');
  const crm = c.skill('ops-crm');
  const outside = c.skill('ops-outside');

  /** A run that finished at `finished`, having run `ms` milliseconds. */
  const run = (status: Episode['status'], finished: string, ms: number, uses: Parameters<typeof c.runEpisode>[0]['uses'] = []) =>
    c.runEpisode({ workflow_id: c.id('ops'), status, started_at: shift(finished, -ms), finished_at: finished, uses });

  describe('activity: runs and skill uses per London day (the dashboard’s Operations)', () => {
    it('counts runs, outcomes, duration percentiles, skill calls, swaps and caller errors per day and over the window', async () => {
      const g = c.graph();
      const swapped = run('SUCCEEDED', at(0, '23:30:00.000'), 120_000, [[whisper, 'failure', 120_000, 'TimeoutError: 120 s']]);
      swapped.states.push({
        state: 'S1',
        skill: assembly,
        outcome: 'success',
        latency_ms: 4_000,
        error: null,
        attempts: 1,
        swapped_from: whisper,
      });
      const task: TaskEpisode = {
        session_id: c.id('ops-session'),
        task_id: 'score-1',
        companion_id: 'companion-1',
        status: 'succeeded',
        duration_s: 3,
        error: null,
        completed_at: at(1, '12:00:00.000'),
        uses: [{ skill: score, step: 'score', outcome: 'success', latency_ms: 200, error: null, at: at(1, '12:00:00.000') }],
      };
      const written = [
        run('ABORTED', since, 10_000), // exactly at `since`: in the window, on day 0 (00:00 in London)
        run('SUCCEEDED', at(0, '09:00:00.000'), 60_000, [[score, 'success', 100]]),
        swapped, // 00:30 in London: day 1
        run('FAILED', at(1, '10:00:00.000'), 30_000, [
          [crm, 'failure', 5, UNKNOWN_ADVISOR],
          [score, 'failure', 300],
        ]),
        run('TIMED_OUT', at(1, '11:00:00.000'), 300_000),
        run('SUCCEEDED', until, 1_000), // exactly at `until`: in the window
        // Outside the window by a millisecond either side: counted nowhere.
        run('FAILED', shift(since, -1), 5, [
          [outside, 'failure', 1],
          [score, 'failure', 1],
        ]),
        run('FAILED', shift(until, 1), 5, [
          [outside, 'failure', 1],
          [score, 'failure', 1],
        ]),
      ];
      for (const e of written) await g.recordEpisode(e);
      await g.recordTaskEpisode(task);
      await g.recordEpisode(written[1]!); // a replay changes nothing

      const a = await g.activity(since, until);
      const expected: GraphActivity = {
        since,
        until,
        days: [
          // Durations 10 s and 60 s: p95 = 10 000 + 0.95 × 50 000.
          { day: day(0), ...runs([2, 1, 1], [35_000, 57_500]), ...uses([1, 0, 0]) },
          // 30 s, 120 s, 300 s: p95 = 120 000 + 0.9 × 180 000. Uses: 2 of the swap, 2 of the failed run, 1 of the task.
          { day: day(1), ...runs([3, 1, 2], [120_000, 282_000]), ...uses([5, 1, 1]) },
          { day: day(2), ...runs([1, 1, 0], [1_000, 1_000]), ...uses([0, 0, 0]) },
        ],
        // 1, 10, 30, 60, 120, 300 s: p50 = 45 000; p95 = 120 000 + 0.75 × 180 000.
        totals: { ...runs([6, 3, 3], [45_000, 255_000]), ...uses([6, 1, 1]) },
        skills: [
          used(assembly, [1, 0, 0], [1, 0], [4_000, 4_000]),
          used(crm, [0, 0, 1], [null, null], [null, null]),
          // 100, 200 (the task's), 300 ms: p95 = 200 + 0.9 × 100.
          used(score, [2, 1, 0], [2 / 3, 1 / 3], [200, 290]),
          used(whisper, [0, 1, 0], [0, 1], [120_000, 120_000]),
        ],
      };
      expect(a).toEqual(expected);

      // A narrower window, 10:00 to 11:00 UTC on day 1 (less a millisecond): percentiles and skills follow it.
      const later = await g.activity(at(1, '09:59:59.999'), at(1, '11:00:00.000'));
      expect(later.days).toEqual([{ day: day(1), ...runs([2, 0, 2], [165_000, 286_500]), ...uses([2, 0, 1]) }]);
      expect(later.totals).toEqual({ ...runs([2, 0, 2], [165_000, 286_500]), ...uses([2, 0, 1]) });
      expect(later.skills.map((s) => [s.skill, s.n_success, s.n_failures, s.n_caller_errors])).toEqual([
        [crm, 0, 0, 1],
        [score, 0, 1, 0],
      ]);
    });

    it('answers a window without runs or uses with no days, zero totals and no skills', async () => {
      const from = londonDayStart(`${year}-05-01`);
      expect(await c.graph().activity(from, shift(from, DAY))).toEqual({
        since: from,
        until: shift(from, DAY),
        days: [],
        totals: { runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 0, swaps: 0, caller_errors: 0 },
        skills: [],
      });
    });
  });
}
