import { randomUUID } from 'node:crypto';
import type { AgentRow } from '../../db/schema/agents.ts';
import type { DeclarePlanInput, PlanTracker, UpdatePlanInput } from '../../contracts/planning/ports.ts';
import type { DeviationRationale, PlanUnit, ToolCallIntent } from '../../../lib/planning/schemas.ts';
import type { Brain, BrainInput, BrainToolCall, BrainUsage, ToolCallsDecision } from '../brains/brain.ts';
import type { BuiltinEnv } from './builtin-tools/index.ts';
import { intentOfCall, intentToolNames, isToolLayerTool, runtimePlan, toolLayerIntents } from './runtime-plan.ts';
import { runToolCall, type ToolCallDeps, type ToolCallOutcome } from './tool-call.ts';

export interface TurnPlanDeps extends ToolCallDeps {
  /** The tool-call plan tracker; without it the loop declares, replans and ends nothing. */
  tracker?: PlanTracker;
}

/** A planning tool's call made by the runtime, with its return, for the loop to store and stream. */
export interface PlanningCall {
  call: BrainToolCall;
  outcome: ToolCallOutcome;
}

/** Who declared the turn's plan: the brain's `plan`, the runtime for it, or the model with its own call. */
type PlanSource = 'brain' | 'runtime' | 'model';

const DECLARE = 'declare_tool_call_plan';
const UPDATE = 'update_tool_call_plan';

/**
 * One turn's tool-call plan as the agent loop keeps it (issue 17). Every declaration, replan and
 * end is a real call of the planning tools through the tool layer, as the agent (the actor), so
 * it is validated, recorded and shown like any other call:
 * - before the first tool-layer calls of a turn without an active plan: the brain's own plan
 *   (`Brain.plan`), else one the runtime declares from the decision; nothing when the decision
 *   declares one itself (a model that followed its prompt);
 * - a brain-declared plan is replanned (`update_tool_call_plan` with the step's reasoning as the
 *   reason) when the brain takes a tool-layer step it did not foresee — the DRR's replanning
 *   mid-turn; a model's own plan is the model's to replan, a runtime plan is not extended (its
 *   later calls are the sentinel's deviations);
 * - at the end of the turn the active plan ends Complete or Failed. A brain that stops before
 *   intents it foresaw gives its final words as the rationale for skipping them.
 */
export class TurnPlan {
  private source: PlanSource | null = null;
  private intents: ToolCallIntent[] = [];
  /** Tool-layer tools this turn ran (a refused call did not run). */
  private readonly ran = new Set<string>();

  constructor(
    private readonly deps: TurnPlanDeps,
    private readonly agent: AgentRow,
    private readonly env: BuiltinEnv,
    /** The turn's default unit (turnUnit). */
    readonly unit: PlanUnit,
  ) {}

  get tracking(): boolean {
    return !!this.deps.tracker;
  }

  private async active(): Promise<string | null> {
    return (await this.deps.tracker?.activePlanId(this.agent.id)) ?? null;
  }

  /**
   * A plan an earlier turn left active (the loop ends every plan it sees at the end of a turn, so
   * this one's turn never ended: the process stopped, or the stream was dropped mid-turn): Failed.
   */
  async endLeftover(): Promise<PlanningCall[]> {
    const id = await this.active();
    return id ? [await this.call(UPDATE, { plan_id: id, execution_state: 'Failed' })] : [];
  }

  /** The planning calls to make before `decision`'s calls run (declare or replan), in order. */
  async before(brain: Brain, input: BrainInput, decision: ToolCallsDecision, calls: BrainToolCall[]): Promise<PlanningCall[]> {
    if (!this.deps.tracker || calls.some((c) => c.name === DECLARE)) return [];
    const tracked = calls.filter((c) => isToolLayerTool(c.name));
    if (!tracked.length) return [];
    const id = await this.active();
    if (id) return this.source === 'brain' ? this.replan(brain, input, decision, tracked, id) : [];
    const own = brain.plan?.(input, decision, this.unit) ?? null;
    if (own === 'later') return [];
    const plan = this.cut(own) ?? runtimePlan(this.goal(input), calls, this.unit);
    if (!plan) return [];
    const declared = await this.call(DECLARE, { ...plan, ...this.modeOf() });
    if (await this.active()) {
      this.source = plan.declared_by === 'runtime' ? 'runtime' : 'brain';
      this.intents = plan.plannedSequence as ToolCallIntent[];
    }
    return [declared];
  }

  /** A call of the decision ran: note it (the brain's own planning calls make the plan the model's). */
  noteRan(c: BrainToolCall, outcome: ToolCallOutcome): void {
    if ((c.name === DECLARE || c.name === UPDATE) && outcome.status === 'success') this.source = 'model';
    if (outcome.error_code !== 'budget_exceeded') this.ran.add(c.name);
  }

  /** A model step's token usage, for the active plan's cost. */
  recordUsage(usage: BrainUsage | undefined): void {
    if (usage && this.deps.tracker) this.deps.tracker.recordModelUsage(this.agent.id, usage);
  }

  /**
   * Ends the active plan. `stoppedBecause`: the brain's final words when it answered (end_turn);
   * a brain-declared plan's intents no call carried out are skipped with them as the rationale.
   */
  async end(state: 'Complete' | 'Failed', stoppedBecause?: string): Promise<PlanningCall[]> {
    const id = await this.active();
    if (!id) return [];
    const input: UpdatePlanInput = { plan_id: id, execution_state: state };
    const skipped = this.intents.filter((i) => !this.ran.has(i.toolName));
    if (this.source === 'brain' && stoppedBecause?.trim() && skipped.length) {
      const rationale = clip(`I stopped before this step: ${stoppedBecause.trim()}`, 2_000);
      const unique = [...new Set(skipped.map((i) => i.toolName))].slice(0, 50);
      input.deviations = unique.map((toolName): DeviationRationale => ({
        toolName,
        kind: 'skipped_intent',
        rationale,
      }));
    }
    return [await this.call(UPDATE, input)];
  }

  private async replan(
    brain: Brain,
    input: BrainInput,
    decision: ToolCallsDecision,
    tracked: BrainToolCall[],
    id: string,
  ): Promise<PlanningCall[]> {
    const known = intentToolNames(this.intents);
    const unforeseen = tracked.filter((c) => !known.has(c.name));
    if (!unforeseen.length) return [];
    const unplanned = `the next step (${unforeseen.map((c) => c.name).join(', ')}) was not in the plan`;
    const reason = clip(decision.reasoning?.trim() || unplanned, 2_000);
    const own = brain.plan?.(input, decision, this.unit);
    const plan = own && own !== 'later' ? this.cut(own) : null;
    // The new plan covers the step that made it: calls the brain's new forecast leaves out come first.
    const forecast = (plan?.plannedSequence as ToolCallIntent[] | undefined) ?? [];
    const covered = intentToolNames(forecast);
    const unforeseenNow = tracked.filter((c) => !covered.has(c.name)).map((c) => intentOfCall(c, reason));
    const plannedSequence = [...unforeseenNow, ...forecast].slice(0, 200);
    const update: UpdatePlanInput = {
      plan_id: id,
      reason,
      plannedSequence,
      ...(plan?.constraints ? { constraints: plan.constraints } : {}),
    };
    const replanned = await this.call(UPDATE, update);
    if (replanned.outcome.status === 'success') {
      // The calls from here on are the new plan's: what it skips is judged against them alone.
      this.intents = plannedSequence;
      this.ran.clear();
    }
    return [replanned];
  }

  /** The brain's plan cut to the tool layer's intents (null when none is left). */
  private cut(plan: DeclarePlanInput | null): DeclarePlanInput | null {
    if (!plan) return null;
    // The contract's input type leaves intents unknown (a lazy schema); brains build ToolCallIntent objects.
    const plannedSequence = toolLayerIntents(plan.plannedSequence as ToolCallIntent[]).slice(0, 200);
    return plannedSequence.length ? { ...plan, plannedSequence } : null;
  }

  private goal(input: BrainInput): string {
    for (let i = input.history.length - 1; i >= 0; i--) {
      const m = input.history[i]!;
      if (m.role === 'user' || m.role === 'system') return m.content;
    }
    return '';
  }

  /** The template's `metadata.sentinel_mode` when it asks for enforce (the input may only move towards enforce). */
  private modeOf(): { mode?: 'enforce' } {
    return this.agent.metadata?.sentinel_mode === 'enforce' ? { mode: 'enforce' } : {};
  }

  private async call(name: string, args: DeclarePlanInput | UpdatePlanInput): Promise<PlanningCall> {
    const call: BrainToolCall = { id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) };
    const outcome = await runToolCall(this.deps, this.agent, this.env, new Set([name]), call);
    return { call, outcome };
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
