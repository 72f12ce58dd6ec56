import { describe, expect, it } from 'vitest';
import { batches, callerErrorsBySkill } from './caller-error-correction.ts';
import { episodicFields, placeholderSkill, skillCounts, skillUses, stableUuid, useOutcome } from './episode-facts.ts';
import { isoString, sortLineageEdges, sortLineageNodes } from './ordering.ts';
import type { Episode, TaskEpisode } from './port.ts';
import { toReliability, windowBounds } from './reliability.ts';
import { graphWriteSchema } from './schemas.ts';
import { taskEpisodicFields, taskRunId, taskSkillUses } from './task-facts.ts';
import { bucketTrend, trendRange } from './trend.ts';

/** The pure helpers both adapters share. */

const NOW = new Date('2030-06-15T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('trend buckets', () => {
  it('splits [now - buckets × days, now] into contiguous buckets, oldest first, now in the last', () => {
    const uses = [
      { at: at('2030-06-01T12:00:00.000Z'), outcome: 'success' }, // exactly the start: first bucket
      { at: at('2030-06-08T11:59:59.999Z'), outcome: 'failure' }, // last ms of the first bucket
      { at: at('2030-06-08T12:00:00.000Z'), outcome: 'success' }, // start of the second
      { at: NOW, outcome: 'failure' }, // now: last bucket
      { at: at('2030-06-01T11:59:59.999Z'), outcome: 'success' }, // before the range
      { at: at('2030-06-15T12:00:00.001Z'), outcome: 'success' }, // after now
    ];
    expect(bucketTrend(uses, NOW, 2, 7)).toEqual([
      { start: '2030-06-01T12:00:00.000Z', n_success: 1, n_failures: 1, n_caller_errors: 0 },
      { start: '2030-06-08T12:00:00.000Z', n_success: 1, n_failures: 1, n_caller_errors: 0 },
    ]);
  });

  it("counts caller errors apart from the skill's failures", () => {
    const uses = [
      { at: at('2030-06-14T12:00:00.000Z'), outcome: 'caller_error' },
      { at: at('2030-06-14T12:00:00.000Z'), outcome: 'failure' },
      { at: at('2030-06-14T12:00:00.000Z'), outcome: 'caller_error' },
    ];
    expect(bucketTrend(uses, NOW, 1, 7)).toEqual([{ start: '2030-06-08T12:00:00.000Z', n_success: 0, n_failures: 1, n_caller_errors: 2 }]);
  });

  it('accepts fractional bucket sizes and rejects impossible ones', () => {
    expect(trendRange(NOW, 4, 0.25).from.toISOString()).toBe('2030-06-14T12:00:00.000Z');
    expect(() => trendRange(NOW, 0, 7)).toThrow(RangeError);
    expect(() => trendRange(NOW, 1.5, 7)).toThrow(RangeError);
    expect(() => trendRange(NOW, 3, 0)).toThrow(RangeError);
  });
});

describe('reliability', () => {
  it('has null rates without uses, exact rates otherwise', () => {
    const none = { skill: 's', capability: null, n_success: 0, n_failures: 0, n_caller_errors: 0, p50: null, p95: null };
    expect(toReliability(none)).toMatchObject({ success_rate: null, failure_rate: null });
    // Caller errors are no uses of the skill: they never make a rate.
    expect(toReliability({ ...none, n_caller_errors: 4 })).toMatchObject({ n_caller_errors: 4, success_rate: null, failure_rate: null });
    expect(toReliability({ skill: 's', capability: 'c', n_success: 19, n_failures: 1, n_caller_errors: 7, p50: 1, p95: 2 })).toEqual({
      skill: 's',
      capability: 'c',
      n_success: 19,
      n_failures: 1,
      n_caller_errors: 7,
      success_rate: 0.95,
      failure_rate: 0.05,
      p50_latency_ms: 1,
      p95_latency_ms: 2,
    });
  });

  it('turns a window into bounds', () => {
    expect(windowBounds(undefined, NOW)).toEqual({ since: null, limit: null });
    expect(windowBounds({ days: 7 }, NOW)).toEqual({ since: at('2030-06-08T12:00:00.000Z'), limit: null });
    expect(windowBounds({ lastRuns: 20 }, NOW)).toEqual({ since: null, limit: 20 });
    expect(windowBounds({ days: 0.5, lastRuns: 3 }, NOW)).toEqual({ since: at('2030-06-15T00:00:00.000Z'), limit: 3 });
  });
});

describe('episode facts', () => {
  const e: Episode = {
    run_id: 'run-1',
    workflow_id: 'w',
    workflow_version: '1',
    workflow_name: 'W',
    status: 'SUCCEEDED',
    started_at: '2030-01-01T00:00:00Z',
    finished_at: '2030-01-01T00:01:00Z',
    states: [
      { state: 'A', skill: 'skill://x@1.0.0', outcome: 'failure', latency_ms: 5, error: 'boom', attempts: 3 },
      { state: 'B', skill: null, outcome: 'success', latency_ms: null, error: null, attempts: 1 },
      {
        state: 'A',
        skill: 'skill://y@2.0.0',
        outcome: 'success',
        latency_ms: 7,
        error: null,
        attempts: 1,
        swapped_from: 'skill://x@1.0.0',
        strategy: 'UCB',
      },
      { state: 'C', skill: 'skill://x@1.0.0', outcome: 'success', latency_ms: 8.6, error: null, attempts: 1 },
    ],
  };

  it('makes one use per state with a skill, numbered by position in the run', () => {
    expect(skillUses(e).map((u) => [u.seq, u.state, u.skill, u.swapped_from, u.latency_ms, u.strategy])).toEqual([
      [0, 'A', 'skill://x@1.0.0', null, 5, null],
      // The live split's strategy that chose the skill travels with its use.
      [2, 'A', 'skill://y@2.0.0', 'skill://x@1.0.0', 7, 'UCB'],
      [3, 'C', 'skill://x@1.0.0', null, 9, null],
    ]);
    expect(skillCounts(skillUses(e))).toEqual([
      { uri: 'skill://x@1.0.0', n_success: 1, n_failures: 1, n_caller_errors: 0 },
      { uri: 'skill://y@2.0.0', n_success: 1, n_failures: 0, n_caller_errors: 0 },
    ]);
  });

  it('records a failure caused by the caller as a caller error, counted apart', () => {
    const caller = { ...e.states[0]!, error: 'AdvisorNotFound: no advisor named "John Smith"' };
    const uses = skillUses({ ...e, states: [caller, e.states[3]!] });
    expect(uses.map((u) => u.outcome)).toEqual(['caller_error', 'success']);
    expect(skillCounts(uses)).toEqual([{ uri: 'skill://x@1.0.0', n_success: 1, n_failures: 0, n_caller_errors: 1 }]);
    expect(useOutcome('failure', 'TimeoutError: late')).toBe('failure');
    expect(useOutcome('failure', null)).toBe('failure');
    expect(useOutcome('success', 'AdvisorNotFound')).toBe('success');
    expect(useOutcome('caller_error', 'whatever the writer said')).toBe('caller_error');
  });

  it('gives the Graphiti episode a stable RFC 4122 uuid and the run as JSON content', () => {
    const f = episodicFields(e);
    expect(f.uuid).toBe(episodicFields({ ...e }).uuid);
    expect(f.uuid).not.toBe(episodicFields({ ...e, run_id: 'run-2' }).uuid);
    expect(f.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(f.mention_uuid).not.toBe(f.uuid);
    expect(JSON.parse(f.content)).toEqual(e);
    expect(f).toMatchObject({ group_id: 'dcf', source: 'json', valid_at: e.finished_at });
    expect(stableUuid('a')).not.toBe(stableUuid('b'));
  });

  it('names a skill known only by URI', () => {
    expect(placeholderSkill('skill://whisper-transcribe@1.0.0')).toEqual({ name: 'whisper-transcribe', version: '1.0.0' });
    expect(placeholderSkill('mcp://odd')).toEqual({ name: 'mcp://odd', version: '' });
  });
});

describe('task facts', () => {
  const t: TaskEpisode = {
    session_id: 's1',
    task_id: 't1',
    companion_id: 'c1',
    status: 'failed',
    duration_s: 3,
    error: 'boom',
    completed_at: '2030-01-01T00:05:00.000Z',
    uses: [
      { skill: 'skill://x@1.0.0', step: 'fetch', outcome: 'failure', latency_ms: 10.6, error: 'boom', at: '2030-01-01T00:05:00.000Z' },
      { skill: 'skill://y@1.0.0', step: null, outcome: 'success', latency_ms: null, error: null, at: '2030-01-01T00:04:00.000Z' },
    ],
  };

  it('keys a task by both ids, percent-encoding `/` and `%` so different tasks never share a key', () => {
    expect(taskRunId(t)).toBe('task:s1/t1');
    expect(taskRunId({ session_id: 'a/b', task_id: 'c' })).toBe('task:a%2Fb/c');
    expect(taskRunId({ session_id: 'a', task_id: 'b/c' })).toBe('task:a/b%2Fc');
    expect(taskRunId({ session_id: '50%', task_id: '2F' })).toBe('task:50%25/2F');
    expect(taskRunId({ session_id: '50%2F', task_id: 'x' })).not.toBe(taskRunId({ session_id: '50/', task_id: 'x' }));
  });

  it('makes one use per entry, in order, under its step (or `task`), latency in whole ms', () => {
    expect(taskSkillUses(t).map((u) => [u.seq, u.state, u.skill, u.outcome, u.latency_ms, u.attempts, u.at])).toEqual([
      [0, 'fetch', 'skill://x@1.0.0', 'failure', 11, 1, '2030-01-01T00:05:00.000Z'],
      [1, 'task', 'skill://y@1.0.0', 'success', null, 1, '2030-01-01T00:04:00.000Z'],
    ]);
  });

  it("records a task's failure caused by the caller as a caller error", () => {
    const error = 'step fetch (skill://x@1.0.0 get): InvalidArguments: start_date 2024-07-08 is after end_date 2024-07-01';
    const uses = taskSkillUses({ ...t, error, uses: [{ ...t.uses[0]!, error }] });
    expect(uses.map((u) => u.outcome)).toEqual(['caller_error']);
  });

  it('gives the task’s episode its session as group and a uuid of its own', () => {
    const f = taskEpisodicFields(t);
    expect(f).toMatchObject({
      name: 'delegated_task s1/t1',
      group_id: 's1',
      source: 'json',
      source_description: 'DCF+ delegated task',
      valid_at: t.completed_at,
    });
    expect(f.uuid).toBe(taskEpisodicFields({ ...t, error: 'other' }).uuid);
    expect(f.uuid).not.toBe(taskEpisodicFields({ ...t, task_id: 't2' }).uuid);
    // A run whose id were the task's key would still name another episode.
    expect(f.uuid).not.toBe(episodicFields({ run_id: taskRunId(t) } as Episode).uuid);
    expect(f.mention_uuid).not.toBe(f.uuid);
    expect(JSON.parse(f.content)).toEqual(t);
  });
});

describe('the caller-error correction', () => {
  it("picks the recorded failures that are the caller's, by skill", () => {
    const f = (run_id: string, seq: number, skill: string, error: string | null) => ({ run_id, seq, skill, error });
    expect(
      callerErrorsBySkill([
        f('r1', 0, 'skill://sf@2', 'AdvisorNotFound: no advisor named "J"'),
        f('r1', 1, 'skill://w@1', 'TimeoutError: late'),
        f('r2', 0, 'skill://sf@2', 'InvalidArguments: start after end'),
        f('task:s/t', 0, 'skill://w@1', 'step t (skill://w@1 transcribe): RecordingNotFound: no recording'),
        f('r3', 0, 'skill://w@1', null),
      ]),
    ).toEqual(
      new Map([
        [
          'skill://sf@2',
          [
            { run_id: 'r1', seq: 0 },
            { run_id: 'r2', seq: 0 },
          ],
        ],
        ['skill://w@1', [{ run_id: 'task:s/t', seq: 0 }]],
      ]),
    );
  });

  it('cuts the work into bounded batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
  });
});

describe('ordering', () => {
  it('orders nodes by (created_at, workflow_id, version) and edges by (from, to, kind), bytewise', () => {
    const n = (workflow_id: string, version: string, created_at: string) => ({ workflow_id, version, name: '', created_at });
    expect(
      sortLineageNodes([n('b', '1', 't1'), n('a', '2', 't1'), n('a', '10', 't1'), n('z', '1', 't0')]).map(
        (x) => `${x.workflow_id}@${x.version}`,
      ),
    ).toEqual(['z@1', 'a@10', 'a@2', 'b@1']);
    const r = (workflow_id: string) => ({ workflow_id, version: '1' });
    expect(
      sortLineageEdges([
        { kind: 'VERSION_OF', from: r('b'), to: r('a') },
        { kind: 'REFINEMENT_OF', from: r('b'), to: r('a') },
        { kind: 'VERSION_OF', from: r('B'), to: r('a') },
      ]).map((e) => `${e.from.workflow_id}-${e.kind}`),
    ).toEqual(['B-VERSION_OF', 'b-REFINEMENT_OF', 'b-VERSION_OF']);
  });

  it('normalises timestamps to ISO UTC with milliseconds', () => {
    expect(isoString('2030-01-01T02:00:00+02:00')).toBe('2030-01-01T00:00:00.000Z');
    expect(isoString(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('outbox items', () => {
  it('accept the six kinds and reject anything else', () => {
    expect(
      graphWriteSchema.safeParse({
        kind: 'link',
        payload: { kind: 'REFINEMENT_OF', child: { workflow_id: 'a', version: '1' }, parent: { workflow_id: 'b', version: '1' } },
      }).success,
    ).toBe(true);
    expect(
      graphWriteSchema.safeParse({
        kind: 'link',
        payload: { kind: 'PARENT_OF', child: { workflow_id: 'a', version: '1' }, parent: { workflow_id: 'b', version: '1' } },
      }).success,
    ).toBe(false);
    expect(graphWriteSchema.safeParse({ kind: 'delete', payload: {} }).success).toBe(false);
    const pattern = {
      uuid: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
      group_id: 'g',
      name: 'n',
      episode_body: 'b',
      source: 'text',
      source_description: '',
      created_at: '2030-01-01T00:00:00Z',
    };
    expect(graphWriteSchema.safeParse({ kind: 'pattern_episode', payload: pattern }).success).toBe(true);
    expect(graphWriteSchema.safeParse({ kind: 'pattern_episode', payload: { ...pattern, uuid: pattern.uuid.toUpperCase() } }).success).toBe(
      false,
    );
    expect(graphWriteSchema.safeParse({ kind: 'pattern_episode', payload: { ...pattern, source: 'xml' } }).success).toBe(false);
    const task = {
      session_id: 's',
      task_id: 't',
      companion_id: 'c',
      status: 'succeeded',
      duration_s: 1,
      error: null,
      completed_at: '2030-01-01T00:00:00Z',
      uses: [],
    };
    expect(graphWriteSchema.safeParse({ kind: 'task_episode', payload: task }).success).toBe(true);
    expect(graphWriteSchema.safeParse({ kind: 'task_episode', payload: { ...task, status: 'cancelled' } }).success).toBe(false);
    const use = { skill: 'skill://x@1.0.0', step: null, latency_ms: null, error: 'AdvisorNotFound', at: '2030-01-01T00:00:00Z' };
    expect(
      graphWriteSchema.safeParse({ kind: 'task_episode', payload: { ...task, uses: [{ ...use, outcome: 'caller_error' }] } }).success,
    ).toBe(true);
    expect(graphWriteSchema.safeParse({ kind: 'task_episode', payload: { ...task, uses: [{ ...use, outcome: 'oops' }] } }).success).toBe(
      false,
    );
  });
});
