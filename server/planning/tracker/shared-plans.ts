import type { RedisClient } from '../../redis/connection.ts';
import type { Db } from '../../db/client.ts';
import { readStoredPlan } from '../store/plan-store.ts';
import type { ActivePlan } from './active-plan.ts';
import { restoredPlan } from './restore.ts';
import { SharedPlanUsage, type Charge, type PlanCounters } from './shared-usage.ts';

const ACTIVE_STATES: ReadonlySet<string> = new Set(['Planned', 'InProgress']);

/** The counters Redis resumes a stored plan with: its records' (restore.ts). */
export const countersOf = (a: ActivePlan): PlanCounters => ({
  calls: a.calls,
  cost: a.cost,
  tokens: a.tokens,
  nextSeq: a.nextSeq,
  started: a.plan.executionState !== 'Planned',
});

/**
 * The tracker's index read through Redis (issue 32): Redis says which plan is an agent's active
 * one; the process's index is a cache of those plans with what the sentinel needs, filled from
 * the store when a plan another console declared is first met. A plan the index holds that
 * Redis no longer names ended (a tombstone) or was replaced elsewhere and is dropped. When Redis
 * holds nothing at all for an agent whose plan the index holds (Redis lost its data), the store
 * decides: a plan still active there is put back with counters from its records. So an agent
 * without a plan costs one Redis round trip a call, never a database query.
 */
export class SharedPlans {
  readonly usage: SharedPlanUsage;
  private readonly loading = new Map<string, Promise<ActivePlan | null>>();

  constructor(
    redis: () => Promise<RedisClient>,
    private readonly db: () => Promise<Db>,
    private readonly index: Map<string, ActivePlan>,
  ) {
    this.usage = new SharedPlanUsage(redis);
  }

  /** The agent's active plan as Redis names it (lifecycle changes: update, end), or undefined. */
  async current(agentId: string): Promise<ActivePlan | undefined> {
    const id = await this.usage.activePlanId(agentId);
    if (id === null) return (await this.reconcile(agentId)) ?? undefined;
    return (await this.planFor(agentId, id)) ?? undefined;
  }

  /**
   * Charges a call or a model step to the agent's active plan; null when it has none, 'held' when
   * another process holds it (shared-usage.ts: that process alone calls as the agent).
   */
  async charge(
    agentId: string,
    kind: 'call' | 'model',
    cost: number,
    nowMs: number,
  ): Promise<{ a: ActivePlan; c: Charge } | 'held' | null> {
    let c = await this.usage.charge(agentId, kind, cost, nowMs);
    if (c === 'missing' && (await this.reconcile(agentId))) c = await this.usage.charge(agentId, kind, cost, nowMs);
    if (c === 'held') return c;
    if (c === 'none' || c === 'missing') {
      const held = this.index.get(agentId);
      if (held) this.drop(held);
      return null;
    }
    const a = await this.planFor(agentId, c.planId);
    if (!a) return null;
    a.calls = c.calls;
    a.cost = c.cost;
    a.tokens = c.tokens;
    return { a, c };
  }

  /** The plan `planId` of the agent: the index's, else read from the store (once, however many calls ask). */
  async planFor(agentId: string, planId: string): Promise<ActivePlan | null> {
    const held = this.index.get(agentId);
    if (held?.plan.planId === planId) return held;
    let loading = this.loading.get(planId);
    if (!loading) {
      loading = this.load(agentId, planId).finally(() => this.loading.delete(planId));
      this.loading.set(planId, loading);
    }
    return loading;
  }

  /** A restored plan: back in Redis unless the agent already has an active plan there. */
  async seed(a: ActivePlan): Promise<void> {
    await this.usage.seed(a.plan, countersOf(a));
  }

  private async load(agentId: string, planId: string): Promise<ActivePlan | null> {
    const stored = await readStoredPlan(await this.db(), planId);
    if (!stored || stored.plan.agent_id !== agentId) return null;
    const a = restoredPlan(stored);
    if (!ACTIVE_STATES.has(a.plan.executionState)) {
      // Ended on another console between the charge and this read: the call began while it was active.
      a.closed = true;
      return a;
    }
    const previous = this.index.get(agentId);
    if (previous && previous.plan.planId !== planId) this.drop(previous);
    this.index.set(agentId, a);
    return a;
  }

  /**
   * Redis names no plan for the agent: drop the index's plan if the store says it ended, or put
   * it back in Redis if the store says it is active. The agent's active plan after it, or null.
   */
  private async reconcile(agentId: string): Promise<ActivePlan | null> {
    const held = this.index.get(agentId);
    if (!held) return null;
    const stored = await readStoredPlan(await this.db(), held.plan.planId);
    if (!stored || !ACTIVE_STATES.has(stored.plan.executionState)) {
      this.drop(held);
      return null;
    }
    const activeId = await this.usage.seed(stored.plan, countersOf(restoredPlan(stored)));
    if (activeId !== held.plan.planId) return this.planFor(agentId, activeId);
    return held;
  }

  private drop(a: ActivePlan): void {
    if (this.index.get(a.plan.agent_id) === a) this.index.delete(a.plan.agent_id);
    a.closed = true;
  }
}
