import neo4j from 'neo4j-driver';
import type { Episode, KnowledgeGraph, PatternEpisode, TaskEpisode } from '../port.ts';
import { createNeo4jGraph } from './index.ts';
import { RecordingDriver, type Responder } from './recording-driver.ts';
import * as S from './statements.ts';

/**
 * Shared setup for the Neo4j adapter tests (adapter*.test.ts): fixed clock, a marker that must never
 * reach statement text, sample episodes, Neo4j-shaped answers for the recording fake driver, and a
 * call of every port method.
 */

export const NOW = new Date('2030-06-15T12:00:00.000Z');
export const MARK = 'Zq9MARKERv7';
export const ALL = new Set<string>(Object.values(S.CYPHER_STATEMENTS));
export const DATA_STATEMENTS = Object.values(S.CYPHER_STATEMENTS).filter((q) => !(S.SCHEMA_STATEMENTS as readonly string[]).includes(q));

export const episode: Episode = {
  run_id: `run-${MARK}`,
  workflow_id: `wf-${MARK}`,
  workflow_version: '1.0.0',
  workflow_name: `name ${MARK}'; DETACH DELETE n //`,
  status: 'SUCCEEDED',
  started_at: '2030-06-14T11:59:00.000Z',
  finished_at: '2030-06-14T12:00:00.000Z',
  states: [
    {
      state: 'Transcribe',
      skill: `skill://whisper-${MARK}@1.0.0`,
      outcome: 'failure',
      latency_ms: 120_000,
      error: `Timeout ${MARK}`,
      attempts: 2,
    },
    {
      state: 'Transcribe',
      skill: `skill://assemblyai-${MARK}@1.2.0`,
      outcome: 'success',
      latency_ms: 4_000,
      error: null,
      attempts: 1,
      swapped_from: `skill://whisper-${MARK}@1.0.0`,
      strategy: 'UCB',
    },
    { state: 'Route', skill: null, outcome: 'success', latency_ms: null, error: null, attempts: 1 },
  ],
};

export const task: TaskEpisode = {
  session_id: `session-${MARK}`,
  task_id: `task/${MARK}`,
  companion_id: `companion-${MARK}`,
  status: 'failed',
  duration_s: 12.5,
  error: `Timeout ${MARK}`,
  completed_at: '2030-06-14T12:05:00.000Z',
  uses: [
    {
      skill: `skill://whisper-${MARK}@1.0.0`,
      step: 'transcribe',
      outcome: 'failure',
      latency_ms: null,
      error: `Timeout ${MARK}`,
      at: '2030-06-14T12:05:00.000Z',
    },
    {
      skill: `skill://scoring-${MARK}@1.0.0`,
      step: null,
      outcome: 'success',
      latency_ms: 250.4,
      error: null,
      at: '2030-06-14T12:05:00.000Z',
    },
  ],
};

export const pattern: PatternEpisode = {
  uuid: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  group_id: `session-${MARK}`,
  name: `pattern ${MARK}`,
  episode_body: `{"pattern": "${MARK}"}`,
  source: 'json',
  source_description: `strategist ${MARK}`,
  created_at: '2030-06-14T12:10:00.000Z',
};

/** Answers that look like Neo4j's: Integers for counts and epoch milliseconds, floats for percentiles. */
export const answers: Responder = (query, parameters) => {
  const ms = (iso: string) => neo4j.int(Date.parse(iso));
  switch (query) {
    case S.CLAIM_EXECUTION:
    case S.CLAIM_TASK:
      return [{ claimed: true }];
    case S.EPISODES:
    case S.EPISODE_BY_UUID:
      return [
        {
          uuid: pattern.uuid,
          name: 'p',
          group_id: 'g',
          source: 'text',
          source_description: 'd',
          content: 'c',
          valid_at_ms: ms('2030-06-14T12:00:00.000Z'),
          created_at_ms: ms('2030-06-14T12:10:00.000Z'),
        },
      ];
    case S.SKILL_RELIABILITY:
    case S.ALL_SKILL_RELIABILITY:
      return [
        {
          uri: 'skill://x@1.0.0',
          capability: 'transcription',
          all_success: neo4j.int(9),
          all_failures: neo4j.int(1),
          all_caller_errors: neo4j.int(4),
          n_success: neo4j.int(3),
          n_failures: neo4j.int(1),
          n_caller_errors: neo4j.int(2),
          p50: 550.0,
          p95: 955.0,
        },
      ];
    case S.ACTIVITY_RUNS:
      return [
        { day: '2030-06-14', runs: neo4j.int(3), succeeded: neo4j.int(2), failed: neo4j.int(1), p50: 1500.0, p95: 2850.0 },
        { day: null, runs: neo4j.int(4), succeeded: neo4j.int(3), failed: neo4j.int(1), p50: 1250.5, p95: 2700.0 },
        { day: '2030-06-12', runs: neo4j.int(1), succeeded: neo4j.int(1), failed: neo4j.int(0), p50: 1000.0, p95: 1000.0 },
      ];
    case S.ACTIVITY_USES:
      return [
        { day: '2030-06-14', skill_calls: neo4j.int(5), swaps: neo4j.int(1), caller_errors: neo4j.int(0) },
        { day: '2030-06-13', skill_calls: neo4j.int(2), swaps: neo4j.int(0), caller_errors: neo4j.int(1) },
      ];
    case S.SKILL_USES:
      // Out of order, as a store may answer: the adapter sorts by (at, run_id, seq).
      return [
        {
          run_id: 'task:s/t',
          seq: neo4j.int(0),
          state: 'score',
          skill: 'skill://b@1.0.0',
          capability: 'scoring',
          outcome: 'caller_error',
          latency_ms: null,
          at_ms: ms('2030-06-14T12:05:00.000Z'),
          strategy: null,
        },
        {
          run_id: 'r2',
          seq: neo4j.int(1),
          state: 'Score',
          skill: 'skill://a@1.0.0',
          capability: 'scoring',
          outcome: 'success',
          latency_ms: neo4j.int(120),
          at_ms: ms('2030-06-14T12:00:00.000Z'),
          strategy: 'UCB',
        },
        {
          run_id: 'r2',
          seq: neo4j.int(0),
          state: 'Score',
          skill: 'skill://b@1.0.0',
          capability: null,
          outcome: 'failure',
          latency_ms: null,
          at_ms: ms('2030-06-14T12:00:00.000Z'),
          strategy: null,
        },
      ];
    case S.SKILL_TREND_USES:
      return [
        { at_ms: ms('2030-06-14T00:00:00.000Z'), outcome: 'success' },
        { at_ms: ms('2030-06-05T00:00:00.000Z'), outcome: 'failure' },
      ];
    case S.RECENT_FAILURES:
      return [{ run_id: 'r1', state: 'Transcribe', error: 'TimeoutError', at_ms: ms('2030-06-14T12:00:00.000Z') }];
    case S.RECENT_CALLER_ERRORS:
      return [{ run_id: 'r2', state: 'Fetch', error: 'AdvisorNotFound: no advisor', at_ms: ms('2030-06-14T12:00:00.000Z') }];
    case S.FAILED_USES:
      return [
        { run_id: 'r1', seq: neo4j.int(0), skill: 'skill://sf@2.1.0', error: 'AdvisorNotFound: no advisor named "John Smith"' },
        { run_id: 'r1', seq: neo4j.int(1), skill: 'skill://w@1.0.0', error: 'TimeoutError: late' },
        { run_id: 'task:s/t', seq: neo4j.int(2), skill: 'skill://sf@2.1.0', error: 'step f (skill://sf@2.1.0 get): InvalidArguments: x' },
        {
          run_id: 'r3',
          seq: neo4j.int(0),
          skill: 'skill://w@1.0.0',
          error: 'States.TaskFailed: MCP error -32602: Input validation error: bad',
        },
      ];
    case S.RECLASSIFY_CALLER_ERRORS:
      return [{ corrected: neo4j.int((parameters.keys as unknown[]).length) }];
    case S.LINEAGE:
      return [
        {
          workflow_id: 'b',
          version: '1',
          name: 'B',
          created_at_ms: ms('2030-01-02T00:00:00.000Z'),
          parents: [{ kind: 'REFINEMENT_OF', workflow_id: 'a', version: '1' }],
        },
        { workflow_id: 'a', version: '1', name: 'A', created_at_ms: ms('2030-01-01T00:00:00.000Z'), parents: [] },
      ];
    case S.DESCENDANTS:
    case S.WORKFLOWS_USING_SKILL:
      return [
        { workflow_id: 'c', version: '1', name: 'C', created_at_ms: ms('2030-01-03T00:00:00.000Z') },
        { workflow_id: 'b', version: '1', name: 'B', created_at_ms: ms('2030-01-02T00:00:00.000Z') },
      ];
    case S.EXECUTIONS:
      return [
        {
          run_id: 'r1',
          status: 'FAILED',
          started_at_ms: ms('2030-06-14T11:59:00.000Z'),
          finished_at_ms: ms('2030-06-14T12:00:00.000Z'),
        },
      ];
    default:
      return [];
  }
};

/** Calls every port method once. */
export async function exerciseEveryMethod(g: KnowledgeGraph): Promise<void> {
  await g.ping();
  await g.upsertSkill({ uri: `skill://s-${MARK}@1.0.0`, name: `s-${MARK}`, version: '1.0.0', capability: `cap-${MARK}`, tags: [MARK] });
  await g.upsertWorkflowVersion({
    workflow_id: `wf-${MARK}`,
    version: '1.0.0',
    name: MARK,
    description: MARK,
    tags: [MARK],
    skills: [MARK],
    created_at: '2030-01-01T00:00:00Z',
    author: MARK,
  });
  await g.link('VERSION_OF', { workflow_id: `wf-${MARK}`, version: '1.0.1' }, { workflow_id: `wf-${MARK}`, version: '1.0.0' });
  await g.link('REFINEMENT_OF', { workflow_id: `wf2-${MARK}`, version: '1.0.0' }, { workflow_id: `wf-${MARK}`, version: '1.0.0' });
  await g.recordEpisode(episode);
  await g.recordTaskEpisode(task);
  await g.recordPatternEpisode(pattern);
  await g.episodes([`session-${MARK}`], 10);
  await g.episode(pattern.uuid);
  await g.skillReliability(`skill://s-${MARK}@1.0.0`);
  await g.skillReliability(`skill://s-${MARK}@1.0.0`, { days: 7, lastRuns: 5 });
  await g.allSkillReliability();
  await g.skillTrend(`skill://s-${MARK}@1.0.0`, 4, 7);
  await g.activity('2030-05-16T12:00:00Z', NOW.toISOString());
  await g.skillUses('2030-05-16T12:00:00Z', null);
  await g.recentFailures(`skill://s-${MARK}@1.0.0`, 5);
  await g.recentCallerErrors(`skill://s-${MARK}@1.0.0`, 5);
  await g.correctCallerErrors();
  await g.lineage(`wf-${MARK}`);
  await g.descendants({ workflow_id: `wf-${MARK}`, version: '1.0.0' });
  await g.executions({ workflow_id: `wf-${MARK}`, version: '1.0.0' }, 5);
  await g.workflowsUsingSkill(`skill://s-${MARK}@1.0.0`);
}

/** A fresh recording driver answering with `answers`, and the adapter over it (database `dcf`). */
export function recordingGraph(): { driver: RecordingDriver; g: KnowledgeGraph } {
  const driver = new RecordingDriver(answers);
  return { driver, g: createNeo4jGraph(driver, { now: () => NOW, database: 'dcf' }) };
}
