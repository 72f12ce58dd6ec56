import { describe, expect, it } from 'vitest';
import type { TaskOutcome } from './hub.ts';
import { planSteps, taskSkillUses } from './learn.ts';

/** Which of a delegated task's skill uses are failures, and the plan step each use is shown under. */

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const DIARIZE = 'skill://gpt4o-diarize@1.0.0';
const SCORING = 'skill://scoring@1.1.0';

const outcome = (over: Partial<TaskOutcome>): TaskOutcome => ({
  session_id: 's1',
  task_id: 't1',
  companion_id: 'c1',
  status: 'succeeded',
  skills_used: [WHISPER, DIARIZE],
  failed_skill: null,
  duration_s: 30,
  error: null,
  completed_at: '2030-01-01T10:00:00.000Z',
  ...over,
});

describe('taskSkillUses', () => {
  it('makes every use of a succeeded task a success, without a latency', () => {
    expect(taskSkillUses(outcome({}), new Map())).toEqual([
      { skill: WHISPER, step: null, outcome: 'success', latency_ms: null, error: null, at: '2030-01-01T10:00:00.000Z' },
      { skill: DIARIZE, step: null, outcome: 'success', latency_ms: null, error: null, at: '2030-01-01T10:00:00.000Z' },
    ]);
  });

  it('makes the failed skill of a failed task its one failure, with the task’s error', () => {
    const uses = taskSkillUses(outcome({ status: 'failed', failed_skill: DIARIZE, error: 'ToolError: 503' }), new Map());
    expect(uses.map((u) => [u.skill, u.outcome, u.error])).toEqual([
      [WHISPER, 'success', null],
      [DIARIZE, 'failure', 'ToolError: 503'],
    ]);
  });

  it('counts a failed skill the task did not list among its skills used, once', () => {
    const uses = taskSkillUses(
      outcome({ status: 'failed', skills_used: [WHISPER, WHISPER], failed_skill: SCORING, error: null }),
      new Map(),
    );
    expect(uses.map((u) => [u.skill, u.outcome, u.error])).toEqual([
      [WHISPER, 'success', null],
      [SCORING, 'failure', 'failed'],
    ]);
  });

  it('blames no skill when a failed task names none, and none when a succeeded task names one', () => {
    expect(taskSkillUses(outcome({ status: 'failed', error: 'the model gave up' }), new Map()).every((u) => u.outcome === 'success')).toBe(
      true,
    );
    expect(taskSkillUses(outcome({ failed_skill: WHISPER }), new Map()).every((u) => u.outcome === 'success')).toBe(true);
  });

  it('names each use by its plan steps', () => {
    const steps = new Map([[WHISPER, ['transcribe', 'transcribe again']]]);
    expect(taskSkillUses(outcome({}), steps).map((u) => u.step)).toEqual(['transcribe, transcribe again', null]);
  });
});

describe('planSteps', () => {
  it('collects the step names of each skill, nested map steps included, in plan order, once each', () => {
    const plan = [
      { step: 'transcribe', skill: WHISPER, tool: 't', args: {}, result: 'a' },
      {
        step: 'each call',
        for_each: '$.a',
        as: 'c',
        result: 'b',
        steps: [
          { step: 'diarise', skill: DIARIZE, tool: 'd', args: {}, result: 'x' },
          { step: 'transcribe', skill: WHISPER, tool: 't', args: {}, result: 'y' },
        ],
      },
      { step: 'score', skill: SCORING, tool: 's', args: {}, result: 'z' },
    ];
    expect([...planSteps(plan)]).toEqual([
      [WHISPER, ['transcribe']],
      [DIARIZE, ['diarise']],
      [SCORING, ['score']],
    ]);
  });

  it('reads nothing from what is not a plan', () => {
    for (const p of [undefined, null, 'plan', {}, [1, null, { step: 3, skill: WHISPER }]]) expect(planSteps(p).size).toBe(0);
  });
});
