import neo4j from 'neo4j-driver';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KnowledgeGraph } from '../port.ts';
import type { RecordingDriver } from './recording-driver.ts';
import * as S from './statements.ts';
import { answers, DATA_STATEMENTS, NOW, recordingGraph } from './testing-fake-driver.ts';

/**
 * The Neo4j adapter's reads against a recording fake driver: LIMITs and windows as sent, and
 * answers mapped back to the port's shapes, activity included.
 */

describe('Neo4j adapter (recording driver): reads', { timeout: 30_000 }, () => {
  let driver: RecordingDriver;
  let g: KnowledgeGraph;
  beforeEach(() => {
    ({ driver, g } = recordingGraph());
  });

  it('sends LIMITs as integers and windows as bounds', async () => {
    await g.recentFailures('u', 5);
    await g.executions({ workflow_id: 'w', version: '1' }, 7);
    await g.skillReliability('u', { days: 7, lastRuns: 3 });
    await g.skillReliability('u');
    const [rf, ex, win, all] = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(neo4j.isInt(rf!.parameters.limit as never) && String(rf!.parameters.limit)).toBe('5');
    expect(String(ex!.parameters.limit)).toBe('7');
    // A reliability window has no upper bound (until: only activity reads set one).
    expect(win!.parameters).toMatchObject({ uri: 'u', since: '2030-06-08T12:00:00.000Z', until: null });
    expect(String(win!.parameters.limit)).toBe('3');
    expect(all!.parameters.since).toBeNull();
    expect(neo4j.isInt(all!.parameters.limit as never)).toBe(true);
  });

  it('maps answers to the port shapes (Integers, epoch milliseconds, null rates)', async () => {
    expect(await g.skillReliability('skill://x@1.0.0')).toEqual({
      skill: 'skill://x@1.0.0',
      capability: 'transcription',
      n_success: 9,
      n_failures: 1,
      n_caller_errors: 4,
      success_rate: 0.9,
      failure_rate: 0.1,
      p50_latency_ms: 550,
      p95_latency_ms: 955,
    });
    expect(await g.skillReliability('skill://x@1.0.0', { days: 7 })).toMatchObject({
      n_success: 3,
      n_failures: 1,
      n_caller_errors: 2,
      success_rate: 0.75,
    });
    driver.respond = () => [];
    expect(await g.skillReliability('skill://unknown@1.0.0')).toMatchObject({ n_success: 0, success_rate: null, capability: null });
    driver.respond = answers;
    expect(await g.skillTrend('u', 2, 7)).toEqual([
      { start: '2030-06-01T12:00:00.000Z', n_success: 0, n_failures: 1, n_caller_errors: 0 },
      { start: '2030-06-08T12:00:00.000Z', n_success: 1, n_failures: 0, n_caller_errors: 0 },
    ]);
    expect(await g.recentFailures('u', 1)).toEqual([
      { run_id: 'r1', state: 'Transcribe', error: 'TimeoutError', at: '2030-06-14T12:00:00.000Z' },
    ]);
    expect(await g.recentCallerErrors('u', 1)).toEqual([
      { run_id: 'r2', state: 'Fetch', error: 'AdvisorNotFound: no advisor', at: '2030-06-14T12:00:00.000Z' },
    ]);
    expect(await g.lineage('a')).toEqual({
      nodes: [
        { workflow_id: 'a', version: '1', name: 'A', created_at: '2030-01-01T00:00:00.000Z' },
        { workflow_id: 'b', version: '1', name: 'B', created_at: '2030-01-02T00:00:00.000Z' },
      ],
      edges: [{ kind: 'REFINEMENT_OF', from: { workflow_id: 'b', version: '1' }, to: { workflow_id: 'a', version: '1' } }],
    });
    expect((await g.descendants({ workflow_id: 'a', version: '1' })).map((n) => n.workflow_id)).toEqual(['b', 'c']);
    expect((await g.workflowsUsingSkill('u')).map((n) => n.workflow_id)).toEqual(['b', 'c']);
    expect(await g.executions({ workflow_id: 'a', version: '1' }, 1)).toEqual([
      { run_id: 'r1', status: 'FAILED', started_at: '2030-06-14T11:59:00.000Z', finished_at: '2030-06-14T12:00:00.000Z' },
    ]);
  });

  it('reads skill uses with open or closed bounds, in time order, then by run id and position', async () => {
    const uses = await g.skillUses('2030-06-01T13:00:00+01:00', null);
    await g.skillUses(null, '2030-06-15T12:00:00Z');
    const sent = driver.calls.filter((c) => c.query === S.SKILL_USES);
    expect(sent.map((c) => [c.parameters, c.mode])).toEqual([
      [{ since: '2030-06-01T12:00:00.000Z', until: null }, 'READ'],
      [{ since: null, until: '2030-06-15T12:00:00.000Z' }, 'READ'],
    ]);
    expect(uses).toEqual([
      {
        run_id: 'r2',
        seq: 0,
        state: 'Score',
        skill: 'skill://b@1.0.0',
        capability: null,
        outcome: 'failure',
        latency_ms: null,
        at: '2030-06-14T12:00:00.000Z',
        strategy: null,
      },
      {
        run_id: 'r2',
        seq: 1,
        state: 'Score',
        skill: 'skill://a@1.0.0',
        capability: 'scoring',
        outcome: 'success',
        latency_ms: 120,
        at: '2030-06-14T12:00:00.000Z',
        strategy: 'UCB',
      },
      {
        run_id: 'task:s/t',
        seq: 0,
        state: 'score',
        skill: 'skill://b@1.0.0',
        capability: 'scoring',
        outcome: 'caller_error',
        latency_ms: null,
        at: '2030-06-14T12:05:00.000Z',
        strategy: null,
      },
    ]);
  });

  it('reads activity in one read transaction: runs and uses per London day, the window row, skills used since the instant', async () => {
    const before = driver.sessionsOpened;
    const a = await g.activity('2030-05-16T13:00:00+01:00', '2030-06-15T13:00:00+01:00');
    expect(driver.sessionsOpened - before).toBe(S.SCHEMA_STATEMENTS.length + 1);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => [c.query, c.mode])).toEqual([
      [S.ACTIVITY_RUNS, 'READ'],
      [S.ACTIVITY_USES, 'READ'],
      [S.ALL_SKILL_RELIABILITY, 'READ'],
    ]);
    const [since, until] = ['2030-05-16T12:00:00.000Z', NOW.toISOString()];
    for (const c of data.slice(0, 2)) expect(c.parameters).toEqual({ since, until, timezone: 'Europe/London' });
    expect(data[2]!.parameters).toMatchObject({ since, until });
    expect(neo4j.isInt(data[2]!.parameters.limit as never)).toBe(true);
    expect(a).toEqual({
      since,
      until,
      days: [
        { day: '2030-06-12', runs: 1, succeeded: 1, failed: 0, p50_ms: 1000, p95_ms: 1000, skill_calls: 0, swaps: 0, caller_errors: 0 },
        { day: '2030-06-13', runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 2, swaps: 0, caller_errors: 1 },
        { day: '2030-06-14', runs: 3, succeeded: 2, failed: 1, p50_ms: 1500, p95_ms: 2850, skill_calls: 5, swaps: 1, caller_errors: 0 },
      ],
      totals: { runs: 4, succeeded: 3, failed: 1, p50_ms: 1250.5, p95_ms: 2700, skill_calls: 7, swaps: 1, caller_errors: 1 },
      // The window's counts, never the node's all-time counters.
      skills: [
        {
          skill: 'skill://x@1.0.0',
          capability: 'transcription',
          n_success: 3,
          n_failures: 1,
          n_caller_errors: 2,
          success_rate: 0.75,
          failure_rate: 0.25,
          p50_latency_ms: 550,
          p95_latency_ms: 955,
        },
      ],
    });
    const none = { runs: neo4j.int(0), succeeded: neo4j.int(0), failed: neo4j.int(0), p50: null, p95: null };
    driver.respond = (q) => (q === S.ACTIVITY_RUNS ? [{ day: null, ...none }] : []);
    expect(await g.activity(since, until)).toEqual({
      since,
      until,
      days: [],
      skills: [],
      totals: { runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 0, swaps: 0, caller_errors: 0 },
    });
  });
});
