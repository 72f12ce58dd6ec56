import type { PlanStep, TaskDelegation } from '../../../delegation/protocol.ts';
import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import { resourceBudgetSchema, type PlanUnit, type ToolCallIntent } from '../../../../lib/planning/schemas.ts';
import { brainPlan, intent } from '../plan-of.ts';

/**
 * A Companion's tool-call plan for one task_delegation (Brain.plan, issue 17): unit
 * `companion_task` (the task's id, in the delegation's session), the budget the Conductor handed
 * it (`context.budget`, conductor/task-budget.ts) as the constraints, and the task's
 * `skills_required` as given skills — the Conductor chose them, so using them is no skill choice
 * of the Companion's. The intents follow CompanionTurn's protocol: claim a broadcast task, load
 * the skills, one invoke_skill_tool per plan step (the step's skill), unload, set the status.
 */
export function companionPlan(d: TaskDelegation, unit: PlanUnit): DeclarePlanInput | null {
  const budget = resourceBudgetSchema.safeParse(d.context?.budget);
  const source = typeof d.context?.budget_source === 'string' ? ` (${d.context.budget_source})` : '';
  const steps = leafSteps(d.context?.plan ?? []);
  const named = typeof d.context?.tool === 'string' ? d.context.tool : null;
  const intents: ToolCallIntent[] = [
    ...(d.broadcast ? [intent('update_companion_status', `Claim task ${d.task_id}: it was offered to several Companions.`)] : []),
    ...d.skills_required.map((skill) => intent('load_skill', `Load ${skill}, which the task requires.`, { skill })),
    ...steps.map((s) =>
      intent('invoke_skill_tool', `Step ${s.name} of the task's plan: ${s.tool} of ${s.skill}.`, {
        skill: s.skill,
        expectedOutcome: `the result ${s.result}`,
      }),
    ),
    ...(named ? [intent(named, `Call ${named}, the tool the task names.`)] : []),
    ...d.skills_required.map((skill) =>
      intent('unload_skill', `Unload ${skill}: the task is done with it.`, {
        skill,
      }),
    ),
    intent('update_companion_status', 'Set my status: idle when the task succeeded, error when it failed.'),
  ];
  return brainPlan(
    `Task ${d.task_id}: ${d.description}${source}`,
    intents,
    {
      ...unit,
      kind: 'companion_task',
      id: d.task_id,
      session_id: d.session_id,
    },
    {
      ...(budget.success ? { constraints: budget.data } : {}),
      given_skills: d.skills_required,
    },
  );
}

interface LeafStep {
  name: string;
  skill: string;
  tool: string;
  result: string;
}

/** The plan's tool steps in order (a map step's own steps; a map calls them once per item). */
function leafSteps(plan: PlanStep[], prefix = ''): LeafStep[] {
  return plan.flatMap((s, i) => {
    const name = `${prefix}${s.step || String(i + 1)}`;
    if (s.steps?.length) return leafSteps(s.steps, `${name} → `);
    return s.skill && s.tool ? [{ name, skill: s.skill, tool: s.tool, result: s.result }] : [];
  });
}
