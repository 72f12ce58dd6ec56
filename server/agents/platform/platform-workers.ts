import type { AgentRuntimePort, WorkerAgent, WorkerNotification } from '../../contracts/agent-runtime.ts';
import type { AgentEvent, AgentPlatform, AgentSummary } from '../../contracts/agent-platform.ts';
import { ACTIVE_SKILLS_BLOCK, ACTIVE_SKILLS_DESCRIPTION, readActiveSkills, writeActiveSkills } from '../../delegation/skill-tracker.ts';

/**
 * The workflow engine's agent-runtime port served by agents of the agent platform (DCF_WORKER_AGENTS
 * = `platform`): each Task state's worker is an agent made from the workflow's `.af` template
 * (`agent_template_worker@1.0.0` → agents/templates/worker.af), tagged `run:<id>` and
 * `state:<name>`; a notification is a message to it, and its brain (a Letta model, the OpenAI
 * brain or the deterministic worker brain) performs the worker protocol by calling our tools.
 * finalize_workflow deletes the run's workers through `deleteAgent`. Everything lives on the
 * platform (tags; the loaded skills in the `dcf_active_skills` block, the skill loading tracker
 * every platform agent has — skill-tracker.ts), so any process can serve any worker. Agents
 * without a run and a state tag (Companions, the Conductor) are not workers: `getAgent` does not
 * return them.
 */
export class PlatformWorkerRuntime implements AgentRuntimePort {
  readonly kind: string;

  constructor(
    private readonly platform: AgentPlatform,
    /** Sees each worker turn's events (logging, tests). */
    private readonly onTurn?: (agent: WorkerAgent, events: AgentEvent[]) => void,
  ) {
    this.kind = `${platform.kind}-agents`;
  }

  async createWorkerAgent(spec: { run_id: string; state: string; template: string }): Promise<WorkerAgent> {
    const existing = (await this.listRunAgents(spec.run_id)).find((a) => a.state === spec.state);
    if (existing) return existing;
    const agent = await this.platform.createAgent({
      template: spec.template,
      name: `worker-${spec.run_id.slice(0, 8)}-${spec.state.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 100),
      tags: [`run:${spec.run_id}`, `state:${spec.state}`],
      blocks: [{ label: ACTIVE_SKILLS_BLOCK, value: '[]', description: ACTIVE_SKILLS_DESCRIPTION }],
    });
    return this.worker(agent);
  }

  async getAgent(agentId: string): Promise<WorkerAgent | null> {
    const s = await this.platform.getAgent(agentId);
    return s && isWorker(s) ? this.worker(s) : null;
  }

  async listRunAgents(runId: string): Promise<WorkerAgent[]> {
    const agents = await this.platform.listAgents({ tags: [`run:${runId}`], match_all_tags: true });
    const workers = await Promise.all(agents.filter(isWorker).map((a) => this.worker(a)));
    return workers.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  deleteAgent(agentId: string): Promise<boolean> {
    return this.platform.deleteAgent(agentId);
  }

  setLoadedSkills(agentId: string, skills: string[]): Promise<void> {
    return writeActiveSkills(this.platform, agentId, skills);
  }

  async deliver(agent: WorkerAgent, notification: WorkerNotification): Promise<void> {
    const events = await this.platform.sendMessage(agent.id, { role: 'user', content: JSON.stringify(notification) });
    this.onTurn?.(agent, events);
  }

  private async worker(s: AgentSummary): Promise<WorkerAgent> {
    const tag = (prefix: string) => s.tags.find((t) => t.startsWith(prefix))?.slice(prefix.length) ?? '';
    const loaded = await readActiveSkills(this.platform, s.id);
    return {
      id: s.id,
      run_id: tag('run:'),
      state: tag('state:'),
      template: s.template ?? '',
      tags: s.tags,
      loaded_skills: loaded,
      created_at: s.created_at,
    };
  }
}

/** A run's worker: tagged with its run and its state. */
const isWorker = (s: AgentSummary): boolean => s.tags.some((t) => t.startsWith('run:')) && s.tags.some((t) => t.startsWith('state:'));
