import { z } from 'zod';
import type { Actor } from '../audit-actor.ts';
import type { ToolFailure } from '../../tool-result.ts';
import {
  deviationRationaleSchema,
  planPolicySchema,
  planUnitSchema,
  resourceBudgetSchema,
  SENTINEL_MODES,
  toolCallIntentSchema,
  type SentinelMode,
} from '../../../lib/planning/schemas.ts';

/**
 * The contract between the tool layer, the agent runtime and the planning subsystem (issue 17).
 *
 * `invokeTool` (server/tools/invoke.ts) asks the tracker, for every call, whether the caller has
 * an active plan: `begin` is allocation-light when it has none (the benchmark holds tracking to
 * ≤ 10 % of a call's latency) — synchronous in a process of its own, one Redis round trip when
 * the plans are shared by several consoles (issue 32), so callers await its answer. With a plan
 * the call is attributed to it; in `enforce` mode a call that would go over the budget is
 * refused before it runs.
 */
export interface PlanTracker {
  /**
   * A call is about to run. Null: the caller has no active plan (nothing is recorded). A
   * `refused` failure: enforce mode and the call would exceed the budget (error_code
   * `budget_exceeded`); the refusal itself is recorded with a BudgetExceeded finding.
   */
  begin(actor: Actor, toolName: string, args: unknown): MaybePromise<BeginResult>;
  /** A model step's token usage for the agent's active plan (cost source `model_tokens`); written off the caller's path. */
  recordModelUsage(agentId: string, usage: { prompt_tokens: number; completion_tokens: number }): void;
  /** The agent's active plan id (Planned or InProgress), or null. */
  activePlanId(agentId: string): MaybePromise<string | null>;
  /** Resolves when every record and finding so far is written (tests, shutdown). */
  flush(): Promise<void>;
}

export type MaybePromise<T> = T | Promise<T>;

/** `begin`'s answer: no plan (null), a ticket to end the call with, or enforce mode's refusal. */
export type BeginResult = CallTicket | { refused: ToolFailure } | null;

export interface CallTicket {
  readonly planId: string;
  /** The call ended: `status` of its result, and its error code when it failed. */
  end(outcome: { status: 'ok' | 'error'; error_code?: string | null }): void;
}

/** Tools the tracker never attributes (they are the plan's own bookkeeping). */
export const PLANNING_TOOLS = ['declare_tool_call_plan', 'update_tool_call_plan', 'get_tool_call_plan'] as const;

/** declare_tool_call_plan's input (the brains and the runtime build it; the tool validates it). */
export const declarePlanInput = z
  .object({
    goal: z.string().min(1).max(4_000),
    constraints: resourceBudgetSchema.default({}),
    policy: planPolicySchema.default({ strategy: 'Greedy', preferGeneralMethods: true }),
    plannedSequence: z.array(toolCallIntentSchema).min(1).max(200),
    unit: planUnitSchema,
    /** Set by the agent runtime only when it declares for an agent that did not. */
    declared_by: z.enum(['agent', 'runtime']).default('agent'),
    /** Overrides the template's / deployment's mode for this plan (only towards `enforce`). */
    mode: z.enum(SENTINEL_MODES).optional(),
    /**
     * Skills the unit was handed rather than chose (a task's `skills_required`, a Task state's
     * binding): calls to them are not the agent's own skill choices, so no Policy/BLP check applies.
     */
    given_skills: z.array(z.string().max(300)).max(50).default([]),
  })
  .strict();
export type DeclarePlanInput = z.input<typeof declarePlanInput>;

/**
 * update_tool_call_plan's input: a replan (new intents and/or budget → a new plan replacing this
 * one, `reason` required), deviation rationales, or the end of the plan (`execution_state`
 * Complete | Failed), which runs the sentinel's end-of-plan checks.
 */
export const updatePlanInput = z
  .object({
    plan_id: z.uuid().max(36),
    reason: z.string().min(1).max(2_000).optional(),
    plannedSequence: z.array(toolCallIntentSchema).min(1).max(200).optional(),
    constraints: resourceBudgetSchema.optional(),
    policy: planPolicySchema.optional(),
    deviations: z.array(deviationRationaleSchema).max(50).optional(),
    execution_state: z.enum(['InProgress', 'Complete', 'Failed']).optional(),
  })
  .strict();
export type UpdatePlanInput = z.input<typeof updatePlanInput>;

/** Where a plan's mode comes from: the template's `metadata.sentinel_mode`, else the deployment's. */
export function planMode(templateMode: unknown, deploymentMode: SentinelMode): SentinelMode {
  return templateMode === 'enforce' || templateMode === 'report' ? templateMode : deploymentMode;
}
