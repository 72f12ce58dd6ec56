import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import type { AppConfig } from '../../config.ts';
import { executionHarness, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { createKnowledgeGraph } from '../../graph/factory.ts';
import type { Episode, KnowledgeGraph, RecordedSkillUse } from '../../graph/port.ts';
import { policyComparisonSchema, type PolicyComparison } from '../../../lib/planning/schemas.ts';
import { createTestDatabase, testDbKind } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { findTool } from '../../tools/registry.ts';
import { demoDataset } from '../../skills/demo/dataset/generate.ts';
import { STRATEGIES } from '../policies/index.ts';
import { consolidate } from '../consolidate.ts';
import { EPISODE_STREAM } from '../episode-stream.ts';
import { comparePoliciesOver } from './compare.ts';
import { splitStrategy, type PolicySplit } from './split.ts';
import { generateHistory } from './testing/generated-history.ts';

/**
 * compare_policies end to end (issue 17, "Policies compared"), on the database tier's adapter:
 * the offline replay over episodes recorded in the knowledge graph, and the live split — swap
 * decisions routed by DCF_POLICY_SPLIT in real runs, the strategy recorded with the use, and
 * reported per strategy.
 */

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
const compare = (config: AppConfig, db: Db, args: unknown) =>
  invokeTool(findTool('compare_policies')!, args, {
    actor: systemActor('test'),
    services: { config, db: async () => db.db },
  });

const ROUTE_A = 'skill://route-a@1.0.0';
const ROUTE_B = 'skill://route-b@1.0.0';

describe(`compare_policies: the offline replay over recorded episodes (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Db;
  let graph: KnowledgeGraph;
  const config = testConfig();
  const history = generateHistory({
    seed: 3,
    uses: 120,
    start: '2031-02-03T09:00:00.000Z',
    callerErrorRate: 0.05,
    capabilities: [
      {
        capability: 'transcription',
        skills: [
          { uri: 'skill://whisper-x@1.0.0', p: 0.6, latency_ms: 900 },
          { uri: 'skill://assembly-x@1.0.0', p: 0.9, latency_ms: 400 },
        ],
      },
      {
        capability: 'scoring',
        skills: [
          { uri: 'skill://score-a@1.0.0', p: 0.7 },
          { uri: 'skill://score-b@1.0.0', p: 0.5 },
          { uri: 'skill://score-c@1.0.0', p: 0.8 },
        ],
      },
      { capability: 'crm', skills: [{ uri: 'skill://crm-only@1.0.0', p: 0.95 }] },
      // Greedy is known worse here: it takes route-a first (ties go to the first URI) and, never exploring,
      // keeps it while its posterior mean stays above an untried skill's 0.5 — route-b is never learnt.
      {
        capability: 'routing',
        skills: [
          { uri: ROUTE_A, p: 0.8 },
          { uri: ROUTE_B, p: 0.98 },
        ],
      },
    ],
  });
  /** Decisions available in a slice of the history: caller errors and one-skill capabilities are none. */
  const replay = async (args: object) => policyComparisonSchema.parse(await compare(config, db, { source: 'offline_replay', ...args }));
  const decisionsIn = (uses: RecordedSkillUse[]) => uses.filter((u) => u.capability !== 'crm' && u.outcome !== 'caller_error');

  beforeAll(async () => {
    db = await createTestDatabase();
    graph = createKnowledgeGraph(config, db.db);
    for (const [uri, capability] of new Map(history.map((h) => [h.skill, h.capability!]))) {
      await graph.upsertSkill({ uri, name: uri.slice(8, -6), version: '1.0.0', capability, tags: [capability] });
    }
    // One run per use: its state, skill, outcome (a caller error with the caller's error) and latency.
    for (const u of history) {
      const callerError = u.outcome === 'caller_error';
      const episode: Episode = {
        run_id: u.run_id,
        workflow_id: 'wf-replay',
        workflow_version: '1.0.0',
        workflow_name: 'replay',
        status: u.outcome === 'success' ? 'SUCCEEDED' : 'FAILED',
        started_at: u.at,
        finished_at: u.at,
        states: [
          {
            state: u.state,
            skill: u.skill,
            outcome: callerError ? 'failure' : u.outcome,
            latency_ms: u.latency_ms,
            error: callerError ? 'AdvisorNotFound: no advisor named "Jo"' : u.outcome === 'failure' ? 'TimeoutError' : null,
            attempts: 1,
          },
        ],
      };
      await graph.recordEpisode(episode);
    }
  });
  afterAll(async () => {
    await graph.close();
    await db.dispose();
  });

  it('replays every strategy over the recorded uses of the window, as the pure replay does, reproducibly', async () => {
    const since = history[80]!.at;
    const until = history[399]!.at;
    const r = await compare(config, db, { source: 'offline_replay', since, until, seed: 9 });
    expect(r.status).toBe('ok');
    const c = policyComparisonSchema.parse(r) as PolicyComparison;
    const inWindow = history.slice(80, 400);
    const input = {
      source: 'offline_replay' as const,
      since,
      until,
      capability: null,
      strategies: STRATEGIES,
      seed: 9,
    };
    expect(c).toEqual(comparePoliciesOver(inWindow, input, null));
    expect(c.capabilities).toEqual(['routing', 'scoring', 'transcription']); // crm has one skill: no choice
    expect(c.history_decisions).toBe(decisionsIn(inWindow).length);
    expect(c.strategies.map((s) => s.strategy)).toEqual([...STRATEGIES]);
    for (const s of c.strategies) expect(s.decisions).toBeGreaterThan(0);
    expect(await compare(config, db, { source: 'offline_replay', since, until, seed: 9 })).toEqual(r);
    const all = await replay({ strategies: ['UCB'] });
    expect(all.history_decisions).toBe(decisionsIn(history).length);
    expect(all.strategies.map((s) => s.strategy)).toEqual(['UCB']);
  });

  it('shows the strategy known worse with more regret, its figures equal to a direct computation', async () => {
    const c = await replay({ capability: 'routing' });
    const routing = history.filter((u) => u.capability === 'routing' && u.outcome !== 'caller_error');
    expect(c).toMatchObject({ capabilities: ['routing'], history_decisions: routing.length });
    expect(c.method).toContain('the capability routing');
    // Directly: each skill's empirical rate over the history; Greedy counts every logged use of route-a (it
    // chooses route-a at every decision point, so it matches whenever route-a was logged), none of route-b.
    const usesOf = (skill: string) => routing.filter((u) => u.skill === skill);
    const rate = (skill: string) => usesOf(skill).filter((u) => u.outcome === 'success').length / usesOf(skill).length;
    expect(rate(ROUTE_B)).toBeGreaterThan(rate(ROUTE_A));
    const figure = (s: string) => c.strategies.find((f) => f.strategy === s)!;
    expect(figure('Greedy')).toEqual({
      strategy: 'Greedy',
      decisions: usesOf(ROUTE_A).length,
      success_rate: rate(ROUTE_A),
      regret: expect.closeTo(rate(ROUTE_B) - rate(ROUTE_A), 12),
      mean_latency_ms: null,
    });
    // Thompson sampling explores until its posteriors part, then keeps route-b: less regret than Greedy.
    for (const s of ['ThompsonSampling', 'UCB'] as const) {
      expect(figure(s).regret!, s).toBeLessThan(figure('Greedy').regret!);
    }
    // Over every capability, Greedy's decisions include routing's and more.
    const wide = await replay({ strategies: ['Greedy'] });
    expect(wide.strategies[0]!.decisions).toBeGreaterThan(figure('Greedy').decisions);
    const none = await replay({ capability: 'crm' });
    expect(none).toMatchObject({ history_decisions: 0, capabilities: [] });
    expect(none.strategies.every((s) => s.decisions === 0 && s.regret === null)).toBe(true);
  });

  it('refuses a reversed window, an unknown strategy and a repeated one, with invalid_input', async () => {
    const window = { since: '2031-02-04T00:00:00Z', until: '2031-02-03T00:00:00Z' };
    expect(await compare(config, db, { source: 'offline_replay', ...window })).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      error: expect.stringContaining('is after until'),
    });
    for (const strategies of [['Softmax'], ['UCB', 'UCB'], []]) {
      expect(await compare(config, db, { source: 'offline_replay', strategies }), JSON.stringify(strategies)).toMatchObject({
        status: 'error',
        error_code: 'invalid_input',
      });
    }
    for (const bad of [{ source: 'replay' }, { source: 'offline_replay', capability: ' ' }]) {
      const r = await compare(config, db, bad);
      expect(r, JSON.stringify(bad)).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    }
  });
});

const WHISPER = 'skill://whisper-transcribe@1.0.0';
const recordings = demoDataset().recordings;
const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
const SPLIT: PolicySplit = ['UCB', 'ThompsonSampling'];

/** One Task bound to Whisper: with Whisper always failing, every run's worker swaps once. */
const workflow = {
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-000000000171',
  workflow_name: 'transcribe one call',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/whisper-transcribe.json' }],
  asl: {
    StartAt: 'Transcribe',
    States: {
      Transcribe: {
        Type: 'Task',
        AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: [WHISPER] },
        Parameters: { 'recording_uri.$': '$.uri' },
        End: true,
      },
    },
  },
};

describe(`compare_policies: the live split in real runs (${testDbKind()})`, { timeout: 180_000 }, () => {
  let db: Db;
  let h: ExecutionHarness;
  let graph: KnowledgeGraph;
  const tool = async (name: string, args: unknown) =>
    invokeTool(findTool(name)!, args, { actor: systemActor('test'), services: { config: h.config } });

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({ DCF_POLICY_SPLIT: SPLIT.join(',') }, 4);
    await h.x.redis.del(EPISODE_STREAM);
    graph = createKnowledgeGraph(h.config, db.db);
    await tool('set_demo_faults', { faults: { 'whisper-transcribe': { failure_rate: 1 } }, replace: true, seed: 7 });
  });
  afterAll(async () => {
    await tool('set_demo_faults', { faults: {}, replace: true });
    await graph.close();
    await h.close();
    await db.dispose();
  });

  it('routes each swap by the hash of its run and state, records the strategy with the use, reports it', async () => {
    const input = (i: number) => ({ uri: recordings[i % recordings.length]!.uri });
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => h.run(workflow, input(i), 120_000)));
    expect(runs.map((r) => r.status)).toEqual(Array(8).fill('SUCCEEDED'));
    const routed = new Map(runs.map((r) => [r.run_id, splitStrategy(SPLIT, r.run_id, 'Transcribe')]));
    for (const r of runs) {
      const swaps = (await h.show(r.run_id))!.events.filter((e) => e.event.type === 'skill_swap').map((e) => e.event);
      expect(swaps).toEqual([expect.objectContaining({ from: WHISPER, to: ASSEMBLY, policy: routed.get(r.run_id), split: true })]);
    }
    for (let i = 0; i < 50; i++) {
      const c = await consolidate({ redis: h.x.redis, db: db.db, graph, consumer: 'test' });
      if (c.moved === 0 && c.pending === 0) break;
    }

    const uses = await graph.skillUses(null, null);
    expect(uses.map((u) => [u.run_id, u.skill, u.outcome, u.strategy]).sort()).toEqual(
      runs
        .flatMap((r) => [
          [r.run_id, ASSEMBLY, 'success', routed.get(r.run_id)],
          [r.run_id, WHISPER, 'failure', null], // the bound skill: no strategy chose it
        ])
        .sort(),
    );

    const r = await compare(h.config, db, { source: 'live_split', strategies: [...SPLIT, 'Greedy'] });
    const c = policyComparisonSchema.parse(r);
    const count = (s: string) => [...routed.values()].filter((x) => x === s).length;
    expect(c).toMatchObject({ source: 'live_split', history_decisions: 16, capabilities: ['transcription'] });
    expect(c.strategies).toEqual([
      ...SPLIT.map((strategy) => ({
        strategy,
        decisions: count(strategy),
        success_rate: count(strategy) ? 1 : null,
        regret: count(strategy) ? 0 : null,
        mean_latency_ms: count(strategy) ? expect.any(Number) : null,
      })),
      { strategy: 'Greedy', decisions: 0, success_rate: null, regret: null, mean_latency_ms: null },
    ]);
    expect(c.method).toContain('DCF_POLICY_SPLIT is UCB,ThompsonSampling');
  });
});
