/**
 * Reads what a step needs of one state instance in one round trip (read-only). KEYS: run,
 * entries, states, agent-states, agents. ARGV: instance, state name ('' for none). Returns { run
 * hash as a flat field/value list, the entry's JSON or false, and — when the entry names a parent
 * (a Parallel branch or Map iteration) — the parent's entry JSON and state document, else false;
 * and, given a state name, the record of the worker agent the run's state index names for it (the
 * in-process agent runtime's), else false }.
 */
export const READ_INSTANCE_LUA = `
local entry = redis.call('HGET', KEYS[2], ARGV[1])
local parent_entry, parent_doc = false, false
if entry then
  local parent = cjson.decode(entry).parent
  if type(parent) == 'table' and type(parent.instance) == 'string' then
    parent_entry = redis.call('HGET', KEYS[2], parent.instance)
    parent_doc = redis.call('HGET', KEYS[3], parent.instance)
  end
end
local agent = false
if ARGV[2] ~= '' then
  local id = redis.call('HGET', KEYS[4], ARGV[2])
  if id then agent = redis.call('HGET', KEYS[5], id) end
end
return { redis.call('HGETALL', KEYS[1]), entry, parent_entry, parent_doc, agent }
`;
