import { describe, expect, it } from 'vitest';
import type { EpisodeContractContext } from './contract-episodes.ts';
import type { TaskEpisode } from './port.ts';

/**
 * The contract's part for caller errors (issue 15, "honest reliability"): a use that failed
 * because of its caller's input — an unknown advisor, a reversed period, arguments a tool's schema
 * refused — is recorded as a caller error and never counts as a failure of the skill: not in its
 * counters, rates, percentiles, windows, trend or recent failures. Called inside
 * defineKnowledgeGraphContract, so it runs on every adapter.
 */

const UNKNOWN_ADVISOR = 'AdvisorNotFound: no advisor named "John Smith" (known: Alex Wong, Priya Shah)';
const REVERSED = 'InvalidArguments: start_date 2024-07-08 is after end_date 2024-07-01';
const SCHEMA_REFUSAL = 'States.TaskFailed: MCP error -32602: Input validation error: Invalid arguments for tool t: expected string';

export function defineCallerErrorContract(c: EpisodeContractContext): void {
  const g = () => c.graph();

  describe('caller errors: failures caused by the caller never count against the skill', () => {
    it('leave n_success, n_failures and both rates unchanged, all time and in a window, and are counted apart', async () => {
      const s = c.skill('crm');
      await g().recordEpisode(c.runEpisode({ uses: [[s, 'success', 40]] }));
      await g().recordEpisode(c.runEpisode({ uses: [[s, 'failure', 50, 'TimeoutError: Tool call to crm timed out after 1s']] }));
      const before = await g().skillReliability(s);
      const recentBefore = await g().skillReliability(s, { days: 7, lastRuns: 50 });
      expect(before).toMatchObject({ n_success: 1, n_failures: 1, n_caller_errors: 0, failure_rate: 0.5 });

      for (const error of [UNKNOWN_ADVISOR, REVERSED, SCHEMA_REFUSAL]) {
        await g().recordEpisode(c.runEpisode({ uses: [[s, 'failure', 3, error]] }));
      }
      const after = await g().skillReliability(s);
      expect(after).toEqual({ ...before, n_caller_errors: 3 });
      expect(await g().skillReliability(s, { days: 7, lastRuns: 50 })).toEqual({ ...recentBefore, n_caller_errors: 3 });
      expect((await g().allSkillReliability()).find((r) => r.skill === s)).toEqual(after);
    });

    it("count a delegated task's caller error apart too, as the task error reports it", async () => {
      const s = c.skill('crm-task');
      const error = `step fetch (${s} get_applications_by_advisor): ${UNKNOWN_ADVISOR}`;
      const t: TaskEpisode = {
        session_id: c.id('session-caller'),
        task_id: 'task-1',
        companion_id: 'companion-1',
        status: 'failed',
        duration_s: 2,
        error,
        completed_at: c.ago(1),
        uses: [{ skill: s, step: 'fetch', outcome: 'failure', latency_ms: null, error, at: c.ago(1) }],
      };
      await g().recordTaskEpisode(t);
      await g().recordTaskEpisode(t); // replayed: counted once
      expect(await g().skillReliability(s)).toMatchObject({ n_success: 0, n_failures: 0, n_caller_errors: 1, failure_rate: null });
      expect(await g().skillReliability(s, { days: 7 })).toMatchObject({ n_failures: 0, n_caller_errors: 1 });
    });

    it("keep a writer's own caller_error outcome", async () => {
      const s = c.skill('crm-explicit');
      const e = c.runEpisode({ uses: [[s, 'success', 10]] });
      e.states.push({ state: 'S1', skill: s, outcome: 'caller_error', latency_ms: 2, error: 'the input was wrong', attempts: 1 });
      await g().recordEpisode(e);
      expect(await g().skillReliability(s)).toMatchObject({ n_success: 1, n_failures: 0, n_caller_errors: 1, success_rate: 1 });
    });

    it("never push the skill's own uses out of a last-N window, and carry no latency into the percentiles", async () => {
      const s = c.skill('crm-window');
      for (let i = 0; i < 3; i++) {
        await g().recordEpisode(c.runEpisode({ finished_at: c.ago(3, i * 1000), uses: [[s, 'success', 100 * (i + 1)]] }));
      }
      // Newer than every success, fast (rejected at once): they would take the whole window and the percentiles.
      for (let i = 0; i < 4; i++) {
        await g().recordEpisode(c.runEpisode({ finished_at: c.ago(1, i * 1000), uses: [[s, 'failure', 1, REVERSED]] }));
      }
      const last3 = await g().skillReliability(s, { lastRuns: 3 });
      expect(last3).toMatchObject({ n_success: 3, n_failures: 0, n_caller_errors: 3, success_rate: 1 });
      expect(last3.p50_latency_ms).toBeCloseTo(200, 9);
      expect((await g().skillReliability(s)).p50_latency_ms).toBeCloseTo(200, 9);
      // The days bound applies to caller errors as well.
      expect(await g().skillReliability(s, { days: 2 })).toMatchObject({ n_success: 0, n_caller_errors: 4, success_rate: null });
      expect(await g().skillReliability(s, { days: 0.5 })).toMatchObject({ n_success: 0, n_caller_errors: 0 });
    });

    it('appear in the trend apart from failures, and in recentCallerErrors, never in recentFailures', async () => {
      const s = c.skill('crm-trend');
      const own = c.runEpisode({ finished_at: c.ago(2), uses: [[s, 'failure', 5, 'SkillError: the CRM answered 500']] });
      const caller = c.runEpisode({
        finished_at: c.ago(1),
        uses: [
          [null, 'success', null],
          [s, 'failure', 5, UNKNOWN_ADVISOR],
        ],
      });
      for (const e of [own, caller]) await g().recordEpisode(e);
      expect(await g().skillTrend(s, 1, 7)).toEqual([{ start: c.ago(7), n_success: 0, n_failures: 1, n_caller_errors: 1 }]);
      expect(await g().recentFailures(s, 10)).toEqual([
        { run_id: own.run_id, state: 'S0', error: 'SkillError: the CRM answered 500', at: c.ago(2) },
      ]);
      expect(await g().recentCallerErrors(s, 10)).toEqual([{ run_id: caller.run_id, state: 'S1', error: UNKNOWN_ADVISOR, at: c.ago(1) }]);
    });

    it('correctCallerErrors finds nothing among uses recorded as they are now, and a second pass changes nothing', async () => {
      const s = c.skill('crm-correct');
      await g().recordEpisode(
        c.runEpisode({
          uses: [
            [s, 'failure', 5, UNKNOWN_ADVISOR],
            [s, 'failure', 5, 'TimeoutError: late'],
          ],
        }),
      );
      const before = await g().skillReliability(s);
      await g().correctCallerErrors();
      expect(await g().correctCallerErrors()).toBe(0);
      expect(await g().skillReliability(s)).toEqual(before);
      expect(before).toMatchObject({ n_failures: 1, n_caller_errors: 1 });
    });
  });
}
