import type { Json } from '../engine/runtime/index.ts';
import { createWorkflowControlPlane, type CreateControlPlaneResult } from './create-control-plane.ts';
import { createWorkerAgents } from './create-worker-agents.ts';
import { notifyNextWorkerAgent } from './notify.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Starts a run the way the Planner does (spec §2.4–2.6): create_workflow_control_plane →
 * create_worker_agents → notify_next_worker_agent for the start state. Whoever consumes the
 * notification queue (embedded workers, `dcf worker`) then runs it.
 */
export async function startRun(
  x: ExecutionServices,
  req: { workflow: unknown; input: Json; started_by: string; run_id?: string; test_run?: boolean },
): Promise<CreateControlPlaneResult> {
  const created = await createWorkflowControlPlane(x, req);
  if (!created.ok) return created;
  await createWorkerAgents(x, created.run_id);
  await notifyNextWorkerAgent(x, created.run_id);
  return created;
}
