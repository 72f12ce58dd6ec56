import { LUA_COMMON } from './common.ts';

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
  `
local entry = redis.call('HGET', KEYS[2], ARGV[1])
local parent_entry, parent_status = false, false
if entry then
  local parent = cjson.decode(entry).parent
  if type(parent) == 'table' and type(parent.instance) == 'string' then
    local pe = redis.call('HGET', KEYS[2], parent.instance)
    local pd = redis.call('HGET', KEYS[3], parent.instance)
    if pe then parent_entry = entry_id(pe) end
    if pd then parent_status = tostring(cjson.decode(pd).status) end
  end
end
local agent = false
if ARGV[2] ~= '' then
  local id = redis.call('HGET', KEYS[4], ARGV[2])
  if id then agent = redis.call('HGET', KEYS[5], id) end
end
local run = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if all[i] ~= 'input' then
    run[#run + 1] = all[i]
    run[#run + 1] = all[i + 1]
  end
end
return { run, entry, parent_entry, parent_status, agent }
`;
