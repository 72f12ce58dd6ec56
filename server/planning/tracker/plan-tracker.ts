import { randomUUID } from 'node:crypto';
import { KeyedLock } from '../../../lib/keyed-lock.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import { costTable, type CostTable } from '../costs.ts';
import { namedSkills, usedSkills } from '../named-skills.ts';
import { PLANNING_TOOLS, type CallTicket } from '../../contracts/planning/ports.ts';
import type { DeclareArgs, DeclareContext, PlanChange, PlanningService, UpdateArgs } from '../../contracts/planning/service.ts';
import type { PlanView, SentinelMode } from '../../../lib/planning/schemas.ts';
import { insertPlan, readActivePlans, readFindingsOf, readPlan, readPlanView } from '../store/plan-store.ts';
import { MODEL_RECORD } from '../../contracts/planning/intent-fit.ts';
import { usageOf } from '../usage.ts';
import { ActivePlan } from './active-plan.ts';
import { BatchWriter } from './batch-writer.ts';
import { budgetExcess, budgetRefusal } from './budget-check.ts';
import { noteGeneralMethod } from './general-method.ts';
import { declaredPlan, isReplan, replannedPlan, resolveMode } from './lifecycle.ts';
import type { LiveCall } from './live-call.ts';
import { restoredPlan } from './restore.ts';
import { recordsOf } from './sentinel-input.ts';
import { capabilityMap, captureSkillChoices, type SkillStatsSource } from './skill-choices.ts';

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
 */
export class PlanTrackerService implements PlanningService {
  private readonly active = new Map<string, ActivePlan>();
  /** One lifecycle change at a time per agent (declare, update), in call order. */
  private readonly locks = new KeyedLock();
  private readonly costs: CostTable;
  private readonly clock: () => number;
  private readonly writer: BatchWriter;
  private readonly onError: (err: unknown) => void;
  private catalog: Promise<SkillDirectory> | null = null;
  private capabilities: Promise<Record<string, string>> | null = null;
  /** Resolves once the active plans of the store are back in the index. */
  readonly ready: Promise<void>;

  constructor(private readonly o: PlanTrackerOptions) {
    this.costs = costTable(o.toolCosts);
    this.clock = o.clock ?? Date.now;
    this.onError = o.onError ?? ((err) => console.error('plan tracker:', err));
    this.writer = new BatchWriter({
      db: o.db,
      capabilityOf: () => this.capabilityOf(),
      clock: this.clock,
      newId: randomUUID,
      delayMs: o.flushDelayMs ?? 20,
      onError: this.onError,
    });
    this.ready = this.restore().catch(this.onError);
  }

  begin(actor: Actor, toolName: string, args: unknown): CallTicket | { refused: ToolFailure } | null {
    if (actor.kind !== 'agent') return null;
    const a = this.active.get(actor.id);
    if (a === undefined || PLANNING.has(toolName)) return null;
    // Costs and skill choices come from the skills the call uses; the record names the first skill
    // the call names at all (a reliability read of a skill shows which), for the timeline and matching.
    const skills = usedSkills(toolName, args);
    let cost = this.costs.tool(toolName);
    for (const s of skills) cost += this.costs.skill(s);
    const now = this.clock();
    const excess = a.plan.mode === 'enforce' ? budgetExcess(a, cost, now) : null;
    const call = this.newCall(a, toolName, args, namedSkills(args)[0] ?? null, now, cost, skills.length ? 'skill' : 'tool');
    if (excess) {
      call.status = 'refused';
      call.errorCode = 'budget_exceeded';
      call.endedMs = now;
      this.writer.written(a, call);
      return { refused: budgetRefusal(a, toolName, cost, excess) };
    }
    a.calls++;
    a.cost += cost;
    if (a.plan.executionState === 'Planned') {
      a.plan.executionState = 'InProgress';
      a.stateDirty = true;
    }
    if (skills.length) captureSkillChoices(a, call, skills, () => this.skillDirectory(), this.o.skillStats, this.onError);
    noteGeneralMethod(a, toolName, args);
    return new Ticket(this.writer, this.clock, a, call);
  }

  recordModelUsage(agentId: string, usage: { prompt_tokens: number; completion_tokens: number }): void {
    const a = this.active.get(agentId);
    if (!a) return;
    const tokens = Math.max(0, usage.prompt_tokens) + Math.max(0, usage.completion_tokens);
    const now = this.clock();
    const call = this.newCall(a, MODEL_RECORD, usage, null, now, tokens, 'model_tokens');
    call.status = 'ok';
    call.endedMs = now;
    a.cost += tokens;
    a.tokens += tokens;
    this.writer.written(a, call);
  }

  activePlanId(agentId: string): string | null {
    return this.active.get(agentId)?.plan.planId ?? null;
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  declare(agentId: string, input: DeclareArgs, context: DeclareContext): Promise<PlanChange | ToolFailure> {
    return this.locks.run(agentId, async () => {
      await this.ready;
      const mode = resolveMode(input.mode, context.templateMode, this.o.deploymentMode);
      if ('refused' in mode) return fail('forbidden', mode.refused);
      const plan = declaredPlan(randomUUID(), agentId, input, context, mode.mode, this.now());
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
      const a = this.active.get(agentId);
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
      if (replan) {
        const next = replannedPlan(a.plan, randomUUID(), u, this.now());
        await insertPlan(await this.o.db(), next);
        const ended = await this.end(a, 'Replaced', next.planId);
        this.active.set(agentId, new ActivePlan(structuredClone(next)));
        return { plan: next, ended };
      }
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
    await this.writer.flush();
    const a = [...this.active.values()].find((x) => x.plan.planId === planId);
    if (!a) return readPlanView(await this.o.db(), planId);
    const stored = await readPlanView(await this.o.db(), planId);
    if (!stored) return null;
    const calls = recordsOf(a, await this.capabilityOf());
    return { plan: structuredClone(a.plan), calls, findings: stored.findings, usage: usageOf(a.plan, calls) };
  }

  /** Ends the plan: out of the index, its queue written, its end state and end checks recorded. */
  private async end(a: ActivePlan, state: 'Complete' | 'Failed' | 'Replaced', replacedBy: string | null) {
    if (this.active.get(a.plan.agent_id) === a) this.active.delete(a.plan.agent_id);
    a.closed = true;
    await Promise.all([...a.pending]);
    await this.writer.flush();
    a.plan.executionState = state;
    a.plan.ended_at = this.now();
    a.plan.replaced_by = replacedBy;
    await this.writer.endChecks(a);
    const findings = await readFindingsOf(await this.o.db(), a.plan.planId);
    return { plan_id: a.plan.planId, execution_state: state, findings };
  }

  private async notActive(agentId: string, planId: string): Promise<ToolFailure> {
    const stored = await readPlan(await this.o.db(), planId);
    if (!stored) return fail('not_found', `no tool-call plan ${planId}`);
    if (stored.agent_id !== agentId) return fail('forbidden', `plan ${planId} belongs to agent ${stored.agent_id}, not to you`);
    return fail('conflict', `plan ${planId} is no longer active (${stored.executionState}); declare a new plan`);
  }

  private newCall(
    a: ActivePlan,
    toolName: string,
    args: unknown,
    skill: string | null,
    now: number,
    cost: number,
    costSource: LiveCall['costSource'],
  ): LiveCall {
    const seq = a.nextSeq++;
    const call: LiveCall = {
      id: `${a.plan.planId}#${seq}`,
      planId: a.plan.planId,
      seq,
      toolName,
      skill,
      args,
      digest: null,
      startedMs: now,
      endedMs: null,
      status: 'running',
      errorCode: null,
      cost,
      costSource,
      choices: [],
      record: null,
    };
    a.records.push(call);
    return call;
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
      this.active.set(s.plan.agent_id, restoredPlan(s));
    }
  }
}

/** The handle `invokeTool` ends a call with. */
class Ticket implements CallTicket {
  readonly planId: string;

  constructor(
    private readonly writer: BatchWriter,
    private readonly clock: () => number,
    private readonly a: ActivePlan,
    private readonly call: LiveCall,
  ) {
    this.planId = a.plan.planId;
  }

  end(outcome: { status: 'ok' | 'error'; error_code?: string | null }): void {
    if (this.call.status !== 'running') return;
    this.call.status = outcome.status;
    this.call.errorCode = outcome.error_code ?? null;
    this.call.endedMs = this.clock();
    this.writer.written(this.a, this.call);
  }
}
