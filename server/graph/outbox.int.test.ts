import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphOutbox } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { enqueueGraphWrite, pendingGraphWrites, replayGraphOutbox } from './outbox.ts';
import type { Episode, GraphWrite, KnowledgeGraph, PatternEpisode, TaskEpisode } from './port.ts';
import { createPostgresGraph } from './postgres/index.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A graph that can be "down": while down every call throws, as an unreachable Neo4j would.
 * `failAfter` brings it down after that many more successful calls (an outage mid-replay).
 * `applied` lists, in order, the writes that reached the real graph.
 */
function outageGraph(inner: KnowledgeGraph) {
  const state = { down: false, failAfter: Infinity, applied: [] as string[] };
  const gate = (what: string) => {
    if (state.failAfter <= 0) state.down = true;
    if (state.down) throw new Error('graph unreachable (simulated outage)');
    state.failAfter -= 1;
    state.applied.push(what);
  };
  const graph: KnowledgeGraph = {
    ...inner,
    upsertSkill: async (s) => (gate(`skill ${s.uri}`), inner.upsertSkill(s)),
    upsertWorkflowVersion: async (w) => (gate(`workflow_version ${w.workflow_id}@${w.version}`), inner.upsertWorkflowVersion(w)),
    link: async (kind, child, parent) => (gate(`link ${child.workflow_id}@${child.version}`), inner.link(kind, child, parent)),
    recordEpisode: async (e) => (gate(`episode ${e.run_id}`), inner.recordEpisode(e)),
    recordTaskEpisode: async (e) => (gate(`task_episode ${e.session_id}/${e.task_id}`), inner.recordTaskEpisode(e)),
    recordPatternEpisode: async (e) => (gate(`pattern_episode ${e.uuid}`), inner.recordPatternEpisode(e)),
  };
  return { graph, state };
}

const WHISPER = 'skill://whisper-transcribe@1.0.0';

const episode = (run_id: string, outcome: 'success' | 'failure'): Episode => ({
  run_id,
  workflow_id: 'std',
  workflow_version: '1.0.0',
  workflow_name: 'Standard',
  status: outcome === 'success' ? 'SUCCEEDED' : 'FAILED',
  started_at: '2030-01-01T00:00:00Z',
  finished_at: '2030-01-01T00:01:00Z',
  states: [
    { state: 'Transcribe', skill: WHISPER, outcome, latency_ms: 1000, error: outcome === 'failure' ? 'TimeoutError' : null, attempts: 1 },
  ],
});

const writes: GraphWrite[] = [
  {
    kind: 'workflow_version',
    payload: {
      workflow_id: 'std',
      version: '1.0.0',
      name: 'Standard',
      description: '',
      tags: [],
      skills: [WHISPER],
      created_at: '2030-01-01T00:00:00Z',
      author: null,
    },
  },
  { kind: 'skill', payload: { uri: WHISPER, name: 'whisper-transcribe', version: '1.0.0', capability: 'transcription', tags: [] } },
  {
    kind: 'link',
    payload: { kind: 'VERSION_OF', child: { workflow_id: 'std', version: '1.0.1' }, parent: { workflow_id: 'std', version: '1.0.0' } },
  },
  { kind: 'episode', payload: episode('run-1', 'success') },
  { kind: 'episode', payload: episode('run-2', 'failure') },
];
const task: TaskEpisode = {
  session_id: 'session-1',
  task_id: 'task-1',
  companion_id: 'companion-1',
  status: 'failed',
  duration_s: 30,
  error: 'TimeoutError',
  completed_at: '2030-01-01T00:02:00Z',
  uses: [{ skill: WHISPER, step: 'transcribe', outcome: 'failure', latency_ms: null, error: 'TimeoutError', at: '2030-01-01T00:02:00Z' }],
};

const pattern: PatternEpisode = {
  uuid: '7d444840-9dc0-41f4-8c24-0ed4a8c2d8a0',
  group_id: 'session-1',
  name: 'Whisper times out on long calls',
  episode_body: '{"skill": "skill://whisper-transcribe@1.0.0", "timeouts": 1}',
  source: 'json',
  source_description: 'strategist pattern',
  created_at: '2030-01-01T00:03:00Z',
};

const ORDER = ['workflow_version std@1.0.0', `skill ${WHISPER}`, 'link std@1.0.1', 'episode run-1', 'episode run-2'];

describe(`graph outbox on ${testDbKind()}`, () => {
  let h: Handle;
  let inner: KnowledgeGraph;
  beforeAll(async () => {
    h = await createTestDatabase();
    inner = createPostgresGraph(h.db);
  });
  afterAll(() => h.dispose());
  beforeEach(async () => {
    await h.db.execute(
      sql`truncate graph_outbox, graph_skill_uses, graph_executions, graph_tasks, graph_episodes, graph_edges, graph_workflows, graph_skills`,
    );
  });

  const rows = () => h.db.select().from(graphOutbox).orderBy(asc(graphOutbox.id));

  it('validates what is enqueued', async () => {
    await expect(
      enqueueGraphWrite(h.db, { kind: 'episode', payload: { ...episode('bad', 'success'), status: 'DONE' } } as never),
    ).rejects.toThrow();
    await expect(enqueueGraphWrite(h.db, { kind: 'nope', payload: {} } as never)).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('enqueues inside the caller’s transaction: a rollback leaves nothing behind', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await enqueueGraphWrite(tx, writes[0]!);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await pendingGraphWrites(h.db)).toBe(0);
  });

  it('loses nothing through an outage and applies writes in order once the graph is back', async () => {
    const { graph, state } = outageGraph(inner);
    for (const w of writes) await enqueueGraphWrite(h.db, w);

    state.down = true;
    expect(await replayGraphOutbox(h.db, graph, { limit: 100 })).toEqual({
      applied: 0,
      failed: 1,
      pending: 5,
      lastError: 'graph unreachable (simulated outage)',
    });
    expect(await replayGraphOutbox(h.db, graph, { limit: 100 })).toMatchObject({ applied: 0, failed: 1, pending: 5 });
    const during = await rows();
    expect(during.map((r) => [r.kind, r.attempts, r.lastError, r.appliedAt])).toEqual([
      ['workflow_version', 2, 'graph unreachable (simulated outage)', null],
      ['skill', 0, null, null],
      ['link', 0, null, null],
      ['episode', 0, null, null],
      ['episode', 0, null, null],
    ]);

    state.down = false;
    expect(await replayGraphOutbox(h.db, graph, { limit: 100 })).toEqual({ applied: 5, failed: 0, pending: 0, lastError: null });
    expect(state.applied).toEqual(ORDER);
    expect((await rows()).every((r) => r.appliedAt !== null)).toBe(true);
    expect(await inner.skillReliability(WHISPER)).toMatchObject({ capability: 'transcription', n_success: 1, n_failures: 1 });
    expect((await inner.lineage('std')).edges).toHaveLength(1);
    // Nothing left: a further replay does nothing.
    expect(await replayGraphOutbox(h.db, graph)).toEqual({ applied: 0, failed: 0, pending: 0, lastError: null });
  });

  it('stops at the first failure mid-replay, so no later write overtakes it', async () => {
    const { graph, state } = outageGraph(inner);
    for (const w of writes) await enqueueGraphWrite(h.db, w);
    state.failAfter = 2;
    expect(await replayGraphOutbox(h.db, graph)).toMatchObject({ applied: 2, failed: 1, pending: 3 });
    expect((await rows()).map((r) => [r.attempts, r.appliedAt !== null])).toEqual([
      [1, true],
      [1, true],
      [1, false],
      [0, false],
      [0, false],
    ]);
    state.down = false;
    state.failAfter = Infinity;
    expect(await replayGraphOutbox(h.db, graph)).toMatchObject({ applied: 3, failed: 0, pending: 0 });
    expect(state.applied).toEqual(ORDER);
  });

  it('applies at most `limit` rows per call, oldest first', async () => {
    const { graph, state } = outageGraph(inner);
    for (const w of writes) await enqueueGraphWrite(h.db, w);
    expect(await replayGraphOutbox(h.db, graph, { limit: 2 })).toMatchObject({ applied: 2, pending: 3 });
    expect(await replayGraphOutbox(h.db, graph, { limit: 2 })).toMatchObject({ applied: 2, pending: 1 });
    expect(await replayGraphOutbox(h.db, graph, { limit: 2 })).toMatchObject({ applied: 1, pending: 0 });
    expect(state.applied).toEqual(ORDER);
  });

  it('tolerates applying a row twice (at-least-once delivery): episodes stay idempotent', async () => {
    for (const w of writes) await enqueueGraphWrite(h.db, w);
    await replayGraphOutbox(h.db, inner);
    // As if the applied_at updates had been lost after the graph writes succeeded.
    await h.db.execute(sql`update graph_outbox set applied_at = null`);
    expect(await replayGraphOutbox(h.db, inner)).toMatchObject({ applied: 5, pending: 0 });
    expect(await inner.skillReliability(WHISPER)).toMatchObject({ n_success: 1, n_failures: 1 });
  });

  it('carries delegated tasks and Strategist patterns like the other writes, idempotent on replay', async () => {
    const { graph, state } = outageGraph(inner);
    const items: GraphWrite[] = [writes[1]!, { kind: 'task_episode', payload: task }, { kind: 'pattern_episode', payload: pattern }];
    for (const w of items) await enqueueGraphWrite(h.db, w);
    await expect(enqueueGraphWrite(h.db, { kind: 'pattern_episode', payload: { ...pattern, uuid: 'A-B' } })).rejects.toThrow();
    expect((await rows()).map((r) => r.kind)).toEqual(['skill', 'task_episode', 'pattern_episode']);

    state.down = true;
    expect(await replayGraphOutbox(h.db, graph)).toMatchObject({ applied: 0, failed: 1, pending: 3 });
    state.down = false;
    expect(await replayGraphOutbox(h.db, graph)).toMatchObject({ applied: 3, failed: 0, pending: 0 });
    expect(state.applied).toEqual([`skill ${WHISPER}`, 'task_episode session-1/task-1', `pattern_episode ${pattern.uuid}`]);

    await h.db.execute(sql`update graph_outbox set applied_at = null`);
    expect(await replayGraphOutbox(h.db, inner)).toMatchObject({ applied: 3, pending: 0 });
    expect(await inner.skillReliability(WHISPER)).toMatchObject({ capability: 'transcription', n_success: 0, n_failures: 1 });
    expect(await inner.recentFailures(WHISPER, 5)).toEqual([
      { run_id: 'task:session-1/task-1', state: 'transcribe', error: 'TimeoutError', at: '2030-01-01T00:02:00.000Z' },
    ]);
    expect((await inner.episodes(['session-1'], 10)).map((e) => [e.name, e.source_description])).toEqual([
      ['Whisper times out on long calls', 'strategist pattern'],
      ['delegated_task session-1/task-1', 'DCF+ delegated task'],
    ]);
  });
});
