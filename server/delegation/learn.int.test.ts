import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { delegationSessions, delegationTasks } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import type { TaskOutcome } from './hub.ts';
import { recordTaskOutcome } from './learn.ts';

/** A delegated task's outcome reaches get_skill_reliability: the evidence the Planner and the workers read. */

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const DIARIZE = 'skill://gpt4o-diarize@1.0.0';
const SESSION = 'session-learn';

interface Report {
  skill: string;
  capability: string | null;
  all_time: { capability: string | null; n_success: number; n_failures: number; p50_latency_ms: number | null };
  recent: { n_success: number; n_failures: number };
  trend: Array<{ n_success: number; n_failures: number }>;
  recent_failures: Array<{ run_id: string; state: string; error: string | null; at: string }>;
}

describe(`recordTaskOutcome (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: ToolServices;
  const completedAt = new Date(Date.now() - 60_000).toISOString();
  const outcome = (over: Partial<TaskOutcome>): TaskOutcome => ({
    session_id: SESSION,
    task_id: 'task-1',
    companion_id: 'companion-1',
    status: 'succeeded',
    skills_used: [],
    failed_skill: null,
    duration_s: 95,
    error: null,
    completed_at: completedAt,
    ...over,
  });
  const reliability = async (skill: string): Promise<Report> => {
    const r = await invokeTool(findTool('get_skill_reliability')!, { skill }, { actor: systemActor('test'), services });
    if (r.status !== 'ok') throw new Error(r.error);
    return (r as unknown as { skills: Report[] }).skills[0]!;
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    services = { config: testConfig(), db: async () => h.db };
    await h.db.insert(delegationSessions).values({
      id: SESSION,
      conductorId: 'conductor-1',
      platform: 'local',
      sessionContextBlockId: 'b1',
      delegationLogBlockId: 'b2',
      guidelinesBlockId: 'b3',
      poolMax: 4,
    });
    const plan = [
      { step: 'transcribe', skill: WHISPER, tool: 'transcribe_audio', args: {}, result: 'transcript' },
      { step: 'diarise', skill: DIARIZE, tool: 'diarize_transcript', args: {}, result: 'speakers' },
    ];
    await h.db.insert(delegationTasks).values([
      {
        sessionId: SESSION,
        taskId: 'task-1',
        companionId: 'companion-1',
        description: 'Transcribe and diarise',
        skillsRequired: [WHISPER, DIARIZE],
        context: { plan },
        status: 'failed',
      },
      {
        sessionId: SESSION,
        taskId: 'task-2',
        companionId: 'companion-1',
        description: 'Transcribe',
        skillsRequired: [WHISPER],
        status: 'succeeded',
      },
    ]);
  });
  afterAll(() => h?.dispose());

  it('a failed task: its failed skill counts one failure (shown by task and plan step), the other skill a success', async () => {
    const before = await reliability(WHISPER);
    expect(before.all_time).toMatchObject({ capability: null, n_success: 0, n_failures: 0 });

    const failed = outcome({
      status: 'failed',
      skills_used: [WHISPER, DIARIZE],
      failed_skill: WHISPER,
      error: 'TimeoutError: no answer in 120 s',
    });
    const learnt = await recordTaskOutcome(services, failed);
    expect(learnt).toMatchObject({ applied: 3, pending: 0 });
    expect(learnt.uses.map((u) => [u.skill, u.step, u.outcome, u.latency_ms])).toEqual([
      [WHISPER, 'transcribe', 'failure', null],
      [DIARIZE, 'diarise', 'success', null],
    ]);

    const whisper = await reliability(WHISPER);
    expect(whisper.all_time).toMatchObject({ capability: 'transcription', n_success: 0, n_failures: 1, p50_latency_ms: null });
    expect(whisper.recent).toMatchObject({ n_success: 0, n_failures: 1 });
    expect(whisper.trend.at(-1)).toEqual(expect.objectContaining({ n_failures: 1 }));
    expect(whisper.recent_failures).toEqual([
      { run_id: `task:${SESSION}/task-1`, state: 'transcribe', error: 'TimeoutError: no answer in 120 s', at: completedAt },
    ]);
    expect((await reliability(DIARIZE)).all_time).toMatchObject({ capability: 'diarization', n_success: 1, n_failures: 0 });

    // Told again (a replayed delivery): nothing counts twice.
    await recordTaskOutcome(services, failed);
    expect((await reliability(WHISPER)).all_time).toMatchObject({ n_success: 0, n_failures: 1 });
  });

  it('a succeeded task without a plan: its uses are successes, shown under `task`', async () => {
    const learnt = await recordTaskOutcome(services, outcome({ task_id: 'task-2', skills_used: [WHISPER] }));
    expect(learnt.uses).toMatchObject([{ skill: WHISPER, step: null, outcome: 'success' }]);
    const whisper = await reliability(WHISPER);
    expect(whisper.all_time).toMatchObject({ n_success: 1, n_failures: 1 });
    expect(whisper.recent).toMatchObject({ n_success: 1, n_failures: 1 });
  });

  it('the tasks are episodes of the session’s group in the knowledge graph', async () => {
    const r = await invokeTool(findTool('get_episodes')!, { group_ids: SESSION }, { actor: systemActor('test'), services });
    expect(r).toMatchObject({ status: 'ok' });
    const episodes = (r as unknown as { episodes: Array<{ name: string; group_id: string; content: string }> }).episodes;
    expect(episodes.map((e) => e.name).sort()).toEqual([`delegated_task ${SESSION}/task-1`, `delegated_task ${SESSION}/task-2`]);
    expect(JSON.parse(episodes.find((e) => e.name.endsWith('task-1'))!.content)).toMatchObject({
      status: 'failed',
      duration_s: 95,
      companion_id: 'companion-1',
    });
  });

  it('without a database there is nothing to learn into: it says so', async () => {
    await expect(recordTaskOutcome({ config: services.config }, outcome({ task_id: 'task-3' }))).rejects.toThrow(
      /task task-3 not learnt: .*database/,
    );
  });
});
