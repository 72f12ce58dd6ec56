import type { DeclareArgs, DeclareContext, UpdateArgs } from '../../contracts/planning/service.ts';
import type { SentinelMode, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import { planMode } from '../../contracts/planning/ports.ts';

/**
 * Pure steps of a plan's life (the tracker does the I/O): a declared plan starts Planned; a
 * replan is a new plan linked to the one it replaces (`replaces`, `replan_reason`), keeping its
 * goal, unit, owner and mode and taking the new intents, budget or policy.
 */

/** The mode of a new plan: the template's, else the deployment's; `mode: enforce` raises it, nothing lowers it. */
export function resolveMode(
  asked: SentinelMode | undefined,
  templateMode: unknown,
  deploymentMode: SentinelMode,
): { mode: SentinelMode } | { refused: string } {
  const base = planMode(templateMode, deploymentMode);
  if (asked === 'report' && base === 'enforce') {
    return {
      refused:
        'mode "report" cannot lower this agent\'s sentinel mode, which is "enforce" (template or ' +
        'DCF_SENTINEL_MODE); declare without mode',
    };
  }
  return { mode: asked === 'enforce' ? 'enforce' : base };
}

export function declaredPlan(
  id: string,
  agentId: string,
  input: DeclareArgs,
  context: DeclareContext,
  mode: SentinelMode,
  now: string,
): ToolCallPlan {
  return {
    planId: id,
    planningContext: { goal: input.goal, constraints: input.constraints, policy: input.policy },
    plannedSequence: input.plannedSequence,
    executionState: 'Planned',
    agent_id: agentId,
    unit: input.unit,
    mode,
    declared_by: input.declared_by,
    replaces: null,
    replan_reason: null,
    replaced_by: null,
    deviations: [],
    given_skills: input.given_skills,
    user_id: context.user_id ?? null,
    workflow_id: context.workflow_id ?? null,
    created_at: now,
    ended_at: null,
  };
}

/** Whether an update replans (new intents, budget or policy) rather than only explaining or ending. */
export const isReplan = (u: UpdateArgs): boolean =>
  u.plannedSequence !== undefined || u.constraints !== undefined || u.policy !== undefined;

export function replannedPlan(old: ToolCallPlan, id: string, u: UpdateArgs, now: string): ToolCallPlan {
  return {
    ...old,
    planId: id,
    planningContext: {
      goal: old.planningContext.goal,
      constraints: u.constraints ?? old.planningContext.constraints,
      policy: u.policy ?? old.planningContext.policy,
    },
    plannedSequence: u.plannedSequence ?? old.plannedSequence,
    executionState: 'Planned',
    replaces: old.planId,
    replan_reason: u.reason ?? null,
    replaced_by: null,
    deviations: [],
    created_at: now,
    ended_at: null,
  };
}
