import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DelegatedScenario } from '../delegation/testing/delegated-scenario.ts';
import { stopInProcessDemoServer } from '../skills/invoke/in-process-demo.ts';
import { loadDataset } from './dataset.ts';
import { runDataset, selectCases } from './runner.ts';
import { getEvalRun } from './store.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Conductor cases of a repository dataset, run through the real runner on a delegated-mode deployment. */
async function runConductorCases(s: DelegatedScenario, dataset: string, services = true) {
  const read = await loadDataset(dataset, ROOT);
  if (!read.ok) throw new Error(read.error);
  const ids = read.value.dataset.cases.filter((c) => c.role === 'conductor').map((c) => c.id);
  const chosen = selectCases(read.value, ids);
  if (!chosen.ok) throw new Error(chosen.error);
  const result = await runDataset(s.db.db, s.platform, chosen.value, { startedBy: 'test', ...(services ? { services: s.services } : {}) });
  const stored = await getEvalRun(s.db.db, result.run.id);
  type Turn = { tools: string[]; reply: string };
  const transcript = (id: string) => stored!.cases.find((c) => c.case_id === id)!.transcript as Turn[];
  return { ids, result, transcript };
}

const misses = (cases: Array<{ case_id: string; failed: unknown[]; error: string | null }>) =>
  cases.filter((c) => c.failed.length || c.error).map((c) => ({ case: c.case_id, failed: c.failed, error: c.error }));

/**
 * Conductor cases driven for real (issue 30): a Conductor with its session, Companions doing the
 * work with the demo skills on Redis, each turn waited for until its delegated work is over, and
 * scored with the Planner's scorer. The deterministic Conductor meets every expectation of both
 * datasets' Conductor cases; a runner without the tool services records why, and does not crash.
 */
describe('Conductor cases of the demo dataset', () => {
  let s: DelegatedScenario;
  beforeAll(async () => {
    s = await DelegatedScenario.start();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('are driven through delegation and scored: every expectation met, the merged answer read', async () => {
    const { ids, result, transcript } = await runConductorCases(s, 'demo');
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(misses(result.cases)).toEqual([]);
    expect(result.run).toMatchObject({ status: 'finished', score: 1, brain: 'deterministic', cases_total: ids.length });
    // The delegation's turn: the Conductor's first answer, then its answer from the Companions' merged results.
    const [delegated] = transcript('conductor-delegate');
    expect(delegated!.tools).toEqual(expect.arrayContaining(['create_companion', 'delegate_task', 'invoke_skill_tool']));
    expect(delegated!.reply).toMatch(/\| Alex Wong \| \d+ \|/);
    const [asked, declined] = transcript('conductor-name-and-period');
    expect([...asked!.tools, ...declined!.tools]).not.toContain('delegate_task');
    // Every session the runner started is finalized, its Companions dismissed.
    expect(await s.platform.listAgents({ tags: ['role:companion'] })).toEqual([]);
  }, 300_000);

  it('without the tool services a Conductor case is scored with the reason, and the run still finishes', async () => {
    const { result } = await runConductorCases(s, 'demo', false);
    expect(result.run.status).toBe('finished');
    expect(result.run.score).toBe(0);
    expect(new Set(result.cases.map((c) => c.error))).toEqual(
      new Set(['a Conductor case needs the execution runtime (Redis) for its Companions; this runner has none']),
    );
  }, 60_000);
});

describe('Conductor cases of the second lender (aldermoor)', () => {
  let s: DelegatedScenario;
  beforeAll(async () => {
    // The in-process demo skills server is one per process: the second lender's replaces the demo's.
    await stopInProcessDemoServer();
    s = await DelegatedScenario.start({ env: { DCF_DEMO_WORLD: 'second-lender' } });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await stopInProcessDemoServer();
  });

  it('confirm, ask and delegate on its people (particles, diacritics) with every expectation met', async () => {
    const { ids, result, transcript } = await runConductorCases(s, 'aldermoor');
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(misses(result.cases)).toEqual([]);
    expect(result.run).toMatchObject({ status: 'finished', score: 1 });
    const [asked, yes] = transcript('conductor-name-and-period');
    expect(asked!.tools).not.toContain('delegate_task');
    expect(yes!.tools).toContain('delegate_task');
  }, 300_000);
});
