import { afterEach, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import type { SkillCallOutcome } from '../skills/invoke/types.ts';
import { notificationPayload } from './handle-notification.ts';
import { readOutbox } from './notify.ts';
import { readRun } from './run-record.ts';
import { completeTask } from './task-work.ts';
import { recordSkillCalls } from './testing/skill-calls.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { performWorkerProtocol } from './worker-protocol.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One Task that works for `ms` (builtin.sleep honours the abort of its call). */
const longTask = (ms: number) => workflowOf({ StartAt: 'Long', States: { Long: task('sleep', { Parameters: { ms }, End: true }) } });

/** What each skill call of `x`'s workers returned, in order (the real invoker does the work). */
function recordSkillOutcomes(x: ExecutionHarness['x']): SkillCallOutcome[] {
  const outcomes: SkillCallOutcome[] = [];
  const inner = x.invoker;
  x.invoker = {
    invoke: async (inv) => {
      const r = await inner.invoke(inv);
      outcomes.push(r);
      return r;
    },
    close: () => inner.close(),
  };
  return outcomes;
}

async function untilRunning(runId: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const doc = await h!.x.cp.readState(runId, 'Long');
    if (doc?.status === 'running' && doc.lease.token) return doc.lease.token;
    await sleep(20);
  }
  throw new Error('Long never ran');
}

describe('a Task lease while its skill works (real Redis; lease TTL 2 s, renewed every 0.67 s)', () => {
  it('a skill call longer than the TTL keeps its lease by renewal: the sweeper runs meanwhile, the skill runs once', async () => {
    h = await executionHarness({ DCF_LEASE_TTL_S: '2' }, 2);
    const calls = recordSkillCalls(h.x);
    const run = await h.run(longTask(5_000), {});
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { slept_ms: 5_000 } });
    expect(calls).toHaveLength(1);
    const view = await h.finalized(run.run_id);
    expect(view.states.Long).toMatchObject({ status: 'done', attempts: 1 });
    const notes = view.events.filter((e) => e.event.instance === 'Long').map((e) => e.event.note);
    expect(notes).not.toContain('lease_expired');
    expect(notes.filter((n) => n === 'lease_renewed').length).toBeGreaterThanOrEqual(5);
  });

  it('a lost lease: the renewal is refused, the work stops and nothing of it is committed', async () => {
    h = await executionHarness({ DCF_LEASE_TTL_S: '2' }, 0); // no sweeper: the test decides who holds the lease
    const x = h.x;
    const runId = await h.start(longTask(4_000), {});
    const [agent] = await x.agents.listRunAgents(runId);
    const [note] = await readOutbox(x, runId);
    // Event order instead of elapsed time: what the skill call returned, and each refused renewal.
    const outcomes = recordSkillOutcomes(x);
    const refused: string[] = [];
    const renew = x.cp.renewLease.bind(x.cp);
    x.cp.renewLease = async (...args) => {
      const r = await renew(...args);
      if (!r.ok) refused.push(r.reason);
      return r;
    };
    const work = performWorkerProtocol(x, agent!, notificationPayload('wf', note!));
    const held = await untilRunning(runId);
    // The lease lapses, as when its holder stalls for longer than the TTL, and another worker takes the state.
    await x.redis.zadd(runKeys(runId).leaseExpiry, 1, 'Long');
    const intruder = await x.cp.acquireLease(runId, 'Long', 'other-worker', 30, true);
    expect(intruder).toMatchObject({ ok: true });
    await work;
    // Stopped at the next renewal, not after the 4 s of work: the first refused renewal aborted the call
    // (LeaseLost, not slept_ms), and no renewal followed it.
    expect(refused).toEqual(['stale_lease']);
    expect(outcomes).toEqual([{ ok: false, error: 'LeaseLost', cause: 'lease of Long stale_lease', latencyMs: expect.any(Number) }]);
    expect(await x.cp.renewLease(runId, 'Long', held, 2)).toEqual({ ok: false, reason: 'stale_lease' });
    // The fence refuses the stale holder's commit even if its work had run to the end.
    const late = await completeTask(x, runId, 'Long', held, { slept_ms: 4_000 }, { latencyMs: 4_000, skill: 'x' });
    expect(late).toEqual({ ok: false, reason: 'stale_lease' });
    const view = await h.show(runId);
    expect(view!.states.Long).toMatchObject({ status: 'running', lease: { owner_agent_id: 'other-worker' } });
    expect(view!.entries.Long!.output).toBeUndefined();
    expect(view!.data.Long).toBeUndefined();
    expect(view!.events.some((e) => e.event.note === 'done')).toBe(false);
    // The new holder's commit is the one that counts.
    const token = (intruder as { token: string }).token;
    const live = await completeTask(x, runId, 'Long', token, { slept_ms: 1 }, { latencyMs: 1, skill: 'x' });
    expect(live).toMatchObject({ ok: true });
    expect(await readRun(x.redis, runId)).toMatchObject({ status: 'SUCCEEDED', output: { slept_ms: 1 } });
  });
});
