import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import { getWorkflowVersion } from '../workflows/store.ts';
import { consolidate } from './consolidate.ts';
import { waitForRun } from '../execution/wait-run.ts';
import { indexSkills } from './search.ts';
import { seedWorkflowCatalog } from './workflow-catalog.ts';
import { EPISODE_STREAM } from './episode-stream.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };

/**
 * The learning loop of issue 4 end to end (spec §4.1–4.4): runs with a flaky Whisper, episodes
 * into the graph, reliability, the health check's proposal, its acceptance, and the next run.
 */
describe(`the learning loop (${testDbKind()})`, { timeout: 240_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let h: ExecutionHarness;
  let graph: KnowledgeGraph;
  const call = async (tool: string, args: unknown) => {
    const r = await invokeTool(findTool(tool)!, args, {
      actor: systemActor('test'),
      services: { config: h.config, db: async () => db.db, execution: async () => h.x },
    });
    if (r.status !== 'ok') throw new Error(`${tool}: ${r.error} ${JSON.stringify((r as { details?: unknown }).details ?? null)}`);
    return r as Record<string, unknown>;
  };
  const drain = async () => {
    for (let i = 0; i < 50; i++) {
      const r = await consolidate({ redis: h.x.redis, db: db.db, graph, consumer: 'test' });
      if (r.moved === 0 && r.pending === 0) return;
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({}, 8);
    await h.x.redis.del(EPISODE_STREAM);
    graph = createKnowledgeGraph(h.config, db.db);
    await seedWorkflowCatalog(db.db, h.config.workflowsDir);
    await indexSkills(db.db, h.x.skills);
    await call('set_demo_faults', { faults: { 'whisper-transcribe': { failure_rate: 0.2 } }, replace: true, seed: 7 });
  });
  afterAll(async () => {
    await invokeTool(
      findTool('set_demo_faults')!,
      { faults: {}, replace: true },
      { actor: systemActor('test'), services: { config: h.config } },
    );
    await graph.close();
    await h.close();
    await db.dispose();
  });

  it(
    '40 runs with Whisper failing 20% of the time all complete; the graph learns; the health ' +
      'check proposes 1.0.1; accepted, the next run uses it',
    async () => {
      const doc = (await getWorkflowVersion(db.db, STANDARD, '1.0.0'))!.document;
      const runs = [];
      for (let batch = 0; batch < 4; batch++)
        runs.push(...(await Promise.all(Array.from({ length: 10 }, () => h.run(doc, ALEX, 120_000)))));
      expect(runs.map((r) => r.status)).toEqual(Array(40).fill('SUCCEEDED'));
      await drain();

      const rel = await call('get_skill_reliability', { skill: 'skill://whisper-transcribe@1.0.0' });
      const whisper = (
        rel.skills as Array<{
          recent: { failure_rate: number; n_success: number; n_failures: number };
          alternatives: Array<{ skill: string; recent: { failure_rate: number | null; n_success: number } }>;
        }>
      )[0]!;
      expect(whisper.recent.n_success + whisper.recent.n_failures).toBe(40);
      expect(whisper.recent.failure_rate).toBeGreaterThan(0.05);
      const assembly = whisper.alternatives.find((a) => a.skill === 'skill://assemblyai-transcribe@1.2.0')!;
      expect(assembly.recent.n_success).toBe(whisper.recent.n_failures);
      expect(assembly.recent.failure_rate).toBeLessThan(0.05);

      const health = await call('check_workflow_health', { workflow_id: STANDARD, version: '1.0.0' });
      expect(health).toMatchObject({
        healthy: false,
        findings: [
          {
            skill: 'skill://whisper-transcribe@1.0.0',
            states: ['TranscribeRecording'],
            alternative: { skill: 'skill://assemblyai-transcribe@1.2.0' },
          },
        ],
      });
      const proposal = health.proposal as {
        proposal_id: string;
        new_version: string;
        document: { asl: { States: Record<string, { AgentBinding?: { skills: string[] } }> } };
      };
      expect(proposal.new_version).toBe('1.0.1');
      expect(proposal.document.asl.States.TranscribeRecording!.AgentBinding!.skills).toEqual(['skill://assemblyai-transcribe@1.2.0']);
      expect(await getWorkflowVersion(db.db, STANDARD, '1.0.1')).toBeNull(); // nothing saved before acceptance

      const accepted = await call('accept_workflow_update', { proposal_id: proposal.proposal_id });
      expect(accepted).toMatchObject({
        version: '1.0.1',
        parent_version: '1.0.0',
        workflow_update: { type: 'workflow_update', workflow_id: STANDARD, version: '1.0.1' },
      });
      await expect(
        invokeTool(
          findTool('accept_workflow_update')!,
          { proposal_id: proposal.proposal_id },
          { actor: systemActor('test'), services: { config: h.config, db: async () => db.db } },
        ),
      ).resolves.toMatchObject({ status: 'error', error_code: 'conflict' });
      await drain();
      const lineage = await call('get_workflow_lineage', { workflow_id: STANDARD, version: '1.0.0' });
      expect(lineage.edges).toContainEqual({
        kind: 'VERSION_OF',
        from: { workflow_id: STANDARD, version: '1.0.1' },
        to: { workflow_id: STANDARD, version: '1.0.0' },
      });
      expect((lineage.descendants as Array<{ version: string }>).map((d) => d.version)).toContain('1.0.1');

      // Accepting saves a draft (issue 28): runs by id keep using 1.0.0 until 1.0.1 is published.
      expect(accepted).toMatchObject({ version: '1.0.1' });
      expect(await getWorkflowVersion(db.db, STANDARD)).toMatchObject({ version: '1.0.0', status: 'published' });
      expect(await call('publish_workflow_version', { workflow_id: STANDARD, version: '1.0.1' })).toMatchObject({
        version_status: 'published',
        retired_version: '1.0.0',
      });
      // The next run of the workflow (by id: its published version) uses 1.0.1.
      const started = await call('start_workflow_run', { workflow_id: STANDARD, input: ALEX });
      const next = (await waitForRun(h.x, started.run_id as string, 60_000))!;
      expect(next).toMatchObject({ status: 'SUCCEEDED', workflow_version: '1.0.1' });
      const view = await h.finalized(next.run_id);
      expect(view.data.TranscribeRecording).toMatchObject({ ok: true, data: { job_id: expect.any(String) } });
      const memories = await call('search_embeddings', { query: 'whisper assemblyai workflow_update', kinds: ['memory'] });
      expect((memories.hits as Array<{ title: string }>)[0]?.title).toBe('workflow_update');
    },
  );

  it('a refinement saved from the foundational workflow shows REFINEMENT_OF in the lineage (spec §3.3, §3.5)', async () => {
    const base = (await getWorkflowVersion(db.db, STANDARD, '1.0.0'))!.document;
    const heloc = {
      ...structuredClone(base),
      workflow_id: '6b1f3c2e-8d4a-4e5b-9c7d-0a1b2c3d4e5f',
      workflow_name: 'HELOC 2.0 Explanation Check',
      version: '1.0.0',
      description: 'Check that advisors explain HELOC 2.0 correctly.',
    };
    const saved = await call('save_workflow', {
      workflow: heloc,
      parent: { workflow_id: STANDARD, version: '1.0.0', relation: 'REFINEMENT_OF' },
    });
    expect(saved).toMatchObject({ workflow_id: heloc.workflow_id, relation: 'REFINEMENT_OF' });
    const again = await invokeTool(
      findTool('save_workflow')!,
      { workflow: heloc },
      { actor: systemActor('test'), services: { config: h.config, db: async () => db.db } },
    );
    expect(again).toMatchObject({ status: 'error', error_code: 'conflict' });
    const lineage = await call('get_workflow_lineage', { workflow_id: heloc.workflow_id });
    expect(lineage.edges).toContainEqual({
      kind: 'REFINEMENT_OF',
      from: { workflow_id: heloc.workflow_id, version: '1.0.0' },
      to: { workflow_id: STANDARD, version: '1.0.0' },
    });
    const fromBase = await call('get_workflow_lineage', { workflow_id: STANDARD, version: '1.0.0' });
    expect((fromBase.descendants as Array<{ workflow_id: string }>).map((d) => d.workflow_id)).toContain(heloc.workflow_id);
  });

  it('find_closest_workflow ranks the derived HELOC workflow above the foundational one for diarization and segmentation (spec §3.2 case B)', async () => {
    const r = await call('find_closest_workflow', {
      query: 'compliance check for advisor product explanation',
      capabilities: ['diarization', 'segmentation', 'compliance'],
    });
    const ids = r.candidates as Array<{ workflow_id: string; derived_from: string | null; coverage: number }>;
    expect(ids[0]).toMatchObject({ workflow_id: 'a8d3b1c9-9e8a-4f2b-9e3d-7c1b0d8a4b21', derived_from: `${STANDARD}@1.0.0`, coverage: 1 });
    expect(ids.findIndex((c) => c.workflow_id === STANDARD)).toBeGreaterThan(0);
  });
});
