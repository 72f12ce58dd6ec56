import { z } from 'zod';
import { createWorkerAgents } from '../../execution/create-worker-agents.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runId } from './execution.ts';

export const workerAgentOut = z.object({
  id: z.string(),
  run_id: z.string(),
  state: z.string(),
  template: z.string(),
  tags: z.array(z.string()),
  loaded_skills: z.array(z.string()),
  created_at: z.string(),
});

/** Spec §5.7 tool-10: "Create one worker agent per ASL Task state using Letta .af v2 templates". */
export const createWorkerAgentsTool = defineTool({
  name: 'create_worker_agents',
  description:
    "Create one worker agent per Task state of a run from the state's agent template " +
    '(AgentBinding.agent_template_ref), tagged with the run and the state, through the configured agent ' +
    'runtime. Idempotent: states that have a worker keep it.',
  readOnly: false,
  input: z.object({ run_id: runId }),
  output: z.object({ runtime: z.string(), agents: z.array(workerAgentOut) }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const agents = await createWorkerAgents(x, args.run_id);
    if (!agents) return fail('not_found', `no run ${args.run_id}`);
    return ok({ runtime: x.agents.kind, agents });
  },
});
