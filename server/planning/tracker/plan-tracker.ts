import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../redis/connection.ts';
import { KeyedLock } from '../../../lib/keyed-lock.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import { costTable } from '../costs.ts';
import { PLANNING_TOOLS, type BeginResult, type MaybePromise } from '../../contracts/planning/ports.ts';
import type { DeclareArgs, DeclareContext, PlanChange, PlanningService, UpdateArgs } from '../../contracts/planning/service.ts';
import type { PlanView, SentinelMode, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import { insertPlan, readActivePlans, readFindingsOf, readPlan, readPlanView, savePlanState } from '../store/plan-store.ts';
import { usageOf } from '../usage.ts';
import { ActivePlan } from './active-plan.ts';
import { BatchWriter } from './batch-writer.ts';
import { budgetExcess } from './budget-check.ts';
import { CallStart } from './call-start.ts';
import { declaredPlan, isReplan, replannedPlan, resolveMode } from './lifecycle.ts';
import { restoredPlan } from './restore.ts';
import { recordsOf } from './sentinel-input.ts';
import { gatherRecords } from './shared-records.ts';
import { SharedPlans } from './shared-plans.ts';
import { capabilityMap, type SkillStatsSource } from './skill-choices.ts';

export interface PlanTrackerOptions {
  db: () => Promise<Db>;
  /** DCF_TOOL_COSTS. */
  toolCosts: Record<string, number>;
  /** DCF_SENTINEL_MODE: the mode of agents whose template sets none. */
  deploymentMode: SentinelMode;
  /** The skill catalog (capabilities, the arms of a skill choice); without it no choice is judged. */
  skills?: () => Promise<SkillDirectory>;
  /** The arms' counts at a choice (the workers' stats); without it every arm reads 0/0. */
  skillStats?: SkillStatsSource;
  /** Milliseconds since the epoch (tests pin it). */
  clock?: () => number;
  /** How long queued writes wait to be batched (default 20 ms). */
  flushDelayMs?: number;
  /**
   * The Redis every console and worker shares (issue 32): active plans and their counters live
   * there (shared-usage.ts), so a call is attributed and held to its plan's budget on whichever
   * process it lands. Without it the index and the counters are this process's only.
   */
  redis?: () => Promise<RedisClient>;
  /** How long the console ending a plan waits for other consoles' records of it (default 2 × flush delay + 1 s). */
  settleMs?: number;
  onError?: (err: unknown) => void;
}

const PLANNING: ReadonlySet<string> = new Set(PLANNING_TOOLS);
const NO_SKILLS: SkillDirectory = { get: () => undefined, all: () => [] };

/**
 * The plan tracker of one process (ports.ts PlanTracker, service.ts PlanningService): an
 * in-memory index agent id → active plan with its usage counters, so `begin` for an agent
 * without a plan is one Map lookup. Every tool-layer call of an agent with an active plan is
 * attributed to it except the planning tools; records and findings are written in batches off
 * the call path (BatchWriter). Plans survive a restart: active plans are read back at start.
 *
 * With Redis (issue 32, several consoles and workers on one database) the index is read through
 * Redis (shared-plans.ts): which plan is active, the counters enforce mode checks and the seq of
 * every record are Redis's, so a call is attributed and budgeted alike on every process — except
 * for a plan this process holds (declared with DeclareContext.held: an in-process worker under its
 * Task's lease is its agent's only caller). That one is counted, budgeted and numbered here as
 * without Redis, its calls cost no round trip (issue 33), and Redis refuses any other process's
 * call as its agent (shared-usage.ts), so the numbers stay exact.
 */
export class PlanTrackerService implements PlanningService {
  private readonly active = new Map<string, ActivePlan>();
  /** One lifecycle change at a time per agent (declare, update), in call order. */
  private readonly locks = new KeyedLock();
  private readonly start: CallStart;
  private readonly clock: () => number;
  private readonly writer: BatchWriter;
  private readonly onError: (err: unknown) => void;
  private readonly shared: SharedPlans | null;
  /** Model steps being charged in Redis (recordModelUsage does not wait; flush and lifecycle changes do). */
  private readonly inflight = new Set<Promise<void>>();
  private catalog: Promise<SkillDirectory> | null = null;
  private capabilities: Promise<Record<string, string>> | null = null;
  /** Resolves once the active plans of the store are back in the index. */
  readonly ready: Promise<void>;

  constructor(private readonly o: PlanTrackerOptions) {
    this.clock = o.clock ?? Date.now;
    this.onError = o.onError ?? ((err) => console.error('plan tracker:', err));
    this.shared = o.redis ? new SharedPlans(o.redis, o.db, this.active) : null;
    this.writer = new BatchWriter({
      db: o.db,
      capabilityOf: () => this.capabilityOf(),
      clock: this.clock,
      newId: randomUUID,
      delayMs: o.flushDelayMs ?? 20,
      onError: this.onError,
    });
    this.start = new CallStart({
      writer: this.writer,
      clock: this.clock,
      costs: costTable(o.toolCosts),
      skills: () => this.skillDirectory(),
      ...(o.skillStats ? { skillStats: o.skillStats } : {}),
      onError: this.onError,
      countsLocally: this.shared === null,
    });
    this.ready = this.restore().catch(this.onError);
  }

  begin(actor: Actor, toolName: string, args: unknown): MaybePromise<BeginResult> {
    if (actor.kind !== 'agent' || PLANNING.has(toolName)) return null;
    const a = this.counted(actor.id);
    if (this.shared && !a) return this.beginShared(this.shared, actor.id, toolName, args);
    if (a === undefined) return null;
    const { cost, skills } = this.start.costOf(toolName, args);
    const now = this.clock();
    const excess = a.plan.mode === 'enforce' ? budgetExcess(a, cost, now) : null;
    return this.start.started(a, a.nextSeq++, { toolName, args, cost, skills, now }, excess, a.plan.executionState === 'Planned');
  }

  recordModelUsage(agentId: string, usage: { prompt_tokens: number; completion_tokens: number }): void {
    const tokens = Math.max(0, usage.prompt_tokens) + Math.max(0, usage.completion_tokens);
    const now = this.clock();
    const a = this.counted(agentId);
    if (this.shared && !a) {
      const shared = this.shared;
      const charging = (async () => {
        const charged = await shared.charge(agentId, 'model', tokens, now);
        if (charged === 'held') throw new Error(`a model step of agent ${agentId} was not recorded: another process holds its plan`);
        if (charged) this.start.modelStep(charged.a, charged.c.seq, usage, tokens, now);
      })()
        .catch(this.onError)
        .finally(() => this.inflight.delete(charging));
      this.inflight.add(charging);
      return;
    }
    if (!a) return;
    a.cost += tokens;
    a.tokens += tokens;
    this.start.modelStep(a, a.nextSeq++, usage, tokens, now);
  }

  activePlanId(agentId: string): MaybePromise<string | null> {
    if (this.shared) return this.shared.usage.activePlanId(agentId);
    return this.active.get(agentId)?.plan.planId ?? null;
  }

  /** Writes what is queued and stops listening for other processes' plan activations (no-plan-cache.ts). */
  async close(): Promise<void> {
    await this.flush();
    await this.shared?.usage.noPlan.close();
  }

  async flush(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
    await this.writer.flush();
  }

  declare(agentId: string, input: DeclareArgs, context: DeclareContext): Promise<PlanChange | ToolFailure> {
    return this.locks.run(agentId, async () => {
      await this.ready;
      await this.settled();
      const mode = resolveMode(input.mode, context.templateMode, this.o.deploymentMode);
      if ('refused' in mode) return fail('forbidden', mode.refused);
      const plan = declaredPlan(randomUUID(), agentId, input, context, mode.mode, this.now());
      if (this.shared) return this.declareShared(this.shared, plan, context.held === true);
      const old = this.active.get(agentId);
      const ended = old ? await this.end(old, 'Complete', null) : null;
      await insertPlan(await this.o.db(), plan);
      this.active.set(agentId, new ActivePlan(structuredClone(plan)));
      return { plan, ended };
    });
  }

  update(agentId: string, u: UpdateArgs): Promise<PlanChange | ToolFailure> {
    return this.locks.run(agentId, async () => {
      await this.ready;
      await this.settled();
      const a = this.counted(agentId) ?? (await this.shared?.current(agentId));
      if (!a || a.plan.planId !== u.plan_id) return this.notActive(agentId, u.plan_id);
      const replan = isReplan(u);
      if (replan && !u.reason) return fail('invalid_input', 'a replan (plannedSequence, constraints or policy) needs a reason');
      if (replan && (u.execution_state === 'Complete' || u.execution_state === 'Failed')) {
        return fail('invalid_input', `a replan starts a new plan; it cannot also end it ${u.execution_state}`);
      }
      if (u.deviations?.length) {
        a.plan.deviations.push(...u.deviations);
        a.stateDirty = true;
      }
      if (u.execution_state === 'InProgress' && a.plan.executionState === 'Planned') {
        a.plan.executionState = 'InProgress';
        a.stateDirty = true;
      }
      if (replan) return this.replan(a, u);
      if (u.execution_state === 'Complete' || u.execution_state === 'Failed') {
        const ended = await this.end(a, u.execution_state, null);
        return { plan: structuredClone(a.plan), ended };
      }
      if (a.stateDirty) this.writer.touch(a);
      await this.writer.flush();
      return { plan: structuredClone(a.plan), ended: null };
    });
  }

  async view(planId: string): Promise<PlanView | null> {
    await this.ready;
    await this.flush();
    const a = this.shared ? undefined : [...this.active.values()].find((x) => x.plan.planId === planId);
    // Shared plans are read from the store: it holds every console's written records, this one's just flushed.
    if (!a) return readPlanView(await this.o.db(), planId);
    const stored = await readPlanView(await this.o.db(), planId);
    if (!stored) return null;
    const calls = recordsOf(a, await this.capabilityOf());
    return { plan: structuredClone(a.plan), calls, findings: stored.findings, usage: usageOf(a.plan, calls) };
  }

  /**
   * A call with shared plans. Without an answer from Redis the call is refused `unavailable`
   * rather than run unbudgeted: whether the agent has a plan (and room in it) is not known.
   */
  private async beginShared(shared: SharedPlans, agentId: string, toolName: string, args: unknown): Promise<BeginResult> {
    const { cost, skills } = this.start.costOf(toolName, args);
    const now = this.clock();
    let charged: Awaited<ReturnType<SharedPlans['charge']>>;
    try {
      charged = await shared.charge(agentId, 'call', cost, now);
    } catch (err) {
      this.onError(err);
      const why = err instanceof Error ? err.message : String(err);
      return { refused: fail('unavailable', `${toolName} was not run: the tool-call plans cannot be read (${why}); try again shortly`) };
    }
    if (charged === 'held') {
      const why = `agent ${agentId}'s tool-call plan is held by the worker running its Task on another process, which alone calls as it`;
      return { refused: fail('conflict', `${toolName} was not run: ${why}`) };
    }
    if (!charged) return null;
    const { a, c } = charged;
    return this.start.started(a, c.seq, { toolName, args, cost, skills, now }, c.refused, c.first);
  }

  /** Model steps charged before a lifecycle change count to the plan they were made under. */
  private async settled(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  /**
   * A declaration with shared plans: the plan is written to the store, then made the agent's
   * active plan in Redis (before the declaration returns); the plan it displaced — declared here
   * or on another console — ends Complete. `held`: this process holds the new plan (see above).
   */
  private async declareShared(shared: SharedPlans, plan: ToolCallPlan, held: boolean): Promise<PlanChange> {
    await insertPlan(await this.o.db(), plan);
    const swapped = await shared.usage.activate(plan, '*', held);
    if (swapped === 'conflict') throw new Error('unreachable: an unconditional activation cannot conflict');
    const indexed = this.active.get(plan.agent_id);
    if (indexed) indexed.closed ||= indexed.plan.planId !== swapped.previous;
    const old = swapped.previous ? await shared.planFor(plan.agent_id, swapped.previous) : null;
    this.active.set(plan.agent_id, new ActivePlan(structuredClone(plan), held));
    const ended = old ? await this.end(old, 'Complete', null, swapped.seqs) : null;
    return { plan, ended };
  }

  private async replan(a: ActivePlan, u: UpdateArgs): Promise<PlanChange | ToolFailure> {
    const next = replannedPlan(a.plan, randomUUID(), u, this.now());
    const db = await this.o.db();
    await insertPlan(db, next);
    let numbered: number | undefined;
    if (this.shared) {
      const swapped = await this.shared.usage.activate(next, a.plan.planId, a.held);
      if (swapped === 'conflict') {
        // Another console ended or replaced the plan meanwhile: the new plan never became active.
        await savePlanState(db, { ...next, executionState: 'Failed', ended_at: this.now() });
        return fail('conflict', `plan ${a.plan.planId} was ended or replaced meanwhile; nothing was replanned`);
      }
      numbered = swapped.seqs;
    }
    const ended = await this.end(a, 'Replaced', next.planId, numbered);
    this.active.set(a.plan.agent_id, new ActivePlan(structuredClone(next), a.held));
    return { plan: next, ended };
  }
  /**
   * Ends the plan: out of the index, its queue written, its end state and end checks recorded.
   * With shared plans an ending (not a replacement, whose successor already took its place in
   * Redis) is written to the store before Redis lets the plan go, so no console takes it for
   * lost and puts it back; then the records other consoles made (`numbered` seqs in all) are
   * gathered so the end checks judge every call.
   */
  private async end(a: ActivePlan, state: 'Complete' | 'Failed' | 'Replaced', replacedBy: string | null, numbered?: number) {
    if (this.active.get(a.plan.agent_id) === a) this.active.delete(a.plan.agent_id);
    a.closed = true;
    await Promise.all([...a.pending]);
    // The end state is written below or by the end checks: a change of state not written yet needs no write of its own.
    a.stateDirty = false;
    await this.writer.flush();
    a.plan.executionState = state;
    a.plan.ended_at = this.now();
    a.plan.replaced_by = replacedBy;
    let stateSaved = false;
    if (this.shared) {
      const db = await this.o.db();
      if (numbered === undefined) {
        await savePlanState(db, a.plan);
        stateSaved = true;
        numbered = (await this.shared.usage.release(a.plan.agent_id, a.plan.planId)) ?? 0;
      }
      // Gathering adds records and finding keys, no field of the plan's state.
      await gatherRecords(a, numbered, db, this.o.settleMs ?? 2 * (this.o.flushDelayMs ?? 20) + 1_000);
    }
    await this.writer.endChecks(a, { stateSaved });
    // findingKeys holds every finding of the plan in the store: those written here, and (restored or
    // gathered) those written elsewhere. None: nothing to read (issue 33: a worker's every Task ends a plan).
    const findings = a.findingKeys.size ? await readFindingsOf(await this.o.db(), a.plan.planId) : [];
    return { plan_id: a.plan.planId, execution_state: state, findings };
  }

  /**
   * The agent's plan whose calls this process counts and numbers itself: any active one without
   * Redis, else one it holds (still open); undefined when the calls go to Redis (or nowhere).
   */
  private counted(agentId: string): ActivePlan | undefined {
    const a = this.active.get(agentId);
    return !this.shared || (a?.held && !a.closed) ? a : undefined;
  }

  private async notActive(agentId: string, planId: string): Promise<ToolFailure> {
    const stored = await readPlan(await this.o.db(), planId);
    if (!stored) return fail('not_found', `no tool-call plan ${planId}`);
    if (stored.agent_id !== agentId) return fail('forbidden', `plan ${planId} belongs to agent ${stored.agent_id}, not to you`);
    return fail('conflict', `plan ${planId} is no longer active (${stored.executionState}); declare a new plan`);
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  private skillDirectory(): Promise<SkillDirectory> {
    if (!this.o.skills) return Promise.resolve(NO_SKILLS);
    this.catalog ??= this.o.skills().catch((err) => {
      this.catalog = null;
      this.onError(err);
      return NO_SKILLS;
    });
    return this.catalog;
  }

  private capabilityOf(): Promise<Record<string, string>> {
    this.capabilities ??= this.skillDirectory().then(capabilityMap);
    return this.capabilities;
  }

  private async restore(): Promise<void> {
    const stored = await readActivePlans(await this.o.db());
    for (const s of stored) {
      const previous = this.active.get(s.plan.agent_id);
      if (previous) previous.closed = true;
      const a = restoredPlan(s);
      this.active.set(s.plan.agent_id, a);
      // Redis restarted without its data: the plans the store holds active are put back, counted from their records.
      await this.shared?.seed(a);
    }
  }
}
