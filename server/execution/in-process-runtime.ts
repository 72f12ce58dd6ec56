import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { AgentRuntimePort, WorkerAgent, WorkerNotification } from '../contracts/agent-runtime.ts';
import { AGENT_INDEX, addRunAgents, removeRunAgents, type RunAgentSpec } from './in-process-run-agents.ts';

/** Writes an agent's record only while it exists (a deleted agent is not brought back). KEYS: the run's agents hash. ARGV: id, record. */
const REPLACE_AGENT_LUA = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`;
/**
 * The record of a state's worker agent by the run's state index. KEYS: agent-states, agents. ARGV:
 * state. Returns the record; 0 when the state has none (every agent of the run is indexed); 1 when
 * some agent is not (created before the index, issue 33), so the agents must be listed.
 */
const AGENT_FOR_STATE_LUA = `
local id = redis.call('HGET', KEYS[1], ARGV[1])
if id then
  local rec = redis.call('HGET', KEYS[2], id)
  if rec then return rec end
end
if redis.call('HLEN', KEYS[1]) >= redis.call('HLEN', KEYS[2]) then return 0 end
return 1
`;
/**
 * Writes a new agent's record and names it in the state index unless the state's indexed agent
 * still exists (a state keeps its first agent). KEYS: agents, agent-states. ARGV: id, state, record.
 */
const ADD_AGENT_LUA = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
local cur = redis.call('HGET', KEYS[2], ARGV[2])
if not cur or redis.call('HEXISTS', KEYS[1], cur) == 0 then redis.call('HSET', KEYS[2], ARGV[2], ARGV[1]) end
return 1
`;
/** Deletes an agent's record and its state index entry if it names it. KEYS: agents, agent-states. ARGV: id. */
const REMOVE_AGENT_LUA = `
local rec = redis.call('HGET', KEYS[1], ARGV[1])
if not rec then return 0 end
local state = cjson.decode(rec).state
if type(state) == 'string' and redis.call('HGET', KEYS[2], state) == ARGV[1] then redis.call('HDEL', KEYS[2], state) end
return redis.call('HDEL', KEYS[1], ARGV[1])
`;
const MAX_KNOWN = 5_000;

const REPLACE_DEFINED = Symbol.for('dcf.execution.replace-agent');
type Replacer = { dcfReplaceAgent(...args: string[]): Promise<number> };

/** REPLACE_AGENT_LUA by its SHA (registered once per connection): loading a skill is on every Task's path. */
function replaceAgent(redis: RedisClient, agentsKey: string, agentId: string, record: string): Promise<number> {
  const r = redis as RedisClient & Replacer & { [REPLACE_DEFINED]?: true };
  if (!r[REPLACE_DEFINED]) {
    r.defineCommand('dcfReplaceAgent', { numberOfKeys: 1, lua: REPLACE_AGENT_LUA });
    r[REPLACE_DEFINED] = true;
  }
  return r.dcfReplaceAgent(agentsKey, agentId, record);
}

/**
 * The in-process agent runtime: worker agents are records in Redis (so any worker process can
 * serve them, and they outlive a restart) and `deliver` runs the spec's worker protocol in this
 * process. `react` is that protocol (injected to keep this adapter free of execution imports).
 */
export class InProcessAgentRuntime implements AgentRuntimePort {
  readonly kind = 'in-process';
  /**
   * Agents this process has read, by id. A record changes only in `loaded_skills` (setLoadedSkills
   * writes it whole), so the rest of a known record is true for good and loading a skill is one
   * conditional write instead of a read of the index, a read of the record and a write.
   */
  private readonly known = new Map<string, WorkerAgent>();
  /** The id of each known agent by its run and state (`${run_id} ${state}`). */
  private readonly byState = new Map<string, string>();

  constructor(
    private readonly redis: RedisClient,
    private readonly react: (agent: WorkerAgent, notification: WorkerNotification) => Promise<void>,
  ) {}

  async createWorkerAgent(spec: { run_id: string; state: string; template: string }): Promise<WorkerAgent> {
    const existing = await this.agentForState(spec.run_id, spec.state);
    if (existing) return existing;
    const agent: WorkerAgent = {
      id: `agent-worker-${randomUUID()}`,
      run_id: spec.run_id,
      state: spec.state,
      template: spec.template,
      tags: ['dcf-worker', `run:${spec.run_id}`, `state:${spec.state}`],
      loaded_skills: [],
      created_at: new Date().toISOString(),
    };
    // Two slots on a Redis Cluster (the run's tag, the global index), so no MULTI: the index first.
    // A crash in between leaves an index entry whose record is missing, which getAgent reads as no
    // agent, and a retry creates the agent afresh; the other order would leave an agent no index finds.
    await this.redis.hset(AGENT_INDEX, agent.id, spec.run_id);
    // The record and the state index together (one slot, one script).
    const k = runKeys(spec.run_id);
    await this.redis.eval(ADD_AGENT_LUA, 2, k.agents, k.agentStates, agent.id, spec.state, JSON.stringify(agent));
    this.remember(agent);
    return agent;
  }

  /** All the run's agents in two round trips (in-process-run-agents.ts), not three per state. */
  async createRunWorkerAgents(runId: string, specs: readonly RunAgentSpec[]): Promise<WorkerAgent[]> {
    const agents = await addRunAgents(this.redis, runId, specs);
    for (const a of agents) this.remember(a);
    return agents;
  }

  /** Every agent of the run in two round trips (in-process-run-agents.ts), not two per agent. */
  async deleteRunAgents(runId: string): Promise<number> {
    const ids = await removeRunAgents(this.redis, runId);
    for (const id of ids) this.forget(id);
    return ids.length;
  }

  async getAgent(agentId: string): Promise<WorkerAgent | null> {
    const runId = await this.redis.hget(AGENT_INDEX, agentId);
    if (!runId) return null;
    const raw = await this.redis.hget(runKeys(runId).agents, agentId);
    return raw ? (JSON.parse(raw) as WorkerAgent) : null;
  }

  async listRunAgents(runId: string): Promise<WorkerAgent[]> {
    const all = await this.redis.hvals(runKeys(runId).agents);
    const agents = all.map((raw) => JSON.parse(raw) as WorkerAgent).sort((a, b) => a.created_at.localeCompare(b.created_at));
    for (const a of agents) this.remember(a);
    return agents;
  }

  /**
   * The worker agent of `state`: the record the instance read found (`indexed`), else one round trip
   * (the run's state index), not a read of every
   * agent of the run: a chain of n Tasks has n agents. When the run has agents the index does not
   * name (created before it), they are listed, as before.
   */
  async agentForState(runId: string, state: string, indexed?: string | null): Promise<WorkerAgent | null> {
    const seen = indexed ? (JSON.parse(indexed) as WorkerAgent) : null;
    // The record read with the instance (same run, same index): no round trip of its own.
    if (seen && seen.run_id === runId && seen.state === state) {
      this.remember(seen);
      return seen;
    }
    const k = runKeys(runId);
    const found = (await this.redis.eval(AGENT_FOR_STATE_LUA, 2, k.agentStates, k.agents, state)) as string | number;
    if (typeof found === 'string') {
      const agent = JSON.parse(found) as WorkerAgent;
      this.remember(agent);
      return agent;
    }
    return found === 0 ? null : ((await this.listRunAgents(runId)).find((a) => a.state === state) ?? null);
  }

  private remember(agent: WorkerAgent): void {
    if (!this.known.has(agent.id) && this.known.size >= MAX_KNOWN) this.forget(this.known.keys().next().value!);
    this.known.set(agent.id, agent);
    this.byState.set(`${agent.run_id} ${agent.state}`, agent.id);
  }

  private forget(agentId: string): void {
    const agent = this.known.get(agentId);
    this.known.delete(agentId);
    const key = agent && `${agent.run_id} ${agent.state}`;
    if (key && this.byState.get(key) === agentId) this.byState.delete(key);
  }

  knownAgentForState(runId: string, state: string): WorkerAgent | undefined {
    const id = this.byState.get(`${runId} ${state}`);
    return id === undefined ? undefined : this.known.get(id);
  }

  async deleteAgent(agentId: string): Promise<boolean> {
    // An agent's run never changes: a known record names it without reading the index.
    const runId = this.known.get(agentId)?.run_id ?? (await this.redis.hget(AGENT_INDEX, agentId));
    this.forget(agentId);
    if (!runId) return false;
    // The record first, then the index (see createWorkerAgent: an index entry without its record means no agent).
    const k = runKeys(runId);
    await this.redis.eval(REMOVE_AGENT_LUA, 2, k.agents, k.agentStates, agentId);
    await this.redis.hdel(AGENT_INDEX, agentId);
    return true;
  }

  async setLoadedSkills(agentId: string, skills: string[]): Promise<void> {
    const agent = this.known.get(agentId) ?? (await this.getAgent(agentId));
    if (!agent) throw new Error(`no agent ${agentId}`);
    const written = await replaceAgent(this.redis, runKeys(agent.run_id).agents, agentId, this.loadedSkillsRecord(agent, skills));
    if (written !== 1) {
      this.forget(agentId);
      throw new Error(`no agent ${agentId}`);
    }
    this.remember({ ...agent, loaded_skills: skills });
  }

  /** Records live in the run's agents hash: the lease grant of a Task's start can load its skill (AgentRuntimePort). */
  loadedSkillsRecord(agent: WorkerAgent, skills: string[]): string {
    return JSON.stringify({ ...agent, loaded_skills: skills });
  }

  deliver(agent: WorkerAgent, notification: WorkerNotification): Promise<void> {
    return this.react(agent, notification);
  }
}
