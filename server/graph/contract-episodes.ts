import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Episode, EpisodicNode, KnowledgeGraph, PatternEpisode, TaskEpisode, TaskSkillUse } from './port.ts';

/**
 * The contract's part for delegated tasks and the Strategist's patterns (Graphiti episodes):
 * called inside defineKnowledgeGraphContract with its graph, clock and id helpers, so it runs on
 * every adapter the contract runs on.
 */
export interface EpisodeContractContext {
  graph(): KnowledgeGraph;
  now: Date;
  /** `now` minus `days` (plus `extraMs`), as ISO. */
  ago(days: number, extraMs?: number): string;
  /** A skill URI unique to this suite run. */
  skill(name: string): string;
  /** An id unique to this suite run. */
  id(name: string): string;
  /** A workflow episode of this suite run with one state per use. */
  runEpisode(over: Partial<Episode> & { uses: Array<[string | null, 'success' | 'failure', number | null, string?]> }): Episode;
}

/** Newest valid_at first, then uuid descending: the port's episode order. */
function inEpisodeOrder(list: EpisodicNode[]): boolean {
  return list.every(
    (e, i) => i === 0 || list[i - 1]!.valid_at > e.valid_at || (list[i - 1]!.valid_at === e.valid_at && list[i - 1]!.uuid > e.uuid),
  );
}

export function defineEpisodeContract(c: EpisodeContractContext): void {
  const use = (skill: string, outcome: 'success' | 'failure', over: Partial<TaskSkillUse> = {}): TaskSkillUse => ({
    skill,
    step: null,
    outcome,
    latency_ms: null,
    error: outcome === 'failure' ? 'ToolError: upstream 503' : null,
    at: c.ago(1),
    ...over,
  });
  const task = (over: Partial<TaskEpisode> & { uses: TaskSkillUse[] }): TaskEpisode => ({
    session_id: c.id('session'),
    task_id: `task-${randomUUID().slice(0, 8)}`,
    companion_id: 'companion-1',
    status: over.uses.some((u) => u.outcome === 'failure') ? 'failed' : 'succeeded',
    duration_s: 42.5,
    error: over.uses.find((u) => u.outcome === 'failure')?.error ?? null,
    completed_at: c.ago(1),
    ...over,
  });
  const pattern = (over: Partial<PatternEpisode> = {}): PatternEpisode => ({
    uuid: randomUUID(),
    group_id: c.id('patterns'),
    name: 'Whisper fails on long calls',
    episode_body: 'Whisper timed out on 3 of 4 calls over 40 minutes; AssemblyAI did not.',
    source: 'text',
    source_description: 'strategist pattern',
    created_at: c.ago(0),
    ...over,
  });

  describe('delegated tasks (dcf-plus): uses that count in skill reliability', () => {
    it('count in the all-time counters once per task, however often the task is replayed', async () => {
      const g = c.graph();
      const s = c.skill('task-idem');
      const t = task({ uses: [use(s, 'success'), use(c.skill('task-idem-other'), 'failure')] });
      await g.recordTaskEpisode(t);
      await g.recordTaskEpisode(t);
      await Promise.all([g.recordTaskEpisode(t), g.recordTaskEpisode(t)]);
      expect(await g.skillReliability(s)).toMatchObject({ n_success: 1, n_failures: 0, success_rate: 1 });
      expect(await g.skillReliability(c.skill('task-idem-other'))).toMatchObject({ n_success: 0, n_failures: 1, failure_rate: 1 });
      expect(await g.skillReliability(s, { lastRuns: 100 })).toMatchObject({ n_success: 1, n_failures: 0 });
    });

    it('count with a run’s uses in windows (by days and last N uses), percentiles and the trend', async () => {
      const g = c.graph();
      const s = c.skill('task-mixed');
      await g.upsertSkill({ uri: s, name: 'mixed', version: '1.0.0', capability: 'transcription', tags: ['transcription'] });
      await g.recordEpisode(c.runEpisode({ finished_at: c.ago(20), uses: [[s, 'failure', 900]] }));
      await g.recordTaskEpisode(task({ completed_at: c.ago(3), uses: [use(s, 'success', { at: c.ago(3), latency_ms: 100 })] }));
      await g.recordTaskEpisode(task({ completed_at: c.ago(2), uses: [use(s, 'failure', { at: c.ago(2) })] }));
      await g.recordEpisode(c.runEpisode({ finished_at: c.ago(1), uses: [[s, 'success', 300]] }));

      expect(await g.skillReliability(s)).toMatchObject({ capability: 'transcription', n_success: 2, n_failures: 2 });
      expect(await g.skillReliability(s, { days: 7 })).toMatchObject({ n_success: 2, n_failures: 1, p50_latency_ms: 200 });
      expect(await g.skillReliability(s, { lastRuns: 2 })).toMatchObject({ n_success: 1, n_failures: 1, p50_latency_ms: 300 });
      const listed = (await g.allSkillReliability({ days: 7 })).find((r) => r.skill === s);
      expect(listed).toMatchObject({ n_success: 2, n_failures: 1 });
      expect(await g.skillTrend(s, 4, 7)).toEqual([
        { start: c.ago(28), n_success: 0, n_failures: 0, n_caller_errors: 0 },
        { start: c.ago(21), n_success: 0, n_failures: 1, n_caller_errors: 0 },
        { start: c.ago(14), n_success: 0, n_failures: 0, n_caller_errors: 0 },
        { start: c.ago(7), n_success: 2, n_failures: 1, n_caller_errors: 0 },
      ]);
    });

    it('show a failed use by `task:<session>/<task>` and its plan step among recent failures', async () => {
      const g = c.graph();
      const s = c.skill('task-failing');
      const session = c.id('session/a%b');
      await g.recordEpisode(c.runEpisode({ finished_at: c.ago(5), uses: [[s, 'failure', 10, 'old run error']] }));
      const failure = (at: string, over: Partial<TaskSkillUse>) => [use(s, 'failure', { at, ...over })];
      const stepped = task({
        session_id: session,
        task_id: 'transcribe/1',
        completed_at: c.ago(2),
        uses: failure(c.ago(2), { step: 'transcribe, diarise' }),
      });
      const unstepped = task({
        session_id: session,
        task_id: 'transcribe-2',
        completed_at: c.ago(1),
        uses: failure(c.ago(1), { error: 'no answer' }),
      });
      for (const t of [stepped, unstepped]) await g.recordTaskEpisode(t);
      const encoded = session.replace('%', '%25').replace('/', '%2F');
      expect((await g.recentFailures(s, 10)).slice(0, 2)).toEqual([
        { run_id: `task:${encoded}/transcribe-2`, state: 'task', error: 'no answer', at: c.ago(1) },
        { run_id: `task:${encoded}/transcribe%2F1`, state: 'transcribe, diarise', error: 'ToolError: upstream 503', at: c.ago(2) },
      ]);
      expect((await g.recentFailures(s, 10))[2]).toMatchObject({ state: 'S0', error: 'old run error' });
    });

    it('is an Episodic in the session’s group, with the task as its JSON content', async () => {
      const g = c.graph();
      const session = c.id('session-episodic');
      const t = task({ session_id: session, uses: [use(c.skill('task-episodic'), 'success', { latency_ms: 12.4 })] });
      await g.recordTaskEpisode(t);
      await g.recordTaskEpisode(t);
      const [e, ...more] = await g.episodes([session], 10);
      expect(more).toEqual([]);
      expect(e).toMatchObject({
        name: `delegated_task ${session}/${t.task_id}`,
        group_id: session,
        source: 'json',
        source_description: 'DCF+ delegated task',
      });
      expect([e!.valid_at, e!.created_at]).toEqual([t.completed_at, c.now.toISOString()]);
      expect(JSON.parse(e!.content)).toEqual(t);
      expect(await g.episode(e!.uuid)).toEqual(e);
      // A task without skill uses is still an episode (and counts nowhere).
      const bare = task({ session_id: session, completed_at: c.ago(0.5), uses: [] });
      await g.recordTaskEpisode(bare);
      expect((await g.episodes([session], 10)).map((x) => x.name)).toEqual([`delegated_task ${session}/${bare.task_id}`, e!.name]);
    });
  });

  describe('Strategist patterns (Graphiti add_memory / get_episodes)', () => {
    it('records a pattern once per uuid and reads it back', async () => {
      const g = c.graph();
      const p = pattern();
      await g.recordPatternEpisode(p);
      await g.recordPatternEpisode(p);
      // Insert-once: a second write under the same uuid changes nothing.
      await g.recordPatternEpisode({ ...p, episode_body: 'rewritten', name: 'other' });
      const expected: EpisodicNode = {
        uuid: p.uuid,
        name: p.name,
        group_id: p.group_id,
        source: 'text',
        source_description: p.source_description,
        content: p.episode_body,
        valid_at: p.created_at,
        created_at: p.created_at,
      };
      expect(await g.episode(p.uuid)).toEqual(expected);
      expect(await g.episodes([p.group_id], 10)).toEqual([expected]);
      expect(await g.episode(randomUUID())).toBeNull();
      expect(await g.episode('not-a-uuid')).toBeNull();
    });

    it('never overwrites a task’s or a run’s episode', async () => {
      const g = c.graph();
      const session = c.id('session-guarded');
      await g.recordTaskEpisode(task({ session_id: session, uses: [] }));
      const [taskEpisode] = await g.episodes([session], 1);
      await g.recordPatternEpisode(pattern({ uuid: taskEpisode!.uuid, group_id: session, episode_body: 'hijack' }));
      expect(await g.episode(taskEpisode!.uuid)).toEqual(taskEpisode);

      const run = c.runEpisode({ finished_at: c.ago(0, -1), uses: [] });
      await g.recordEpisode(run);
      const runEpisode = (await g.episodes(['dcf'], 100_000)).find((x) => x.name === `workflow_execution ${run.run_id}`)!;
      expect(runEpisode).toMatchObject({
        group_id: 'dcf',
        source: 'json',
        source_description: 'DCF workflow execution',
        valid_at: run.finished_at,
      });
      expect(JSON.parse(runEpisode.content)).toEqual(run);
      await g.recordPatternEpisode(pattern({ uuid: runEpisode.uuid, group_id: 'dcf', episode_body: 'hijack' }));
      expect(await g.episode(runEpisode.uuid)).toEqual(runEpisode);
    });

    it('lists the latest N of the groups asked for, newest valid_at first, then uuid', async () => {
      const g = c.graph();
      const a = c.id('group-a');
      const b = c.id('group-b');
      const tie = c.ago(3);
      const written = [
        pattern({ group_id: a, created_at: c.ago(1), valid_at: c.ago(10) }),
        pattern({ group_id: a, created_at: c.ago(1), valid_at: tie }),
        pattern({ group_id: a, created_at: c.ago(1), valid_at: tie }),
        pattern({
          group_id: b,
          created_at: c.ago(2),
          source: 'json',
          episode_body: '{"skill_preferences": {"transcription": "assemblyai"}}',
        }),
        pattern({ group_id: c.id('group-c'), created_at: c.ago(0) }),
      ];
      for (const p of written) await g.recordPatternEpisode(p);
      const [older, tieX, tieY, inB] = written;
      const [tieHigh, tieLow] = tieX!.uuid > tieY!.uuid ? [tieX!, tieY!] : [tieY!, tieX!];

      expect((await g.episodes([a, b], 10)).map((e) => e.uuid)).toEqual([inB!.uuid, tieHigh.uuid, tieLow.uuid, older!.uuid]);
      expect((await g.episodes([a, b], 2)).map((e) => e.uuid)).toEqual([inB!.uuid, tieHigh.uuid]);
      expect((await g.episodes([a], 10)).map((e) => e.uuid)).toEqual([tieHigh.uuid, tieLow.uuid, older!.uuid]);
      expect(await g.episodes([b], 10)).toMatchObject([{ source: 'json', content: inB!.episode_body, valid_at: inB!.created_at }]);
      expect(await g.episodes([], 10)).toEqual([]);
      expect(await g.episodes([c.id('group-none')], 10)).toEqual([]);

      const all = await g.episodes(null, 100_000);
      expect(inEpisodeOrder(all)).toBe(true);
      for (const p of written) expect(all.map((e) => e.uuid)).toContain(p.uuid);
    });
  });
}
