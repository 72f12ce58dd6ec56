import { z } from 'zod';
import { isObject } from '../json.ts';
import { collectStateTree } from '../asl/state-tree.ts';
import { isTerminalState } from '../asl/transitions.ts';
import { CONTROL_PLANE_META_VERSION, type ControlPlaneMeta, DEFAULT_PLANNER } from './control-plane-meta.ts';
import { computeDeps } from './deps.ts';
import { chooseWorkerPool } from './worker-pool.ts';

/** The fields compile reads; everything else in the workflow is passed over. */
const compilableWorkflowSchema = z.looseObject({
  workflow_id: z.string(),
  workflow_name: z.string(),
  asl: z.looseObject({ StartAt: z.string(), States: z.record(z.string(), z.unknown()) }),
});

export interface CompileOptions {
  /** The planner agent recorded in `agents.planner` (default `agent://planner@1.0.0`). */
  planner?: string;
}

/**
 * Compiles a workflow into its control-plane meta document (spec §5.3; §2.5 is the meta of the
 * §2.3 workflow). Precondition: `validateWorkflow(workflow).valid` — compile does not re-validate
 * the graph. Throws only when the fields it reads are missing, which that precondition excludes.
 */
export function compileControlPlaneMeta(workflow: unknown, options: CompileOptions = {}): ControlPlaneMeta {
  const parsed = compilableWorkflowSchema.safeParse(workflow);
  if (!parsed.success) {
    throw new TypeError(`compileControlPlaneMeta needs a validated workflow: ${z.prettifyError(parsed.error)}`);
  }
  const wf = parsed.data;
  const tree = collectStateTree(wf.asl, '/asl');
  const skills: Record<string, string[]> = {};
  for (const node of tree.states) {
    if (!isObject(node.value) || node.value.Type !== 'Task') continue;
    const binding = node.value.AgentBinding;
    const uris = isObject(binding) && Array.isArray(binding.skills) ? binding.skills : [];
    skills[node.name] = uris.filter((u): u is string => typeof u === 'string');
  }
  const workerPool = chooseWorkerPool(tree.states);
  return {
    workflow_id: wf.workflow_id,
    workflow_name: wf.workflow_name,
    schema_version: CONTROL_PLANE_META_VERSION,
    start_at: wf.asl.StartAt,
    terminal_states: [...(tree.root?.states.values() ?? [])].filter((n) => isTerminalState(n.value)).map((n) => n.name),
    states: tree.states.map((n) => n.name),
    agents: { planner: options.planner ?? DEFAULT_PLANNER, ...(workerPool ? { worker_pool: workerPool } : {}) },
    skills,
    deps: computeDeps(tree),
  };
}
