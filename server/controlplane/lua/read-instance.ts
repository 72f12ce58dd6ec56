import { LUA_COMMON } from './common.ts';

/**
 * The read as a Lua function (run_key, entries_key, states_key, agent_states_key, agents_key,
 * instance, state), returning the table above: also run at the end of a commit that claims a
 * notification to continue in place (lua/commit.ts `read`), so its handler starts without a read of
 * its own. Needs LUA_COMMON's `entry_id`.
 */
export const READ_INSTANCE_FN = `
local function read_instance(run_key, entries_key, states_key, agent_states_key, agents_key, instance, state)
  local entry = redis.call('HGET', entries_key, instance)
  local parent_entry, parent_status = false, false
  if entry then
    local parent = cjson.decode(entry).parent
    if type(parent) == 'table' and type(parent.instance) == 'string' then
      local pe = redis.call('HGET', entries_key, parent.instance)
      local pd = redis.call('HGET', states_key, parent.instance)
      if pe then parent_entry = entry_id(pe) end
      if pd then parent_status = tostring(cjson.decode(pd).status) end
    end
  end
  local agent = false
  if state ~= '' then
    local id = redis.call('HGET', agent_states_key, state)
    if id then agent = redis.call('HGET', agents_key, id) end
  end
  local run = {}
  local all = redis.call('HGETALL', run_key)
  for i = 1, #all, 2 do
    if all[i] ~= 'input' then
      run[#run + 1] = all[i]
      run[#run + 1] = all[i + 1]
    end
  end
  return { run, entry or false, parent_entry, parent_status, agent or false }
end
`;

/**
 * Reads what a step needs of one state instance in one round trip (read-only). KEYS: run,
 * entries, states, agent-states, agents. ARGV: instance, state name ('' for none). Returns { the
 * run hash as a flat field/value list without its `input` (immutable, and as large as the run's
 * input: the caller has it from the run's definition), the entry's JSON or false, and — when the
 * entry names a parent (a Parallel branch or Map iteration) — the parent's current entry id and
 * status, else false (not its entry, which holds the whole input of a Map: an iteration would
 * ship and parse it); and, given a state name, the record of the worker agent the run's state
 * index names for it (the in-process agent runtime's), else false }.
 */
export const READ_INSTANCE_LUA =
  LUA_COMMON +
  READ_INSTANCE_FN +
  `
return read_instance(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[1], ARGV[2])
`;

/** Several instances of one run in one round trip (read-only): KEYS as above; ARGV: instance, state, instance, state, …; a list of the replies above. */
export const READ_INSTANCES_LUA =
  LUA_COMMON +
  READ_INSTANCE_FN +
  `
local out = {}
for i = 1, #ARGV, 2 do
  out[#out + 1] = read_instance(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[i], ARGV[i + 1])
end
return out
`;
