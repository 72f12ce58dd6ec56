import type { WorkerAgent } from '../contracts/agent-runtime.ts';
import { loadRunDefinition } from './run-definition.ts';
import { mapBounded } from './bounded-all.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

const DEFAULT_TEMPLATE = 'agent_template_worker@1.0.0';
/** Worker agents created (or deleted: finalize.ts) at once for one run. */
export const AGENTS_AT_ONCE = 16;

/** `{name: "t@1.0.0"}` and `{name: "t", version: "1.0.0"}` (amendment A2) both name `t@1.0.0`. */
export function templateOf(binding: unknown): string {
  const ref = (binding as { agent_template_ref?: { name?: string; version?: string } } | undefined)?.agent_template_ref;
  if (!ref?.name) return DEFAULT_TEMPLATE;
  return ref.version && !ref.name.includes('@') ? `${ref.name}@${ref.version}` : ref.name;
}

/**
 * create_worker_agents: one worker agent per Task state of the run (spec §2.6), from the
 * state's agent template, tagged with run and state, through the agent-runtime port.
 * Idempotent: a state that already has its worker keeps it. In state order: all at once where the
 * platform can (`createRunWorkerAgents`), else AGENTS_AT_ONCE at a time.
 */
export async function createWorkerAgents(x: ExecutionServices, runId: string): Promise<WorkerAgent[] | null> {
  const def = await loadRunDefinition(x.redis, runId);
  if (!def) return null;
  const specs = [...def.states]
    .filter(([, loc]) => loc.state.Type === 'Task')
    .map(([name, loc]) => ({ state: name, template: templateOf(loc.state.AgentBinding) }));
  if (x.agents.createRunWorkerAgents) return x.agents.createRunWorkerAgents(runId, specs);
  return mapBounded(specs, AGENTS_AT_ONCE, (s) => x.agents.createWorkerAgent({ run_id: runId, ...s }));
}
