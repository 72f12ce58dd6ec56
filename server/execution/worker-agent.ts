import type { WorkerAgent } from '../contracts/agent-runtime.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { templateOf } from './create-worker-agents.ts';
import type { InstanceView } from './instance-view.ts';
import { baseName, scopeOf } from './instances.ts';

/**
 * The worker agent a Task notification goes to: the state's (create_worker_agents), found by the
 * run's state index as read with the instance (`v.agentRecord`), else asked of the platform.
 *
 * Inside a Map iteration, when this process's in-process workers declare tool-call plans
 * (`x.workerPlans`), each iteration has an agent of its own, made on its first notification and
 * indexed by the instance (`Map[3]/State`). The plan tracker keeps one active plan per agent and
 * attributes every tool-layer call of an agent to that plan; iterations running at once on one
 * agent would each declare over the other's plan (ending it) and their steps would be counted to
 * whichever was declared last. An agent per iteration keeps that rule, and so attribution, exact
 * for every call, where a plan per (agent, iteration) would need every call to say its iteration.
 * Without plans the iterations share the state's agent, which costs no agent per item.
 */
export async function workerAgentFor(x: ExecutionServices, v: InstanceView): Promise<WorkerAgent | null> {
  const state = baseName(v.instance);
  if (hasAgentOfItsOwn(x, v.instance)) {
    const own = await x.agents.agentForState?.(v.run.run_id, v.instance);
    if (own) return own;
    if (!(await agentOfState(x, v, state))) return null; // the run's agents were never made (create_worker_agents first)
    return x.agents.createWorkerAgent({ run_id: v.run.run_id, state: v.instance, template: templateOf(v.loc.state.AgentBinding) });
  }
  return agentOfState(x, v, state);
}

/** Whether `instance` (a Map iteration's state, with plans) is worked by an agent of its own, not its state's (see above). */
export function hasAgentOfItsOwn(x: ExecutionServices, instance: string): boolean {
  return !!x.workerPlans && x.agents.kind === 'in-process' && scopeOf(instance) !== '';
}

function agentOfState(x: ExecutionServices, v: InstanceView, state: string): Promise<WorkerAgent | null> {
  const runId = v.run.run_id;
  return x.agents.agentForState
    ? x.agents.agentForState(runId, state, v.agentRecord)
    : x.agents.listRunAgents(runId).then((all) => all.find((a) => a.state === state) ?? null);
}
