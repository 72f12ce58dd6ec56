import type { DeclarePlanInput } from '../../../planning/ports.ts';
import { currentTurn, turnToolResults, type BrainInput } from '../brain.ts';
import { brainPlan, intent } from '../plan-of.ts';
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
  const skill = current ? { skill: current } : {};
  const { run_id, state } = event;
  return brainPlan(
    `Work the Task state ${state} of run ${run_id}: run its skill on the state's input and record the outcome.`,
    [
      intent('load_skill', `Load ${current ?? 'the skill'} that ${state} binds before calling it.`, skill),
      intent('invoke_skill_tool', `Run ${current ?? 'the skill'} with ${state}'s effective input, unchanged.`, {
        ...skill, expectedOutcome: 'the skill\'s result for the state',
      }),
      intent('update_workflow_control_plane', `Write the result of ${state} to the data plane and mark it done.`),
      intent('notify_next_worker_agent', 'Wake the worker of each state that the update queued next.'),
    ],
    { kind: 'workflow_run', id: run_id, session_id: run_id, state },
    { given_skills: skills },
  );
}
