import { STATUS_SUFFIX } from '../keys.ts';

/**
 * Lua shared by the control-plane scripts (prepended to each). Conventions:
 *  - the Redis clock (`TIME`) decides lease expiry, so workers with skewed clocks agree;
 *  - state documents are stored as JSON (cjson) and always keep the spec §5.4 shape;
 *  - every change of a state document appends one event to the run's stream and publishes it.
 * Events are small JSON objects without arrays (cjson would encode an empty array as `{}`).
 */
export const LUA_COMMON = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function empty_lease()
  return { token = cjson.null, owner_agent_id = cjson.null, ts = cjson.null, ttl_s = cjson.null }
end

local function fresh_doc()
  return { status = 'pending', attempts = 0, lease = empty_lease(), started_at = cjson.null, finished_at = cjson.null, last_error = cjson.null }
end

local function load_doc(states_key, instance)
  local raw = redis.call('HGET', states_key, instance)
  if not raw then return nil end
  return cjson.decode(raw)
end

-- events_key, run channel, all-runs channel, run id, event table
local function emit(events_key, channel, all_channel, run_id, event)
  event.run_id = run_id
  local body = cjson.encode(event)
  local id = redis.call('XADD', events_key, '*', 'e', body)
  local msg = '{"id":"' .. id .. '","event":' .. body .. '}'
  redis.call('PUBLISH', channel, msg)
  redis.call('PUBLISH', all_channel, msg)
  -- A status change also on the run's status channel (keys.ts runStatusChannel): what a wait for the run's end hears.
  if event.type == 'run' then redis.call('PUBLISH', channel .. '${STATUS_SUFFIX}', msg) end
  return id
end

-- The entry id of an entry record's JSON without decoding it (a Map's entry holds its whole input): entry
-- records are written with \`entry\` as their first key (execution/transitions.ts enterState, and spreads of it).
local function entry_id(raw)
  local id = string.match(raw, '^{"entry":"([^"\\\\]*)"')
  if id then return id end
  return tostring(cjson.decode(raw).entry)
end

local function state_event(instance, doc, note, at)
  return { type = 'state', instance = instance, state = doc, note = note or cjson.null, at = at }
end
`;
