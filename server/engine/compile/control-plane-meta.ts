import { z } from 'zod';

/** An agent template as the control plane names it: `agent_template_worker@1.0.0` → name + version. */
export const agentTemplateSchema = z.object({
  name: z.string(),
  version: z.string().optional(),
});
export type AgentTemplate = z.infer<typeof agentTemplateSchema>;

/**
 * The control-plane meta document of a workflow (spec §5.3, instance in §2.5): the graph the
 * workers choreograph over. `states` lists every state depth-first in document order (nested
 * scopes right after their Parallel/Map); `deps` gives each state's upstream and downstream.
 */
export const controlPlaneMetaSchema = z.object({
  workflow_id: z.string(),
  workflow_name: z.string(),
  schema_version: z.literal('1.0.0'),
  start_at: z.string(),
  /** Top-level states that end the workflow: `End: true`, Succeed or Fail. */
  terminal_states: z.array(z.string()),
  states: z.array(z.string()),
  agents: z.object({
    planner: z.string(),
    /** The worker template used by Task states; absent when the workflow has no bound template. */
    worker_pool: agentTemplateSchema.optional(),
  }),
  /** Task state → the skill URIs of its AgentBinding. */
  skills: z.record(z.string(), z.array(z.string())),
  deps: z.record(z.string(), z.object({ upstream: z.array(z.string()), downstream: z.array(z.string()) })),
  /** Issue 28: present (true) only on a test run, whose QA results are kept out of the queue and the dashboard. */
  test_run: z.literal(true).optional(),
});
export type ControlPlaneMeta = z.infer<typeof controlPlaneMetaSchema>;

export const CONTROL_PLANE_META_VERSION = '1.0.0';
export const DEFAULT_PLANNER = 'agent://planner@1.0.0';
