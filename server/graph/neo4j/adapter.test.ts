import neo4j from 'neo4j-driver';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Episode, KnowledgeGraph, PatternEpisode, TaskEpisode } from '../port.ts';
import { statementParameters } from './cypher-lint.ts';
import { createNeo4jGraph } from './index.ts';
import { RecordingDriver, type Responder } from './recording-driver.ts';
import * as S from './statements.ts';

/**
 * The Neo4j adapter against a recording fake driver: what it sends (only the parsed statement
 * constants, every referenced parameter and no other, values never in the text, integers as
 * Bolt integers), how it uses sessions, and how it maps answers back to the port's shapes.
 */

const NOW = new Date('2030-06-15T12:00:00.000Z');
const MARK = 'Zq9MARKERv7';
const ALL = new Set<string>(Object.values(S.CYPHER_STATEMENTS));
const DATA_STATEMENTS = Object.values(S.CYPHER_STATEMENTS).filter((q) => !(S.SCHEMA_STATEMENTS as readonly string[]).includes(q));

const episode: Episode = {
  run_id: `run-${MARK}`,
  workflow_id: `wf-${MARK}`,
  workflow_version: '1.0.0',
  workflow_name: `name ${MARK}'; DETACH DELETE n //`,
  status: 'SUCCEEDED',
  started_at: '2030-06-14T11:59:00.000Z',
  finished_at: '2030-06-14T12:00:00.000Z',
  states: [
    { state: 'Transcribe', skill: `skill://whisper-${MARK}@1.0.0`, outcome: 'failure', latency_ms: 120_000, error: `Timeout ${MARK}`, attempts: 2 },
    { state: 'Transcribe', skill: `skill://assemblyai-${MARK}@1.2.0`, outcome: 'success', latency_ms: 4_000, error: null, attempts: 1, swapped_from: `skill://whisper-${MARK}@1.0.0` },
    { state: 'Route', skill: null, outcome: 'success', latency_ms: null, error: null, attempts: 1 },
  ],
};

const task: TaskEpisode = {
  session_id: `session-${MARK}`,
  task_id: `task/${MARK}`,
  companion_id: `companion-${MARK}`,
  status: 'failed',
  duration_s: 12.5,
  error: `Timeout ${MARK}`,
  completed_at: '2030-06-14T12:05:00.000Z',
  uses: [
    { skill: `skill://whisper-${MARK}@1.0.0`, step: 'transcribe', outcome: 'failure', latency_ms: null, error: `Timeout ${MARK}`, at: '2030-06-14T12:05:00.000Z' },
    { skill: `skill://scoring-${MARK}@1.0.0`, step: null, outcome: 'success', latency_ms: 250.4, error: null, at: '2030-06-14T12:05:00.000Z' },
  ],
};

const pattern: PatternEpisode = {
  uuid: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  group_id: `session-${MARK}`,
  name: `pattern ${MARK}`,
  episode_body: `{"pattern": "${MARK}"}`,
  source: 'json',
  source_description: `strategist ${MARK}`,
  created_at: '2030-06-14T12:10:00.000Z',
};

/** Answers that look like Neo4j's: Integers for counts and epoch milliseconds, floats for percentiles. */
const answers: Responder = (query, parameters) => {
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
      return [{
        uri: 'skill://x@1.0.0', capability: 'transcription', all_success: neo4j.int(9), all_failures: neo4j.int(1), all_caller_errors: neo4j.int(4),
        n_success: neo4j.int(3), n_failures: neo4j.int(1), n_caller_errors: neo4j.int(2), p50: 550.0, p95: 955.0,
      }];
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
        { run_id: 'r3', seq: neo4j.int(0), skill: 'skill://w@1.0.0', error: 'States.TaskFailed: MCP error -32602: Input validation error: bad' },
      ];
    case S.RECLASSIFY_CALLER_ERRORS:
      return [{ corrected: neo4j.int((parameters.keys as unknown[]).length) }];
    case S.LINEAGE:
      return [
        { workflow_id: 'b', version: '1', name: 'B', created_at_ms: ms('2030-01-02T00:00:00.000Z'), parents: [{ kind: 'REFINEMENT_OF', workflow_id: 'a', version: '1' }] },
        { workflow_id: 'a', version: '1', name: 'A', created_at_ms: ms('2030-01-01T00:00:00.000Z'), parents: [] },
      ];
    case S.DESCENDANTS:
    case S.WORKFLOWS_USING_SKILL:
      return [
        { workflow_id: 'c', version: '1', name: 'C', created_at_ms: ms('2030-01-03T00:00:00.000Z') },
        { workflow_id: 'b', version: '1', name: 'B', created_at_ms: ms('2030-01-02T00:00:00.000Z') },
      ];
    case S.EXECUTIONS:
      return [{ run_id: 'r1', status: 'FAILED', started_at_ms: ms('2030-06-14T11:59:00.000Z'), finished_at_ms: ms('2030-06-14T12:00:00.000Z') }];
    default:
      return [];
  }
};

/** Calls every port method once. */
async function exerciseEveryMethod(g: KnowledgeGraph): Promise<void> {
  await g.ping();
  await g.upsertSkill({ uri: `skill://s-${MARK}@1.0.0`, name: `s-${MARK}`, version: '1.0.0', capability: `cap-${MARK}`, tags: [MARK] });
  await g.upsertWorkflowVersion({ workflow_id: `wf-${MARK}`, version: '1.0.0', name: MARK, description: MARK, tags: [MARK], skills: [MARK], created_at: '2030-01-01T00:00:00Z', author: MARK });
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
  await g.recentFailures(`skill://s-${MARK}@1.0.0`, 5);
  await g.recentCallerErrors(`skill://s-${MARK}@1.0.0`, 5);
  await g.correctCallerErrors();
  await g.lineage(`wf-${MARK}`);
  await g.descendants({ workflow_id: `wf-${MARK}`, version: '1.0.0' });
  await g.executions({ workflow_id: `wf-${MARK}`, version: '1.0.0' }, 5);
  await g.workflowsUsingSkill(`skill://s-${MARK}@1.0.0`);
}

describe('Neo4j adapter (recording driver)', { timeout: 30_000 }, () => {
  let driver: RecordingDriver;
  let g: KnowledgeGraph;
  beforeEach(() => {
    driver = new RecordingDriver(answers);
    g = createNeo4jGraph(driver, { now: () => NOW, database: 'dcf' });
  });

  it('sends only the statement constants, and every one of them is used', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) expect(ALL.has(c.query), c.query).toBe(true);
    expect(new Set(driver.calls.map((c) => c.query))).toEqual(ALL);
  });

  it('passes exactly the parameters each statement references', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) expect(Object.keys(c.parameters).sort(), c.query).toEqual(statementParameters(c.query));
  });

  it('never puts a value into statement text', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) {
      expect(c.query).not.toContain(MARK);
      expect(c.query).not.toContain('DETACH DELETE');
    }
    // …while the values did reach the server, as parameters.
    const sent = JSON.stringify(driver.calls.map((c) => c.parameters));
    expect(sent).toContain(`run-${MARK}`);
    expect(sent).toContain(`name ${MARK}'; DETACH DELETE n //`);
  });

  it('creates the schema once, first, one write transaction per statement; ping does not need it', async () => {
    await g.ping();
    expect(driver.calls.map((c) => c.query)).toEqual([S.PING]);
    await g.lineage('x');
    await g.lineage('y');
    const queries = driver.calls.map((c) => c.query);
    expect(queries.slice(1, 1 + S.SCHEMA_STATEMENTS.length)).toEqual([...S.SCHEMA_STATEMENTS]);
    expect(queries.filter((q) => q === S.CONSTRAINT_SKILL_URI)).toHaveLength(1);
    expect(driver.calls.filter((c) => (S.SCHEMA_STATEMENTS as readonly string[]).includes(c.query)).every((c) => c.mode === 'WRITE')).toBe(true);
    expect(driver.sessionsOpened).toBe(1 + S.SCHEMA_STATEMENTS.length + 2);
  });

  it('uses read transactions for reads and write transactions for writes, and closes every session', async () => {
    await exerciseEveryMethod(g);
    const writes = new Set<string>([
      S.UPSERT_SKILL, S.UPSERT_WORKFLOW_VERSION, S.LINK_VERSION_OF, S.LINK_REFINEMENT_OF, S.CLAIM_EXECUTION, S.RECORD_EXECUTION, S.RECORD_SKILL_USES,
      S.BUMP_SKILL_COUNTERS, S.CLAIM_TASK, S.RECORD_TASK, S.RECORD_TASK_SKILL_USES, S.RECORD_PATTERN_EPISODE, ...S.SCHEMA_STATEMENTS,
      // The correction reads the failures in its own write transaction, so nothing changes between the read and the write.
      S.FAILED_USES, S.RECLASSIFY_CALLER_ERRORS,
    ]);
    for (const c of driver.calls) expect(c.mode, c.query).toBe(writes.has(c.query) ? 'WRITE' : 'READ');
    expect(driver.sessionsClosed).toBe(driver.sessionsOpened);
    expect(driver.sessionConfigs.every((s) => s?.database === 'dcf')).toBe(true);
  });

  it('records an episode in one transaction: claim, execution + Graphiti episode, uses, counters', async () => {
    await g.recordEpisode(episode);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => c.query)).toEqual([S.CLAIM_EXECUTION, S.RECORD_EXECUTION, S.RECORD_SKILL_USES, S.BUMP_SKILL_COUNTERS]);
    expect(driver.sessionsOpened).toBe(S.SCHEMA_STATEMENTS.length + 1);

    const [, exec, uses, counts] = data;
    expect(exec!.parameters).toMatchObject({ group_id: 'dcf', source: 'json', source_description: 'DCF workflow execution', finished_at: episode.finished_at, now: NOW.toISOString() });
    expect(exec!.parameters.episode_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(exec!.parameters.content as string)).toEqual(episode);

    const sentUses = uses!.parameters.uses as Array<Record<string, unknown>>;
    expect(sentUses.map((u) => [u.skill, u.outcome, u.swapped_from])).toEqual([
      [episode.states[0]!.skill, 'failure', null],
      [episode.states[1]!.skill, 'success', episode.states[0]!.skill],
    ]);
    expect(sentUses[1]).toMatchObject({ skill_name: `assemblyai-${MARK}`, skill_version: '1.2.0' });
    // INTEGER properties must travel as Bolt integers (a JS number is sent as a FLOAT).
    for (const u of sentUses) for (const k of ['seq', 'latency_ms', 'attempts']) expect(neo4j.isInt(u[k] as never), k).toBe(true);
    expect((sentUses[0]!.latency_ms as { toNumber(): number }).toNumber()).toBe(120_000);

    const sentCounts = counts!.parameters.counts as Array<{ uri: string; n_success: unknown; n_failures: unknown; n_caller_errors: unknown }>;
    expect(sentCounts.map((c) => [c.uri, String(c.n_success), String(c.n_failures), String(c.n_caller_errors)])).toEqual([
      [episode.states[0]!.skill, '0', '1', '0'],
      [episode.states[1]!.skill, '1', '0', '0'],
    ]);
    for (const c of sentCounts) expect(neo4j.isInt(c.n_caller_errors as never)).toBe(true);
  });

  it('records a failure caused by the caller as a caller_error use, counted apart from the skill\'s failures', async () => {
    const caller = { ...episode.states[0]!, error: 'AdvisorNotFound: no advisor named "John Smith"' };
    await g.recordEpisode({ ...episode, states: [caller] });
    const uses = driver.calls.find((c) => c.query === S.RECORD_SKILL_USES)!.parameters.uses as Array<Record<string, unknown>>;
    expect(uses.map((u) => u.outcome)).toEqual(['caller_error']);
    const counts = driver.calls.find((c) => c.query === S.BUMP_SKILL_COUNTERS)!.parameters.counts as Array<Record<string, unknown>>;
    expect(counts.map((c) => [String(c.n_success), String(c.n_failures), String(c.n_caller_errors)])).toEqual([['0', '0', '1']]);
  });

  it('writes nothing more when the run was already recorded (claim refused)', async () => {
    driver.respond = (q, p) => (q === S.CLAIM_EXECUTION ? [{ claimed: false }] : answers(q, p));
    await g.recordEpisode(episode);
    expect(driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query)).map((c) => c.query)).toEqual([S.CLAIM_EXECUTION]);
  });

  it('records a delegated task in one transaction: claim, task + episode in the session group, uses, counters', async () => {
    await g.recordTaskEpisode(task);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => c.query)).toEqual([S.CLAIM_TASK, S.RECORD_TASK, S.RECORD_TASK_SKILL_USES, S.BUMP_SKILL_COUNTERS]);
    expect(driver.sessionsOpened).toBe(S.SCHEMA_STATEMENTS.length + 1);

    const [claim, record, uses, counts] = data;
    expect(claim!.parameters).toMatchObject({ session_id: task.session_id, task_id: task.task_id });
    expect(record!.parameters).toMatchObject({ group_id: task.session_id, source: 'json', source_description: 'DCF+ delegated task' });
    expect(record!.parameters).toMatchObject({ completed_at: task.completed_at, duration_s: 12.5, now: NOW.toISOString() });
    expect(record!.parameters.episode_name).toBe(`delegated_task ${task.session_id}/${task.task_id}`);
    expect(JSON.parse(record!.parameters.content as string)).toEqual(task);
    // The task id's `/` is percent-encoded in the key its uses are shown by.
    expect(uses!.parameters.run_id).toBe(`task:session-${MARK}/task%2F${MARK}`);
    const sent = uses!.parameters.uses as Array<Record<string, unknown>>;
    expect(sent.map((u) => [u.skill, u.state, u.outcome, u.at])).toEqual([
      [task.uses[0]!.skill, 'transcribe', 'failure', task.completed_at],
      [task.uses[1]!.skill, 'task', 'success', task.completed_at],
    ]);
    expect(sent[0]!.latency_ms).toBeNull();
    expect(String(sent[1]!.latency_ms)).toBe('250');
    for (const k of ['seq', 'attempts']) expect(neo4j.isInt(sent[1]![k] as never), k).toBe(true);
    const sentCounts = counts!.parameters.counts as Array<{ uri: string; n_success: unknown; n_failures: unknown; n_caller_errors: unknown }>;
    expect(sentCounts.map((c) => [c.uri, String(c.n_success), String(c.n_failures), String(c.n_caller_errors)])).toEqual([
      [task.uses[0]!.skill, '0', '1', '0'],
      [task.uses[1]!.skill, '1', '0', '0'],
    ]);
  });

  it('writes nothing more when the task was already recorded (claim refused)', async () => {
    driver.respond = (q, p) => (q === S.CLAIM_TASK ? [{ claimed: false }] : answers(q, p));
    await g.recordTaskEpisode(task);
    expect(driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query)).map((c) => c.query)).toEqual([S.CLAIM_TASK]);
  });

  it('writes a pattern episode once, valid_at defaulting to created_at, and reads episodes back', async () => {
    await g.recordPatternEpisode(pattern);
    await g.recordPatternEpisode({ ...pattern, valid_at: '2030-06-01T00:00:00.000Z' });
    const [first, second] = driver.calls.filter((c) => c.query === S.RECORD_PATTERN_EPISODE);
    expect(first!.parameters).toEqual({
      uuid: pattern.uuid, name: pattern.name, group_id: pattern.group_id, source: 'json', source_description: pattern.source_description,
      content: pattern.episode_body, valid_at: pattern.created_at, created_at: pattern.created_at,
    });
    expect(second!.parameters.valid_at).toBe('2030-06-01T00:00:00.000Z');

    const times = { valid_at: '2030-06-14T12:00:00.000Z', created_at: '2030-06-14T12:10:00.000Z' };
    const node = { uuid: pattern.uuid, name: 'p', group_id: 'g', source: 'text', source_description: 'd', content: 'c', ...times };
    expect(await g.episodes(['g'], 3)).toEqual([node]);
    expect(await g.episode(pattern.uuid)).toEqual(node);
    await g.episodes(null, 2);
    const reads = driver.calls.filter((c) => c.query === S.EPISODES);
    expect(reads.map((c) => [c.parameters.group_ids, String(c.parameters.limit), neo4j.isInt(c.parameters.limit as never)])).toEqual([
      [['g'], '3', true],
      [null, '2', true],
    ]);
    // No group at all: nothing to ask.
    const before = driver.calls.length;
    expect(await g.episodes([], 5)).toEqual([]);
    expect(driver.calls.length).toBe(before);
    driver.respond = () => [];
    expect(await g.episode('0f1e2d3c-0000-4000-8000-000000000000')).toBeNull();
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
    expect(await g.skillReliability('skill://x@1.0.0', { days: 7 })).toMatchObject({ n_success: 3, n_failures: 1, n_caller_errors: 2, success_rate: 0.75 });
    driver.respond = () => [];
    expect(await g.skillReliability('skill://unknown@1.0.0')).toMatchObject({ n_success: 0, success_rate: null, capability: null });
    driver.respond = answers;
    expect(await g.skillTrend('u', 2, 7)).toEqual([
      { start: '2030-06-01T12:00:00.000Z', n_success: 0, n_failures: 1, n_caller_errors: 0 },
      { start: '2030-06-08T12:00:00.000Z', n_success: 1, n_failures: 0, n_caller_errors: 0 },
    ]);
    expect(await g.recentFailures('u', 1)).toEqual([{ run_id: 'r1', state: 'Transcribe', error: 'TimeoutError', at: '2030-06-14T12:00:00.000Z' }]);
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

  it('reads activity in one read transaction: runs and uses per London day, the window row, skills used since the instant', async () => {
    const before = driver.sessionsOpened;
    const a = await g.activity('2030-05-16T13:00:00+01:00', '2030-06-15T13:00:00+01:00');
    expect(driver.sessionsOpened - before).toBe(S.SCHEMA_STATEMENTS.length + 1);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => [c.query, c.mode])).toEqual([
      [S.ACTIVITY_RUNS, 'READ'], [S.ACTIVITY_USES, 'READ'], [S.ALL_SKILL_RELIABILITY, 'READ'],
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
      skills: [{
        skill: 'skill://x@1.0.0', capability: 'transcription', n_success: 3, n_failures: 1, n_caller_errors: 2,
        success_rate: 0.75, failure_rate: 0.25, p50_latency_ms: 550, p95_latency_ms: 955,
      }],
    });
    const none = { runs: neo4j.int(0), succeeded: neo4j.int(0), failed: neo4j.int(0), p50: null, p95: null };
    driver.respond = (q) => (q === S.ACTIVITY_RUNS ? [{ day: null, ...none }] : []);
    expect(await g.activity(since, until)).toEqual({
      since, until, days: [], skills: [],
      totals: { runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null, skill_calls: 0, swaps: 0, caller_errors: 0 },
    });
  });

  it('corrects the caller\'s recorded failures skill by skill, in one write transaction, keys as Bolt integers', async () => {
    expect(await g.correctCallerErrors()).toBe(3);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => c.query)).toEqual([S.FAILED_USES, S.RECLASSIFY_CALLER_ERRORS, S.RECLASSIFY_CALLER_ERRORS]);
    expect(driver.sessionsOpened).toBe(S.SCHEMA_STATEMENTS.length + 1);
    const [, sf, w] = data;
    const keys = (c: typeof sf) => (c!.parameters.keys as Array<{ run_id: string; seq: unknown }>).map((k) => [k.run_id, String(k.seq)]);
    expect(sf!.parameters.uri).toBe('skill://sf@2.1.0');
    expect(keys(sf)).toEqual([['r1', '0'], ['task:s/t', '2']]);
    expect(w!.parameters.uri).toBe('skill://w@1.0.0');
    expect(keys(w)).toEqual([['r3', '0']]);
    for (const c of [sf, w]) for (const k of c!.parameters.keys as Array<{ seq: unknown }>) expect(neo4j.isInt(k.seq as never)).toBe(true);
    // Nothing the caller caused left: no write at all.
    driver.respond = (q, p) => (q === S.FAILED_USES ? [] : answers(q, p));
    const before = driver.calls.length;
    expect(await g.correctCallerErrors()).toBe(0);
    expect(driver.calls.slice(before).map((c) => c.query)).toEqual([S.FAILED_USES]);
  });

  it('closes the session when a statement fails, and retries the schema after a failed first attempt', async () => {
    let down = true;
    driver.respond = (q, p) => {
      if (down) throw new Error('ServiceUnavailable');
      return answers(q, p);
    };
    await expect(g.lineage('a')).rejects.toThrow('ServiceUnavailable');
    expect(driver.sessionsClosed).toBe(driver.sessionsOpened);
    down = false;
    await g.lineage('a');
    expect(driver.calls.filter((c) => c.query === S.CONSTRAINT_SKILL_URI)).toHaveLength(2);
  });

  it('closes the driver only when it owns it', async () => {
    await g.close();
    expect(driver.closed).toBe(false);
    await createNeo4jGraph(driver, { ownsDriver: true }).close();
    expect(driver.closed).toBe(true);
  });
});
