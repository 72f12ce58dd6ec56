import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EpisodeContractContext } from './contract-episodes.ts';
import type { RecordedSkillUse, TaskEpisode } from './port.ts';

/**
 * The contract's part for `skillUses` (issue 17: the policy comparison's history): every use in a
 * window, in time order, with its skill's capability and the live split's strategy. Called inside
 * defineKnowledgeGraphContract, so it runs on every adapter.
 *
 * Like the activity part, it writes into a window of its own: a September day of a random year
 * after the contract's clock (activity's are in June), so nothing else the suite writes is in it.
 */

const UNKNOWN_ADVISOR = 'AdvisorNotFound: no advisor named "John Smith"';

export function defineSkillUsesContract(c: EpisodeContractContext): void {
  const year = c.now.getUTCFullYear() + 1 + randomInt(0, 60);
  const day = 1 + randomInt(0, 27);
  const at = (utcTime: string) => `${year}-09-${String(day).padStart(2, '0')}T${utcTime}Z`;
  const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  const since = at('08:00:00.000');
  const until = at('18:00:00.000');

  describe('skillUses: the recorded uses in time order (the policy comparison’s history)', () => {
    it('returns every use in the window, both bounds included, ordered by time, run and position', async () => {
      const g = c.graph();
      const whisper = c.skill('uses-whisper');
      const assembly = c.skill('uses-assembly');
      const crm = c.skill('uses-crm');
      const unknown = c.skill('uses-never-upserted');
      const skills = [
        [whisper, 'transcription'],
        [assembly, 'transcription'],
        [crm, 'crm'],
      ] as const;
      for (const [uri, capability] of skills) {
        await g.upsertSkill({ uri, name: uri, version: '1.0.0', capability, tags: [capability] });
      }
      const run = (finished: string, uses: Parameters<typeof c.runEpisode>[0]['uses']) =>
        c.runEpisode({ workflow_id: c.id('uses'), started_at: shift(finished, -60_000), finished_at: finished, uses });
      const first = run(since, [[whisper, 'success', 900]]);
      const swapped = run(at('12:00:00.000'), [
        [whisper, 'failure', 120_000, 'TimeoutError: 120 s'],
        [crm, 'failure', 5, UNKNOWN_ADVISOR],
      ]);
      swapped.states.push({
        state: 'S0',
        skill: assembly,
        outcome: 'success',
        latency_ms: 4_000.4,
        error: null,
        attempts: 2,
        swapped_from: whisper,
        strategy: 'ThompsonSampling',
      });
      const sameInstant = run(at('12:00:00.000'), [[unknown, 'success', null]]);
      const last = run(until, [[assembly, 'failure', 300, 'ToolError: upstream 503']]);
      const task: TaskEpisode = {
        session_id: c.id('uses-session'),
        task_id: 'transcribe-1',
        companion_id: 'companion-1',
        status: 'succeeded',
        duration_s: 2,
        error: null,
        completed_at: at('15:00:00.000'),
        uses: [
          {
            skill: whisper,
            step: 'transcribe',
            outcome: 'success',
            latency_ms: 700,
            error: null,
            at: at('14:00:00.000'),
          },
        ],
      };
      const outside = [run(shift(since, -1), [[whisper, 'success', 1]]), run(shift(until, 1), [[assembly, 'success', 1]])];
      for (const e of [last, swapped, first, sameInstant, ...outside]) await g.recordEpisode(e);
      await g.recordTaskEpisode(task);
      await g.recordEpisode(swapped); // a replay adds nothing

      const use = (
        r: { run_id: string },
        seq: number,
        state: string,
        skill: string,
        capability: string | null,
        outcome: RecordedSkillUse['outcome'],
        latency_ms: number | null,
        when: string,
        strategy: string | null = null,
      ): RecordedSkillUse => ({ run_id: r.run_id, seq, state, skill, capability, outcome, latency_ms, at: when, strategy });
      const taskRun = { run_id: `task:${task.session_id}/${task.task_id}` };
      expect(await g.skillUses(since, until)).toEqual([
        use(first, 0, 'S0', whisper, 'transcription', 'success', 900, since),
        // Same instant: by run id, then position; the latency kept in whole milliseconds.
        use(swapped, 0, 'S0', whisper, 'transcription', 'failure', 120_000, at('12:00:00.000')),
        use(swapped, 1, 'S1', crm, 'crm', 'caller_error', 5, at('12:00:00.000')),
        use(swapped, 2, 'S0', assembly, 'transcription', 'success', 4_000, at('12:00:00.000'), 'ThompsonSampling'),
        use(sameInstant, 0, 'S0', unknown, null, 'success', null, at('12:00:00.000')),
        use(taskRun, 0, 'transcribe', whisper, 'transcription', 'success', 700, at('14:00:00.000')),
        use(last, 0, 'S0', assembly, 'transcription', 'failure', 300, until),
      ]);
    });

    it('leaves a null bound open and answers an empty window with no uses', async () => {
      const g = c.graph();
      const skill = c.skill('uses-open');
      const e = c.runEpisode({
        finished_at: at('20:00:00.000'),
        started_at: at('19:59:00.000'),
        uses: [[skill, 'success', 10]],
      });
      await g.recordEpisode(e);
      const mine = (list: RecordedSkillUse[]) => list.filter((u) => u.skill === skill).map((u) => u.at);
      expect(mine(await g.skillUses(at('19:00:00.000'), null))).toEqual([at('20:00:00.000')]);
      expect(mine(await g.skillUses(null, at('20:00:00.000')))).toEqual([at('20:00:00.000')]);
      expect(mine(await g.skillUses(null, at('19:59:59.999')))).toEqual([]);
      const all = await g.skillUses(null, null);
      expect(mine(all)).toEqual([at('20:00:00.000')]);
      expect(all.every((u, i) => i === 0 || all[i - 1]!.at <= u.at)).toBe(true);
      expect(await g.skillUses(`${year}-08-01T00:00:00.000Z`, `${year}-08-02T00:00:00.000Z`)).toEqual([]);
    });
  });
}
