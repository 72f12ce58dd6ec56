import type { z } from 'zod';
import type { ToolFailure } from '../../tool-result.ts';
import type { declarePlanInput, PlanTracker, updatePlanInput } from './ports.ts';
import type { PlanView, SentinelFinding, ToolCallPlan } from '../../../lib/planning/schemas.ts';

/**
 * What the planning tools use besides the tool layer's PlanTracker (ports.ts): the plan
 * lifecycle of one process's tracker (server/planning/tracker/). ToolServices.planning holds it.
 */
export interface PlanningService extends PlanTracker {
  /**
   * Declares a plan for `agentId` and makes it the agent's active plan; an active plan it had
   * ends Complete first (and is checked). Fails `forbidden` when `mode: report` would lower an
   * enforce mode.
   */
  declare(agentId: string, input: DeclareArgs, context: DeclareContext): Promise<PlanChange | ToolFailure>;
  /** A replan, deviation rationales, or the end of the owner's active plan (ports.ts updatePlanInput). */
  update(agentId: string, input: UpdateArgs): Promise<PlanChange | ToolFailure>;
  /** A plan with its calls (the running ones of an active plan included), findings and usage. */
  view(planId: string): Promise<PlanView | null>;
}

export type DeclareArgs = z.output<typeof declarePlanInput>;
export type UpdateArgs = z.output<typeof updatePlanInput>;

/** What the declaring tool looks up about the agent and the unit (server/planning/unit-owner.ts). */
export interface DeclareContext {
  /** The agent template's `metadata.sentinel_mode`, when it sets one. */
  templateMode?: unknown;
  user_id?: string | null;
  workflow_id?: string | null;
  /** The declaring actor is the plan's only caller (ToolContext.plansHeld): the tracker holds the plan. */
  held?: boolean;
}

/** The plan now in force, and the plan that ended with the change (its findings, live and end). */
export interface PlanChange {
  plan: ToolCallPlan;
  ended: { plan_id: string; execution_state: ToolCallPlan['executionState']; findings: SentinelFinding[] } | null;
}
