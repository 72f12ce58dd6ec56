import type { ToolCallIntent } from '../../lib/planning/schemas.ts';

/**
 * The worker protocol's steps for one Task state as tool-call intents (issue 17): load the bound
 * skill, invoke it with the state's effective input, write the outcome to the control plane, wake
 * the states that follow. One list for both kinds of worker: the in-process worker
 * (protocol-plan.ts) and an agent worker's brain (server/agents/brains/worker/worker-plan.ts).
 * With `capability` the skill intents name it, so a swap to another skill of it stays in the plan;
 * without it they name the skill, and a swap is the worker's replan.
 */
export function taskStateIntents(state: string, skill: string | undefined, capability?: string): ToolCallIntent[] {
  // A capability lets the intent stand for any skill of it: the skill a swap chooses carries it out too.
  const meant = capability ?? skill;
  const named = meant ? { skill: meant } : {};
  const what = skill ? `${skill}${capability ? ` (or another ${capability} skill if it fails)` : ''}` : 'the skill';
  return [
    { toolName: 'load_skill', rationale: `Load ${what} that ${state} binds before calling it.`, ...named },
    {
      toolName: 'invoke_skill_tool',
      rationale: `Run ${what} with ${state}'s effective input, unchanged.`,
      expectedOutcome: "the skill's result for the state",
      ...named,
    },
    { toolName: 'update_workflow_control_plane', rationale: `Write the result of ${state} to the data plane and mark it done.` },
    { toolName: 'notify_next_worker_agent', rationale: 'Wake the worker of each state that the update queued next.' },
  ];
}

/** The goal of a worker's plan for a Task state. */
export const taskStateGoal = (state: string, runId: string): string =>
  `Work the Task state ${state} of run ${runId}: run its skill on the state's input and record the outcome.`;
