/**
 * The agent-runtime port (docs/ARCHITECTURE.md "Ports and adapters"). Workflow mode needs one worker
 * agent per Task state: created from a template, tagged with its run and state, woken by
 * notifications, given skills to load and unload, deleted when the run is finalized. The
 * in-process adapter (this issue) performs the spec's worker protocol itself; a Letta adapter
 * takes its place by sending the notification as a message to a Letta agent that calls the
 * same tools over MCP.
 */
export interface WorkerAgent {
  id: string;
  run_id: string;
  /**
   * The Task state this worker serves (its static name; it serves every Map iteration of it) — or one
   * Map iteration's instance (`Map[3]/State`) for the agent of its own an iteration gets when in-process
   * workers declare tool-call plans (execution/worker-agent.ts).
   */
  state: string;
  /** Agent template, e.g. `agent_template_worker@1.0.0`. */
  template: string;
  tags: string[];
  /** skill:// URIs currently loaded (load_skill / unload_skill). */
  loaded_skills: string[];
  created_at: string;
}

/** The notification a worker receives (spec §5.5 payload, amendment A5). */
export interface WorkerNotification {
  workflow_event: {
    type: 'notify_start';
    workflow_id: string;
    run_id: string;
    state: string;
    reason: 'initial' | 'upstream_done' | 'retry' | 'wait_elapsed' | 'lease_expired' | 'branch_done' | 'redrive';
    nudge_id: string;
  };
}

export interface AgentRuntimePort {
  /** `in-process` or `letta`: shown in the console. */
  readonly kind: string;
  createWorkerAgent(spec: { run_id: string; state: string; template: string }): Promise<WorkerAgent>;
  getAgent(agentId: string): Promise<WorkerAgent | null>;
  listRunAgents(runId: string): Promise<WorkerAgent[]>;
  /**
   * The run's worker agent for `state` (the first listed for it), where the platform finds it without listing them all.
   * `indexed`: its record as the run's state index held it, read with the instance (execution/instance-view.ts), which
   * a platform keeping its agents there takes without reading again.
   */
  agentForState?(runId: string, state: string, indexed?: string | null): Promise<WorkerAgent | null>;
  /**
   * The run's worker agents for `specs` (distinct states) at once, where the platform can make them in
   * a fixed number of round trips per run rather than per state; the same rule as createWorkerAgent
   * (a state that has an agent keeps it). Returns them in `specs` order. Without it the engine makes
   * them one by one.
   */
  createRunWorkerAgents?(runId: string, specs: ReadonlyArray<{ state: string; template: string }>): Promise<WorkerAgent[]>;
  deleteAgent(agentId: string): Promise<boolean>;
  /** Deletes every worker agent of the run at once (finalize); returns how many. Without it the engine lists and deletes them one by one. */
  deleteRunAgents?(runId: string): Promise<number>;
  setLoadedSkills(agentId: string, skills: string[]): Promise<void>;
  /**
   * The record that says `agent` has `skills` loaded, where the platform keeps its agents' records in the run's
   * agents hash (controlplane/keys.ts `agents`): the control plane then writes it with a Task's lease grant
   * (ControlPlane.acquireLease `agent`), which saves the load a round trip of its own. Without it, setLoadedSkills.
   */
  loadedSkillsRecord?(agent: WorkerAgent, skills: string[]): string;
  /**
   * The run's worker agent for `state` as this process last read or made it, without a round trip; undefined when
   * it has not (a run another process started). A state keeps its agent for the run, so what it answers stays true
   * while the agent exists. The engine grants a continued Task's lease to it with the commit that enters the state
   * (execution/pregrant.ts).
   */
  knownAgentForState?(runId: string, state: string): WorkerAgent | undefined;
  /** Wakes the agent with a notification; resolves when the agent has finished reacting to it. */
  deliver(agent: WorkerAgent, notification: WorkerNotification): Promise<void>;
}
