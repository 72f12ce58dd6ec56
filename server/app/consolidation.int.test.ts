import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog, qaResults } from '../db/schema/index.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { QA_STREAM, qaResultsStream } from '../execution/qa-publish.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { EPISODE_STREAM, episodeStream, type EpisodeMessage } from '../learning/episode-stream.ts';
import { qaRecordFixture } from '../qa/testing/fixtures.ts';
import { CONSUMER_ROLES } from '../redis/stream-consumer.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { invokeTool } from '../tools/invoke.ts';
import { retryDeadLetterTool } from '../tools/streams/retry-dead-letter.ts';
import { consolidationPass } from './consolidation.ts';

/**
 * Issue 28 part 4, "nothing lost between processes": the console's consolidation pass on real
 * Redis and the suite's database. A consumer that read entries and died (never acknowledged)
 * loses nothing: a console started later under another name claims them once idle and writes
 * them. A malformed entry is dead-lettered at once without holding up the entries behind it; an
 * entry the database rejects is dead-lettered after DCF_STREAM_MAX_DELIVERIES; the admin's retry
 * (tRPC → tool layer → audit log) puts a dead letter back on its stream.
 */
const DEAD_CONSOLE = 'engine@old-host:4242';
const MAX_DELIVERIES = 3;
const RUN = (n: number) => `0b0c0d0e-0000-4000-8000-${String(n).padStart(12, '0')}`;

const qaMessage = (n: number, over: Record<string, unknown> = {}) => ({
  run_id: RUN(n),
  records: [qaRecordFixture({ runId: RUN(n), callId: `REC-STREAM-${n}`, ...over })],
});

const episodeMessage = (n: number): EpisodeMessage => ({
  episode: {
    run_id: RUN(n),
    workflow_id: 'wf-streams',
    workflow_version: '1.0.0',
    workflow_name: 'Streams',
    status: 'SUCCEEDED',
    started_at: '2024-07-08T09:00:00.000Z',
    finished_at: '2024-07-08T09:01:00.000Z',
    states: [{ state: 'Score', skill: 'skill://scoring@1.1.0', outcome: 'success', latency_ms: 12, error: null, attempts: 1 }],
  },
  workflow: {
    workflow_id: 'wf-streams',
    version: '1.0.0',
    name: 'Streams',
    description: '',
    tags: [],
    skills: ['skill://scoring@1.1.0'],
    created_at: '2024-07-01T00:00:00.000Z',
    author: null,
  },
  skills: [{ uri: 'skill://scoring@1.1.0', name: 'scoring', version: '1.1.0', capability: 'scoring', tags: ['scoring'] }],
});

describe(`durable streams: nothing lost between processes (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let h: ExecutionHarness;
  let graph: KnowledgeGraph;
  let admin: PublicUser;
  const pass = () => consolidationPass({ redis: h.x.redis, db: db.db, graph, config: h.config, log: pino({ level: 'silent' }) });
  const qaRows = async (n: number) =>
    db.db
      .select()
      .from(qaResults)
      .where(eq(qaResults.runId, RUN(n)));
  const pendingOf = async (stream: string, group: string) =>
    (await h.x.redis.xpending(stream, group, '-', '+', 100)) as Array<[string, string, number, number]>;
  /** As if `ids` had been idle for two minutes: what a dead consumer's entries become with time. */
  const ageEntries = async (stream: string, group: string, ids: string[]) => {
    for (const id of ids) await h.x.redis.call('XCLAIM', stream, group, DEAD_CONSOLE, 0, id, 'IDLE', 120_000, 'JUSTID');
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({ DCF_STREAM_MAX_DELIVERIES: String(MAX_DELIVERIES), DCF_STREAM_CLAIM_IDLE_S: '60' }, 0);
    graph = createKnowledgeGraph(h.config, db.db);
    const r = await createUser(db.db, { email: 'admin@streams.test', displayName: 'Admin', role: 'admin', password: 'admin password 1' });
    if (!r.ok) throw new Error('no admin');
    admin = r.user;
  });
  afterAll(async () => {
    await graph?.close();
    await h?.close();
    await db?.dispose();
  });

  it('a console that dies before acknowledging loses nothing: another consumer claims its entries once idle', async () => {
    await qaResultsStream.publish(h.x.redis, qaMessage(1));
    await episodeStream.publish(h.x.redis, episodeMessage(1));
    // The old console reads both entries and dies before it writes or acknowledges them.
    const qaRead = await qaResultsStream.read(h.x.redis, DEAD_CONSOLE, 10, 60_000);
    const epRead = await episodeStream.read(h.x.redis, DEAD_CONSOLE, 10, 60_000);
    expect(qaRead.map((e) => e.message?.run_id)).toEqual([RUN(1)]);
    expect(epRead.map((e) => e.message?.episode.run_id)).toEqual([RUN(1)]);

    // Not idle long enough yet: the new console leaves them with their reader.
    await pass();
    expect(await qaRows(1)).toHaveLength(0);
    expect((await pendingOf(QA_STREAM, qaResultsStream.group)).map((p) => p[1])).toEqual([DEAD_CONSOLE]);

    await ageEntries(
      QA_STREAM,
      qaResultsStream.group,
      qaRead.map((e) => e.id),
    );
    await ageEntries(
      EPISODE_STREAM,
      episodeStream.group,
      epRead.map((e) => e.id),
    );
    const r = await pass();
    expect(r.qa.handled).toBe(1);
    expect(r.moved).toBe(1);
    expect((await qaRows(1)).map((row) => row.callId)).toEqual(['REC-STREAM-1']);
    const executions = await graph.executions({ workflow_id: 'wf-streams', version: '1.0.0' }, 10);
    expect(executions.map((e) => e.run_id)).toContain(RUN(1));
    expect(await pendingOf(QA_STREAM, qaResultsStream.group)).toEqual([]);
    expect(await pendingOf(EPISODE_STREAM, episodeStream.group)).toEqual([]);
  });

  it('a console restarted under the same role takes up what its previous process read, without waiting', async () => {
    await qaResultsStream.publish(h.x.redis, qaMessage(6));
    // The previous console process (same role name, another pid) read it and died before writing it.
    const read = await qaResultsStream.read(h.x.redis, CONSUMER_ROLES.consolidator, 10, 60_000);
    expect(read.map((e) => e.message?.run_id)).toEqual([RUN(6)]);
    expect((await pass()).qa).toMatchObject({ handled: 1 });
    expect(await qaRows(6)).toHaveLength(1);
    expect(await pendingOf(QA_STREAM, qaResultsStream.group)).toEqual([]);
  });

  it('a malformed entry is dead-lettered at once and the entries behind it are written', async () => {
    await qaResultsStream.publish(h.x.redis, qaMessage(2));
    const notJson = await h.x.redis.xadd(QA_STREAM, '*', 'm', '{"run_id": "broken');
    const badShape = await h.x.redis.xadd(QA_STREAM, '*', 'm', JSON.stringify({ run_id: RUN(9), records: [{ callId: 7 }] }));
    const noPayload = await h.x.redis.xadd(QA_STREAM, '*', 'other', 'x');
    await qaResultsStream.publish(h.x.redis, qaMessage(3));
    await h.x.redis.xadd(EPISODE_STREAM, '*', 'm', JSON.stringify({ episode: { run_id: RUN(9) } }));
    await episodeStream.publish(h.x.redis, episodeMessage(3));

    const r = await pass();
    expect(r.qa).toMatchObject({ handled: 2, deadLettered: 3, retrying: 0, sinkDown: null });
    expect(r).toMatchObject({ moved: 1, deadLettered: 1 });
    expect(await qaRows(2)).toHaveLength(1);
    expect(await qaRows(3)).toHaveLength(1);

    const { caller } = callerFor(db.db, admin, { services: { config: h.config, db: async () => db.db, execution: async () => h.x } });
    const listed = await caller.health.deadLetters({ limit: 10 });
    if (listed.status !== 'ok') throw new Error(listed.error);
    const qa = listed.streams.find((s) => s.stream === QA_STREAM)!;
    expect(qa.count).toBe(3);
    expect(qa.entries.map((e) => e.source_id).sort()).toEqual([notJson, badShape, noPayload].sort());
    expect(qa.entries.every((e) => e.reason === 'malformed' && e.deliveries === 1 && e.consumer === CONSUMER_ROLES.consolidator)).toBe(
      true,
    );
    expect(qa.entries.find((e) => e.source_id === notJson)!.error).toMatch(/not valid JSON/);
    expect(qa.entries.find((e) => e.source_id === badShape)!.error).toMatch(/records\.0\.callId/);
    expect(qa.entries.find((e) => e.source_id === noPayload)).toMatchObject({ payload_chars: null });
    expect(listed.streams.find((s) => s.stream === EPISODE_STREAM)!.count).toBe(1);
    expect(await pendingOf(QA_STREAM, qaResultsStream.group)).toEqual([]);
  });

  it('an admin retry re-publishes a dead letter to its stream, removes it, and is audited', async () => {
    const { caller } = callerFor(db.db, admin, { services: { config: h.config, db: async () => db.db, execution: async () => h.x } });
    const before = await caller.health.deadLetters({ limit: 10 });
    if (before.status !== 'ok') throw new Error(before.error);
    const dead = before.streams.find((s) => s.stream === QA_STREAM)!.entries.find((e) => e.error.includes('JSON'))!;
    const length = await h.x.redis.xlen(QA_STREAM);

    const r = await caller.health.retryDeadLetter({ stream: QA_STREAM, id: dead.id });
    expect(r).toMatchObject({ status: 'ok', stream: QA_STREAM, id: dead.id });
    expect(await h.x.redis.xlen(QA_STREAM)).toBe(length + 1);
    const [newId, fields] = (await h.x.redis.xrevrange(QA_STREAM, '+', '-', 'COUNT', 1))[0]!;
    expect(r.status === 'ok' && r.entry_id).toBe(newId);
    expect(fields).toEqual(['m', '{"run_id": "broken']);
    const after = await caller.health.deadLetters({ limit: 10 });
    if (after.status !== 'ok') throw new Error(after.error);
    expect(after.streams.find((s) => s.stream === QA_STREAM)!.entries.map((e) => e.id)).not.toContain(dead.id);

    // The same dead letter twice, or one with no payload: clear refusals, nothing re-published.
    expect(await caller.health.retryDeadLetter({ stream: QA_STREAM, id: dead.id })).toMatchObject({ error_code: 'not_found' });
    const noPayload = after.streams.find((s) => s.stream === QA_STREAM)!.entries.find((e) => e.payload_chars === null)!;
    expect(await caller.health.retryDeadLetter({ stream: QA_STREAM, id: noPayload.id })).toMatchObject({ error_code: 'conflict' });
    expect(await h.x.redis.xlen(QA_STREAM)).toBe(length + 1);
    await expect(caller.health.retryDeadLetter({ stream: QA_STREAM, id: 'DROP TABLE' })).rejects.toThrow(/stream entry id/);
    // The tool itself refuses a user who is not an admin, whichever way it is called.
    const manager = { kind: 'user' as const, id: admin.id, label: 'cm@streams.test', role: 'compliance_manager' as const };
    const services = { config: h.config, execution: async () => h.x };
    const refused = await invokeTool(retryDeadLetterTool, { stream: QA_STREAM, id: noPayload.id }, { actor: manager, services });
    expect(refused).toMatchObject({ status: 'error', error_code: 'forbidden' });

    const [audit] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'health.retryDeadLetter'))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(audit).toBeDefined();
    expect(audit!.actorLabel).toBe('admin@streams.test');

    // Back on its stream, the entry is still not JSON: the next pass sets it aside again.
    expect((await pass()).qa).toMatchObject({ deadLettered: 1 });
  });

  it(`an entry the database rejects is tried ${MAX_DELIVERIES} times, then dead-lettered; the rest flow`, async () => {
    await qaResultsStream.publish(h.x.redis, qaMessage(4, { callAt: 'not a date' }));
    await qaResultsStream.publish(h.x.redis, qaMessage(5));
    const deadBefore = await h.x.redis.xlen(qaResultsStream.deadLetters);
    const first = await pass();
    expect(first.qa).toMatchObject({ handled: 1, retrying: 1, deadLettered: 0 });
    expect(await qaRows(5)).toHaveLength(1);
    for (let attempt = 2; attempt < MAX_DELIVERIES; attempt++) expect((await pass()).qa).toMatchObject({ retrying: 1 });
    expect((await pass()).qa).toMatchObject({ retrying: 0, deadLettered: 1 });
    expect(await h.x.redis.xlen(qaResultsStream.deadLetters)).toBe(deadBefore + 1);
    const [, fields] = (await h.x.redis.xrevrange(qaResultsStream.deadLetters, '+', '-', 'COUNT', 1))[0]!;
    const f = Object.fromEntries(fields.flatMap((v, i) => (i % 2 ? [] : [[v, fields[i + 1]]])));
    expect(f).toMatchObject({ reason: 'failed', deliveries: String(MAX_DELIVERIES) });
    // The database's reason, not the query builder's SQL.
    expect(f.error).toMatch(/not a date/);
    expect(f.error).not.toMatch(/^Failed query/);
    expect(await qaRows(4)).toHaveLength(0);
    expect(await pendingOf(QA_STREAM, qaResultsStream.group)).toEqual([]);
  });
});
