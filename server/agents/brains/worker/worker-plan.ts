import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import { currentTurn, turnToolResults, type BrainInput } from '../brain.ts';
import { brainPlan } from '../plan-of.ts';
import { taskStateGoal, taskStateIntents } from '../../../execution/protocol-intents.ts';
import type { WorkflowEvent } from './worker-brain.ts';

/**
 * The worker's plan for its Task state (issue 17): unit `workflow_run` (the run's id, the state's
 * name), the state's bound skills as `given_skills` (the workflow bound them; the worker does not
 * choose), and the protocol's steps: load the skill, invoke it with the state's effective input,
 * write the outcome to the control plane, wake the states that follow. A skill swap (unload, load
 * the policy's alternative) is a replan with the worker's reason.
 *
 * `later` until the lease is granted: the lease is what makes the state this worker's work (a
 * refused lease means another worker owns it and there is nothing to plan), and it names the
 * skills the state binds.
 */
export function workerPlan(input: BrainInput, event: WorkflowEvent): DeclarePlanInput | 'later' | null {
  const results = turnToolResults(currentTurn(input.history).steps);
  const first = results[0];
  if (!first || first.name !== 'acquire_state_lease') return 'later';
  const lease = first.status === 'success' && first.result?.status === 'ok' ? first.result : null;
  if (!lease) return null;
  const skills = Array.isArray(lease.skills) ? lease.skills.filter((s): s is string => typeof s === 'string') : [];
  const current = typeof lease.current_skill === 'string' ? lease.current_skill : skills[0];
  const { run_id, state } = event;
  return brainPlan(
    taskStateGoal(state, run_id),
    taskStateIntents(state, current),
    { kind: 'workflow_run', id: run_id, session_id: run_id, state },
    { given_skills: skills },
  );
}
