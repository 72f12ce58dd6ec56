import neo4j from 'neo4j-driver';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KnowledgeGraph } from '../port.ts';
import type { RecordingDriver } from './recording-driver.ts';
import * as S from './statements.ts';
import { answers, DATA_STATEMENTS, episode, MARK, NOW, pattern, recordingGraph, task } from './testing-fake-driver.ts';

/**
 * The Neo4j adapter's writes against a recording fake driver: episodes, delegated tasks and
 * pattern episodes recorded in one transaction each, and the caller-error correction.
 */

describe('Neo4j adapter (recording driver): writes', { timeout: 30_000 }, () => {
  let driver: RecordingDriver;
  let g: KnowledgeGraph;
  beforeEach(() => {
    ({ driver, g } = recordingGraph());
  });

  it('records an episode in one transaction: claim, execution + Graphiti episode, uses, counters', async () => {
    await g.recordEpisode(episode);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => c.query)).toEqual([S.CLAIM_EXECUTION, S.RECORD_EXECUTION, S.RECORD_SKILL_USES, S.BUMP_SKILL_COUNTERS]);
    expect(driver.sessionsOpened).toBe(S.SCHEMA_STATEMENTS.length + 1);

    const [, exec, uses, counts] = data;
    expect(exec!.parameters).toMatchObject({
      group_id: 'dcf',
      source: 'json',
      source_description: 'DCF workflow execution',
      finished_at: episode.finished_at,
      now: NOW.toISOString(),
    });
    expect(exec!.parameters.episode_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(exec!.parameters.content as string)).toEqual(episode);

    const sentUses = uses!.parameters.uses as Array<Record<string, unknown>>;
    expect(sentUses.map((u) => [u.skill, u.outcome, u.swapped_from, u.strategy])).toEqual([
      [episode.states[0]!.skill, 'failure', null, null],
      [episode.states[1]!.skill, 'success', episode.states[0]!.skill, 'UCB'],
    ]);
    expect(sentUses[1]).toMatchObject({ skill_name: `assemblyai-${MARK}`, skill_version: '1.2.0' });
    // INTEGER properties must travel as Bolt integers (a JS number is sent as a FLOAT).
    for (const u of sentUses) for (const k of ['seq', 'latency_ms', 'attempts']) expect(neo4j.isInt(u[k] as never), k).toBe(true);
    expect((sentUses[0]!.latency_ms as { toNumber(): number }).toNumber()).toBe(120_000);

    const sentCounts = counts!.parameters.counts as Array<{
      uri: string;
      n_success: unknown;
      n_failures: unknown;
      n_caller_errors: unknown;
    }>;
    expect(sentCounts.map((c) => [c.uri, String(c.n_success), String(c.n_failures), String(c.n_caller_errors)])).toEqual([
      [episode.states[0]!.skill, '0', '1', '0'],
      [episode.states[1]!.skill, '1', '0', '0'],
    ]);
    for (const c of sentCounts) expect(neo4j.isInt(c.n_caller_errors as never)).toBe(true);
  });

  it("records a failure caused by the caller as a caller_error use, counted apart from the skill's failures", async () => {
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
    const sentCounts = counts!.parameters.counts as Array<{
      uri: string;
      n_success: unknown;
      n_failures: unknown;
      n_caller_errors: unknown;
    }>;
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
      uuid: pattern.uuid,
      name: pattern.name,
      group_id: pattern.group_id,
      source: 'json',
      source_description: pattern.source_description,
      content: pattern.episode_body,
      valid_at: pattern.created_at,
      created_at: pattern.created_at,
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

  it("corrects the caller's recorded failures skill by skill, in one write transaction, keys as Bolt integers", async () => {
    expect(await g.correctCallerErrors()).toBe(3);
    const data = driver.calls.filter((c) => DATA_STATEMENTS.includes(c.query));
    expect(data.map((c) => c.query)).toEqual([S.FAILED_USES, S.RECLASSIFY_CALLER_ERRORS, S.RECLASSIFY_CALLER_ERRORS]);
    expect(driver.sessionsOpened).toBe(S.SCHEMA_STATEMENTS.length + 1);
    const [, sf, w] = data;
    const keys = (c: typeof sf) => (c!.parameters.keys as Array<{ run_id: string; seq: unknown }>).map((k) => [k.run_id, String(k.seq)]);
    expect(sf!.parameters.uri).toBe('skill://sf@2.1.0');
    expect(keys(sf)).toEqual([
      ['r1', '0'],
      ['task:s/t', '2'],
    ]);
    expect(w!.parameters.uri).toBe('skill://w@1.0.0');
    expect(keys(w)).toEqual([['r3', '0']]);
    for (const c of [sf, w]) for (const k of c!.parameters.keys as Array<{ seq: unknown }>) expect(neo4j.isInt(k.seq as never)).toBe(true);
    // Nothing the caller caused left: no write at all.
    driver.respond = (q, p) => (q === S.FAILED_USES ? [] : answers(q, p));
    const before = driver.calls.length;
    expect(await g.correctCallerErrors()).toBe(0);
    expect(driver.calls.slice(before).map((c) => c.query)).toEqual([S.FAILED_USES]);
  });
});
