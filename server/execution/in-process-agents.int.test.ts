import { afterEach, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import { InProcessAgentRuntime } from './in-process-runtime.ts';
import { AGENT_INDEX, RUN_AGENTS_PER_CALL } from './in-process-run-agents.ts';
import { executionHarness, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noReaction = async () => {};

describe('in-process worker agents: a state’s agent through the run’s state index (real Redis)', () => {
  it('finds the first agent of a state, creates none twice, and answers none for a state without one', async () => {
    h = await executionHarness({}, 0);
    const agents = new InProcessAgentRuntime(h.x.redis, noReaction);
    const a = await agents.createWorkerAgent({ run_id: 'run-index', state: 'A', template: 't@1.0.0' });
    const again = await agents.createWorkerAgent({ run_id: 'run-index', state: 'A', template: 't@1.0.0' });
    expect(again.id).toBe(a.id);
    expect((await agents.listRunAgents('run-index')).map((x) => x.id)).toEqual([a.id]);
    // Another process (no cache) reads the same record through the index.
    const other = new InProcessAgentRuntime(h.x.redis, noReaction);
    expect((await other.agentForState('run-index', 'A'))?.id).toBe(a.id);
    expect(await other.agentForState('run-index', 'B')).toBeNull();
    // Deleted at the run's end, created again by a redrive: the new agent is the state's.
    expect(await agents.deleteAgent(a.id)).toBe(true);
    expect(await other.agentForState('run-index', 'A')).toBeNull();
    const b = await agents.createWorkerAgent({ run_id: 'run-index', state: 'A', template: 't@1.0.0' });
    expect(b.id).not.toBe(a.id);
    expect((await other.agentForState('run-index', 'A'))?.id).toBe(b.id);
  });

  it('lists the run’s agents for one created before the index, and finds none once it is deleted', async () => {
    h = await executionHarness({}, 0);
    const k = runKeys('run-old');
    const old = {
      id: 'agent-worker-old',
      run_id: 'run-old',
      state: 'A',
      template: 't@1.0.0',
      tags: [],
      loaded_skills: [],
      created_at: '2026-01-01T00:00:00.000Z',
    };
    await h.x.redis.hset('dcf:agents', old.id, 'run-old');
    await h.x.redis.hset(k.agents, old.id, JSON.stringify(old));
    const agents = new InProcessAgentRuntime(h.x.redis, noReaction);
    expect((await agents.agentForState('run-old', 'A'))?.id).toBe(old.id);
    // Creating another state's agent indexes that one only: A is still found by listing, not created again.
    await agents.createWorkerAgent({ run_id: 'run-old', state: 'B', template: 't@1.0.0' });
    expect((await agents.createWorkerAgent({ run_id: 'run-old', state: 'A', template: 't@1.0.0' })).id).toBe(old.id);
    expect(await agents.deleteAgent(old.id)).toBe(true);
    expect(await new InProcessAgentRuntime(h.x.redis, noReaction).agentForState('run-old', 'A')).toBeNull();
  });

  it('loads skills into an existing agent only: a deleted agent is not written back', async () => {
    h = await executionHarness({}, 0);
    const agents = new InProcessAgentRuntime(h.x.redis, noReaction);
    const a = await agents.createWorkerAgent({ run_id: 'run-skills', state: 'A', template: 't@1.0.0' });
    await agents.setLoadedSkills(a.id, ['skill://x@1.0.0']);
    expect((await agents.getAgent(a.id))?.loaded_skills).toEqual(['skill://x@1.0.0']);
    // Deleted by another process: this one still knows the record, and must not bring it back.
    await new InProcessAgentRuntime(h.x.redis, noReaction).deleteAgent(a.id);
    await expect(agents.setLoadedSkills(a.id, [])).rejects.toThrow(/no agent/);
    expect(await h.x.redis.hexists(runKeys('run-skills').agents, a.id)).toBe(0);
  });

  it('makes and deletes a run’s agents all at once: a state keeps its agent, every agent of the run goes', async () => {
    h = await executionHarness({}, 0);
    const agents = new InProcessAgentRuntime(h.x.redis, noReaction);
    const kept = await agents.createWorkerAgent({ run_id: 'run-all', state: 'S1', template: 't@1.0.0' });
    // More states than one call takes, so the chunks are exercised too.
    const specs = Array.from({ length: RUN_AGENTS_PER_CALL + 2 }, (_, i) => ({ state: `S${i}`, template: 't@1.0.0' }));
    const made = await agents.createRunWorkerAgents('run-all', specs);
    expect(made.map((a) => a.state)).toEqual(specs.map((s) => s.state));
    expect(made[1]!.id).toBe(kept.id);
    expect(new Set(made.map((a) => a.id)).size).toBe(specs.length);
    // Another process finds each by its state and by its id; the id made for S1 and not used is not indexed.
    const other = new InProcessAgentRuntime(h.x.redis, noReaction);
    expect((await other.agentForState('run-all', 'S0'))?.id).toBe(made[0]!.id);
    expect((await other.getAgent(made.at(-1)!.id))?.state).toBe(specs.at(-1)!.state);
    expect(await h.x.redis.hlen(AGENT_INDEX)).toBe(specs.length);
    // Made again (a redrive): every state keeps its agent.
    expect((await other.createRunWorkerAgents('run-all', specs)).map((a) => a.id)).toEqual(made.map((a) => a.id));
    expect(await h.x.redis.hlen(AGENT_INDEX)).toBe(specs.length);
    // An iteration's own agent is the run's too; another run's agent is not touched.
    await agents.createWorkerAgent({ run_id: 'run-all', state: 'Map[0]/S0', template: 't@1.0.0' });
    const stranger = await agents.createWorkerAgent({ run_id: 'run-other', state: 'S0', template: 't@1.0.0' });
    expect(await other.deleteRunAgents('run-all')).toBe(specs.length + 1);
    expect(await agents.listRunAgents('run-all')).toEqual([]);
    expect(await agents.agentForState('run-all', 'S0')).toBeNull();
    expect(await h.x.redis.exists(runKeys('run-all').agentStates)).toBe(0);
    expect(await h.x.redis.hkeys(AGENT_INDEX)).toEqual([stranger.id]);
    await expect(agents.setLoadedSkills(made[0]!.id, [])).rejects.toThrow(/no agent/);
    expect(await other.deleteRunAgents('run-all')).toBe(0);
  });
});
