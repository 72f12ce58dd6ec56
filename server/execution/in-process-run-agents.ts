import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../redis/connection.ts';
import { KEY_PREFIX, runKeys } from '../controlplane/keys.ts';
import type { WorkerAgent } from '../contracts/agent-runtime.ts';

/**
 * A run's worker agents made and deleted all at once by the in-process agent runtime (issue 33): a
 * fixed number of round trips per run, where one agent at a time cost three to make and two to
 * delete per Task state (a chain of n Tasks paid 5n round trips at its start and end).
 */

/** Global index agent id → run id, so tools that name only an agent (load_skill) find its run. */
export const AGENT_INDEX = `${KEY_PREFIX}:agents`;

/** States (and agent ids) per call: keeps each Lua call and command bounded whatever the workflow's size. */
export const RUN_AGENTS_PER_CALL = 256;

/**
 * Writes each new agent's record and names it in the state index, unless the state's indexed agent
 * still exists (a state keeps its first agent: createWorkerAgent's rule), in which case that agent's
 * record is returned in its place. KEYS: agents, agent-states. ARGV: (id, state, record) per agent.
 * Returns one record per agent, in order.
 */
const ADD_RUN_AGENTS_LUA = `
local out = {}
for i = 1, #ARGV, 3 do
  local id, state, rec = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local cur = redis.call('HGET', KEYS[2], state)
  local kept = cur and redis.call('HGET', KEYS[1], cur)
  if kept then
    out[#out + 1] = kept
  else
    redis.call('HSET', KEYS[1], id, rec)
    redis.call('HSET', KEYS[2], state, id)
    out[#out + 1] = rec
  end
end
return out
`;

/**
 * Deletes up to ARGV[1] of the run's agent records, and with the last of them the state index.
 * KEYS: agents, agent-states. Returns the ids deleted (fewer than ARGV[1]: none are left).
 */
const REMOVE_RUN_AGENTS_LUA = `
local ids = {}
local fields = redis.call('HKEYS', KEYS[1])
local n = math.min(#fields, tonumber(ARGV[1]))
for i = 1, n do ids[i] = fields[i] end
if n > 0 then redis.call('HDEL', KEYS[1], unpack(ids)) end
if n == #fields then redis.call('DEL', KEYS[2]) end
return ids
`;

export interface RunAgentSpec {
  state: string;
  template: string;
}

function newAgent(runId: string, spec: RunAgentSpec): WorkerAgent {
  return {
    id: `agent-worker-${randomUUID()}`,
    run_id: runId,
    state: spec.state,
    template: spec.template,
    tags: ['dcf-worker', `run:${runId}`, `state:${spec.state}`],
    loaded_skills: [],
    created_at: new Date().toISOString(),
  };
}

/**
 * The run's worker agents for `specs` (one per state, distinct states), made in two round trips per
 * RUN_AGENTS_PER_CALL states: the global index first (as createWorkerAgent: a crash in between leaves
 * index entries whose records are missing, which read as no agent, and a retry makes the agents
 * afresh; the other order would leave agents no index finds), then the records and the state index
 * in one script. A state that already has an agent keeps it; the ids made for it are taken out of
 * the global index again (a third round trip, only then). Returns the agents in `specs` order.
 */
export async function addRunAgents(redis: RedisClient, runId: string, specs: readonly RunAgentSpec[]): Promise<WorkerAgent[]> {
  const k = runKeys(runId);
  const out: WorkerAgent[] = [];
  for (let at = 0; at < specs.length; at += RUN_AGENTS_PER_CALL) {
    const fresh = specs.slice(at, at + RUN_AGENTS_PER_CALL).map((s) => newAgent(runId, s));
    await redis.hset(AGENT_INDEX, ...fresh.flatMap((a) => [a.id, runId]));
    const args = fresh.flatMap((a) => [a.id, a.state, JSON.stringify(a)]);
    const records = (await redis.eval(ADD_RUN_AGENTS_LUA, 2, k.agents, k.agentStates, ...args)) as string[];
    const agents = records.map((raw) => JSON.parse(raw) as WorkerAgent);
    const unused = fresh.filter((a, i) => agents[i]!.id !== a.id).map((a) => a.id);
    if (unused.length) await redis.hdel(AGENT_INDEX, ...unused);
    out.push(...agents);
  }
  return out;
}

/**
 * Deletes every worker agent of the run (the state's and any iteration's own) in two round trips per
 * RUN_AGENTS_PER_CALL agents: the records first, then their global index entries (the order
 * deleteAgent keeps). Returns the ids deleted.
 */
export async function removeRunAgents(redis: RedisClient, runId: string): Promise<string[]> {
  const k = runKeys(runId);
  const all: string[] = [];
  for (;;) {
    const ids = (await redis.eval(REMOVE_RUN_AGENTS_LUA, 2, k.agents, k.agentStates, RUN_AGENTS_PER_CALL)) as string[];
    if (ids.length) await redis.hdel(AGENT_INDEX, ...ids);
    all.push(...ids);
    if (ids.length < RUN_AGENTS_PER_CALL) return all;
  }
}
