import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineActivityContract } from './contract-activity.ts';
import { defineCallerErrorContract } from './contract-caller-errors.ts';
import { defineEpisodeContract } from './contract-episodes.ts';
import { defineSkillUsesContract } from './contract-skill-uses.ts';
import type { Episode, EpisodeState, KnowledgeGraph, WorkflowVersionNode } from './port.ts';

/**
 * The knowledge-graph contract: one suite every adapter must pass (docs/ARCHITECTURE.md "Ports and
 * adapters"). postgres.int.test.ts runs it on PGlite and PostgreSQL, neo4j.int.test.ts on a real
 * Neo4j when NEO4J_URI is set.
 *
 * The clock is pinned (`NOW`), so windows and trend buckets are exact. Every id carries a random
 * suffix, so the suite can run against a store that already holds data (a shared Neo4j), and
 * tests only look at what they wrote.
 */

export interface GraphUnderTest {
  graph: KnowledgeGraph;
  dispose(): Promise<void>;
}

export type OpenGraph = (options: { now: () => Date }) => Promise<GraphUnderTest>;

export const NOW = new Date('2030-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY + extraMs).toISOString();

export function defineKnowledgeGraphContract(label: string, open: OpenGraph): void {
  describe(`knowledge graph contract: ${label}`, () => {
    const tag = randomBytes(4).toString('hex');
    const skill = (name: string) => `skill://${name}-${tag}@1.0.0`;
    const wf = (name: string) => `${name}-${tag}`;
    let g: KnowledgeGraph;
    let subject: GraphUnderTest;
    let runs = 0;

    /** An episode of one state per entry: [skill, outcome, latency]. */
    const episode = (over: Partial<Episode> & { uses: Array<[string | null, 'success' | 'failure', number | null, string?]> }): Episode => {
      const { uses, ...rest } = over;
      const states: EpisodeState[] = uses.map(([s, outcome, latency, error], i) => ({
        state: `S${i}`,
        skill: s,
        outcome,
        latency_ms: latency,
        error: error ?? (outcome === 'failure' ? 'TimeoutError' : null),
        attempts: 1,
      }));
      runs += 1;
      return {
        run_id: `run-${tag}-${String(runs).padStart(3, '0')}`,
        workflow_id: wf('standard'),
        workflow_version: '1.0.0',
        workflow_name: 'Standard Advice Call Analysis',
        status: 'SUCCEEDED',
        started_at: ago(1, -60_000),
        finished_at: ago(1),
        states,
        ...rest,
      };
    };

    const version = (workflow_id: string, v: string, createdDaysAgo: number, skills: string[] = []): WorkflowVersionNode => ({
      workflow_id,
      version: v,
      name: `${workflow_id} ${v}`,
      description: 'A workflow',
      tags: ['qa'],
      skills,
      created_at: ago(createdDaysAgo),
      author: 'planner@test',
    });

    beforeAll(async () => {
      subject = await open({ now: () => NOW });
      g = subject.graph;
    });
    afterAll(() => subject?.dispose());

    it('is reachable', async () => {
      await expect(g.ping()).resolves.toBeUndefined();
    });

    it('records an episode once per run_id, however often it is replayed', async () => {
      const s = skill('idem');
      const e = episode({
        uses: [
          [s, 'success', 120],
          [null, 'success', null],
          [s, 'failure', 300],
        ],
      });
      await g.recordEpisode(e);
      await g.recordEpisode(e);
      await Promise.all([g.recordEpisode(e), g.recordEpisode(e)]);
      const r = await g.skillReliability(s);
      expect([r.n_success, r.n_failures]).toEqual([1, 1]);
      const xs = await g.executions({ workflow_id: e.workflow_id, version: e.workflow_version }, 100);
      expect(xs.filter((x) => x.run_id === e.run_id)).toEqual([
        { run_id: e.run_id, status: 'SUCCEEDED', started_at: e.started_at, finished_at: e.finished_at },
      ]);
      expect(await g.skillReliability(s, { lastRuns: 100 })).toMatchObject({ n_success: 1, n_failures: 1 });
    });

    it('counts successes and failures per skill, including a swap (scenario 3), and keeps counters across upserts', async () => {
      const whisper = skill('whisper');
      const assembly = skill('assemblyai');
      await g.upsertSkill({ uri: whisper, name: `whisper-${tag}`, version: '1.0.0', capability: 'transcription', tags: ['audio'] });
      await g.recordEpisode(episode({ uses: [[whisper, 'success', 100]] }));
      await g.recordEpisode(episode({ uses: [[whisper, 'success', 200]] }));
      const swap = episode({ uses: [[whisper, 'failure', 120_000, 'TimeoutError: 120 s']] });
      swap.states.push({
        state: 'S0',
        skill: assembly,
        outcome: 'success',
        latency_ms: 4_000,
        error: null,
        attempts: 1,
        swapped_from: whisper,
      });
      await g.recordEpisode(swap);
      // An upsert after the uses changes the description of the skill, never its counters.
      await g.upsertSkill({ uri: whisper, name: `whisper-${tag}`, version: '1.0.0', capability: 'speech-to-text', tags: ['audio'] });

      const w = await g.skillReliability(whisper);
      expect(w).toMatchObject({ skill: whisper, capability: 'speech-to-text', n_success: 2, n_failures: 1 });
      expect(w.success_rate).toBeCloseTo(2 / 3, 12);
      expect(w.failure_rate).toBeCloseTo(1 / 3, 12);
      // A skill first met in an episode exists with its counts (capability unknown until upserted).
      expect(await g.skillReliability(assembly)).toMatchObject({
        skill: assembly,
        capability: null,
        n_success: 1,
        n_failures: 0,
        success_rate: 1,
        failure_rate: 0,
      });
    });

    it('answers an unknown skill with zero uses and unknown rates', async () => {
      expect(await g.skillReliability(skill('never-used'))).toEqual({
        skill: skill('never-used'),
        capability: null,
        n_success: 0,
        n_failures: 0,
        n_caller_errors: 0,
        success_rate: null,
        failure_rate: null,
        p50_latency_ms: null,
        p95_latency_ms: null,
      });
    });

    it('separates all-time reliability from a recent window by days and by last N uses', async () => {
      const s = skill('degrading');
      // Old failures (40 days ago), recent successes (2 days ago).
      for (let i = 0; i < 3; i++) await g.recordEpisode(episode({ finished_at: ago(40, i * 1000), uses: [[s, 'failure', 900]] }));
      for (let i = 0; i < 2; i++) await g.recordEpisode(episode({ finished_at: ago(2, i * 1000), uses: [[s, 'success', 100]] }));

      expect(await g.skillReliability(s)).toMatchObject({ n_success: 2, n_failures: 3 });
      expect(await g.skillReliability(s, { days: 7 })).toMatchObject({ n_success: 2, n_failures: 0, success_rate: 1 });
      expect(await g.skillReliability(s, { days: 60 })).toMatchObject({ n_success: 2, n_failures: 3 });
      expect(await g.skillReliability(s, { lastRuns: 3 })).toMatchObject({ n_success: 2, n_failures: 1 });
      expect(await g.skillReliability(s, { days: 7, lastRuns: 1 })).toMatchObject({ n_success: 1, n_failures: 0 });
      expect(await g.skillReliability(s, { days: 1 })).toMatchObject({
        n_success: 0,
        n_failures: 0,
        success_rate: null,
        p50_latency_ms: null,
      });
      // The window bounds the latency percentiles too.
      expect(await g.skillReliability(s, { days: 7 })).toMatchObject({ p50_latency_ms: 100, p95_latency_ms: 100 });
    });

    it('computes p50 / p95 latency exactly (linear interpolation, null latencies ignored)', async () => {
      const s = skill('latency');
      // 100, 200, …, 1000 ms (the first sent as 99.6: kept as whole ms), later uses slower; one use without a latency.
      for (let i = 1; i <= 10; i++) {
        await g.recordEpisode(episode({ finished_at: ago(5, i * 60_000), uses: [[s, 'success', i === 1 ? 99.6 : i * 100]] }));
      }
      await g.recordEpisode(episode({ finished_at: ago(6), uses: [[s, 'failure', null]] }));

      const all = await g.skillReliability(s);
      expect(all.p50_latency_ms).toBeCloseTo(550, 9);
      expect(all.p95_latency_ms).toBeCloseTo(955, 9); // 900 + 0.55 × 100
      const last4 = await g.skillReliability(s, { lastRuns: 4 }); // 700, 800, 900, 1000
      expect(last4.p50_latency_ms).toBeCloseTo(850, 9);
      expect(last4.p95_latency_ms).toBeCloseTo(985, 9); // 900 + 0.85 × 100
      expect(last4).toMatchObject({ n_success: 4, n_failures: 0 });
    });

    it('lists every skill with its reliability, ordered by URI, the window applying per skill', async () => {
      const a = skill('all-a');
      const b = skill('all-b');
      await g.upsertSkill({ uri: b, name: 'b', version: '1.0.0', capability: 'scoring', tags: [] });
      await g.recordEpisode(episode({ finished_at: ago(30), uses: [[a, 'failure', 10]] }));
      await g.recordEpisode(episode({ finished_at: ago(1), uses: [[a, 'success', 20]] }));

      const mine = (list: Awaited<ReturnType<KnowledgeGraph['allSkillReliability']>>) => list.filter((r) => r.skill === a || r.skill === b);
      const allTime = await g.allSkillReliability();
      expect(allTime.map((r) => r.skill)).toEqual([...allTime.map((r) => r.skill)].sort());
      expect(mine(allTime)).toMatchObject([
        { skill: a, n_success: 1, n_failures: 1 },
        { skill: b, capability: 'scoring', n_success: 0, n_failures: 0, success_rate: null },
      ]);
      expect(mine(await g.allSkillReliability({ days: 7 }))).toMatchObject([
        { skill: a, n_success: 1, n_failures: 0 },
        { skill: b, n_success: 0 },
      ]);
      expect(mine(await g.allSkillReliability({ lastRuns: 1 }))).toMatchObject([
        { skill: a, n_success: 1, n_failures: 0 },
        { skill: b, n_success: 0 },
      ]);
    });

    it('buckets uses into a trend, oldest bucket first, the last ending now', async () => {
      const s = skill('trend');
      for (const [days, outcome] of [
        [30, 'success'],
        [27, 'success'],
        [10, 'failure'],
        [3, 'failure'],
        [1, 'success'],
        [0, 'success'],
      ] as const) {
        await g.recordEpisode(episode({ finished_at: ago(days), uses: [[s, outcome, 50]] }));
      }
      const bucket = (start: string, n_success: number, n_failures: number) => ({ start, n_success, n_failures, n_caller_errors: 0 });
      expect(await g.skillTrend(s, 4, 7)).toEqual([
        bucket(ago(28), 1, 0),
        bucket(ago(21), 0, 0),
        bucket(ago(14), 0, 1),
        bucket(ago(7), 2, 1),
      ]);
      expect(await g.skillTrend(skill('no-trend'), 2, 1)).toEqual([bucket(ago(2), 0, 0), bucket(ago(1), 0, 0)]);
    });

    it('lists the latest failures of a skill, newest first', async () => {
      const s = skill('failing');
      const old = episode({ finished_at: ago(9), uses: [[s, 'failure', 1, 'old error']] });
      const ok = episode({ finished_at: ago(2), uses: [[s, 'success', 1]] });
      const recent = episode({
        finished_at: ago(1),
        uses: [
          [null, 'success', null],
          [s, 'failure', 1, 'TimeoutError'],
        ],
      });
      for (const e of [old, ok, recent]) await g.recordEpisode(e);
      expect(await g.recentFailures(s, 10)).toEqual([
        { run_id: recent.run_id, state: 'S1', error: 'TimeoutError', at: ago(1) },
        { run_id: old.run_id, state: 'S0', error: 'old error', at: ago(9) },
      ]);
      expect(await g.recentFailures(s, 1)).toHaveLength(1);
    });

    describe('lineage (spec §3.5: the family tree of capabilities)', () => {
      const standard = () => wf('std');
      const product = () => wf('product-check');
      const heloc = () => wf('heloc');
      const other = () => wf('unrelated');
      const ref = (workflow_id: string, v: string) => ({ workflow_id, version: v });

      beforeAll(async () => {
        await g.upsertWorkflowVersion(version(standard(), '1.0.0', 30, [skill('whisper'), skill('scoring')]));
        await g.upsertWorkflowVersion(version(standard(), '1.0.1', 20, [skill('assemblyai'), skill('scoring')]));
        await g.upsertWorkflowVersion(version(product(), '1.0.0', 10, [skill('whisper'), skill('diarize')]));
        await g.upsertWorkflowVersion(version(other(), '1.0.0', 5, [skill('scoring')]));
        await g.link('VERSION_OF', ref(standard(), '1.0.1'), ref(standard(), '1.0.0'));
        await g.link('REFINEMENT_OF', ref(product(), '1.0.0'), ref(standard(), '1.0.0'));
        // Linked before its node is upserted: a placeholder until then.
        await g.link('REFINEMENT_OF', ref(heloc(), '1.0.0'), ref(product(), '1.0.0'));
        // Idempotent.
        await g.link('VERSION_OF', ref(standard(), '1.0.1'), ref(standard(), '1.0.0'));
      });

      it('creates a placeholder for a version linked before it was upserted, filled in later', async () => {
        const before = await g.lineage(heloc());
        expect(before.nodes.find((n) => n.workflow_id === heloc())).toEqual({
          workflow_id: heloc(),
          version: '1.0.0',
          name: heloc(),
          created_at: NOW.toISOString(),
        });
        await g.upsertWorkflowVersion(version(heloc(), '1.0.0', 2, [skill('assemblyai')]));
        const after = await g.lineage(heloc());
        expect(after.nodes.find((n) => n.workflow_id === heloc())).toEqual({
          workflow_id: heloc(),
          version: '1.0.0',
          name: `${heloc()} 1.0.0`,
          created_at: ago(2),
        });
      });

      it('returns the whole family across VERSION_OF and REFINEMENT_OF, from any member', async () => {
        const expected = {
          nodes: [
            { workflow_id: standard(), version: '1.0.0', name: `${standard()} 1.0.0`, created_at: ago(30) },
            { workflow_id: standard(), version: '1.0.1', name: `${standard()} 1.0.1`, created_at: ago(20) },
            { workflow_id: product(), version: '1.0.0', name: `${product()} 1.0.0`, created_at: ago(10) },
            { workflow_id: heloc(), version: '1.0.0', name: `${heloc()} 1.0.0`, created_at: ago(2) },
          ],
          edges: [
            { kind: 'REFINEMENT_OF', from: ref(heloc(), '1.0.0'), to: ref(product(), '1.0.0') },
            { kind: 'REFINEMENT_OF', from: ref(product(), '1.0.0'), to: ref(standard(), '1.0.0') },
            { kind: 'VERSION_OF', from: ref(standard(), '1.0.1'), to: ref(standard(), '1.0.0') },
          ],
        };
        // Ids sort heloc < product-check < std whatever the random tag, so this is the port's edge order.
        for (const id of [standard(), product(), heloc()]) expect(await g.lineage(id)).toEqual(expected);
        expect(await g.lineage(other())).toEqual({
          nodes: [{ workflow_id: other(), version: '1.0.0', name: `${other()} 1.0.0`, created_at: ago(5) }],
          edges: [],
        });
        expect(await g.lineage(wf('nothing'))).toEqual({ nodes: [], edges: [] });
      });

      it('finds descendants transitively (the blast radius of a change)', async () => {
        expect((await g.descendants(ref(standard(), '1.0.0'))).map((n) => [n.workflow_id, n.version])).toEqual([
          [standard(), '1.0.1'],
          [product(), '1.0.0'],
          [heloc(), '1.0.0'],
        ]);
        expect((await g.descendants(ref(product(), '1.0.0'))).map((n) => n.workflow_id)).toEqual([heloc()]);
        expect(await g.descendants(ref(heloc(), '1.0.0'))).toEqual([]);
      });

      it('survives a cycle', async () => {
        const a = wf('cycle-a');
        await g.link('VERSION_OF', ref(a, '2'), ref(a, '1'));
        await g.link('REFINEMENT_OF', ref(a, '1'), ref(a, '2'));
        expect((await g.lineage(a)).nodes).toHaveLength(2);
        expect((await g.descendants(ref(a, '1'))).map((n) => n.version)).toEqual(['2']);
      });

      it('finds the versions whose bindings use a skill, ordered by workflow id and version', async () => {
        const using = await g.workflowsUsingSkill(skill('scoring'));
        expect(using.map((n) => [n.workflow_id, n.version])).toEqual(
          [
            [other(), '1.0.0'],
            [standard(), '1.0.0'],
            [standard(), '1.0.1'],
          ].sort((x, y) => (x.join('@') < y.join('@') ? -1 : 1)),
        );
        expect((await g.workflowsUsingSkill(skill('diarize'))).map((n) => n.workflow_id)).toEqual([product()]);
        expect(await g.workflowsUsingSkill(skill('nowhere'))).toEqual([]);
      });
    });

    it('lists the executions of one version, newest first, limited', async () => {
      const id = wf('runs');
      await g.upsertWorkflowVersion(version(id, '2.0.0', 50));
      const mk = (v: string, startedDaysAgo: number, status: Episode['status']) =>
        episode({
          workflow_id: id,
          workflow_version: v,
          status,
          started_at: ago(startedDaysAgo),
          finished_at: ago(startedDaysAgo, 5_000),
          uses: [],
        });
      const e1 = mk('2.0.0', 3, 'SUCCEEDED');
      const e2 = mk('2.0.0', 1, 'FAILED');
      const e3 = mk('2.0.0', 2, 'TIMED_OUT');
      const elsewhere = mk('2.0.1', 0, 'SUCCEEDED'); // another version (a placeholder node)
      for (const e of [e1, e2, e3, elsewhere]) await g.recordEpisode(e);
      const summary = (e: Episode) => ({ run_id: e.run_id, status: e.status, started_at: e.started_at, finished_at: e.finished_at });
      expect(await g.executions({ workflow_id: id, version: '2.0.0' }, 10)).toEqual([summary(e2), summary(e3), summary(e1)]);
      expect(await g.executions({ workflow_id: id, version: '2.0.0' }, 2)).toEqual([summary(e2), summary(e3)]);
      expect(await g.executions({ workflow_id: id, version: '2.0.1' }, 10)).toEqual([summary(elsewhere)]);
      // The executed-but-never-upserted version exists as a node named after the run's workflow.
      expect((await g.lineage(id)).nodes.map((n) => [n.version, n.name])).toEqual([
        ['2.0.0', `${id} 2.0.0`],
        ['2.0.1', 'Standard Advice Call Analysis'],
      ]);
    });

    defineEpisodeContract({ graph: () => g, now: NOW, ago, skill, id: wf, runEpisode: episode });
    defineCallerErrorContract({ graph: () => g, now: NOW, ago, skill, id: wf, runEpisode: episode });
    defineActivityContract({ graph: () => g, now: NOW, ago, skill, id: wf, runEpisode: episode });
    defineSkillUsesContract({ graph: () => g, now: NOW, ago, skill, id: wf, runEpisode: episode });
  });
}
