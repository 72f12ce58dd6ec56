import { LUA_COMMON } from './common.ts';

/**
 * Grants the lease of one state instance, atomically, as a Lua function `acquire_lease(k, a)` returning the
 * result table (the script below encodes it; lua/commit.ts runs it after a commit's operations, ControlPlane.commit
 * `then`). k: { states, lease_expiry, fence, events, run, entries, agents } keys. a: { instance, owner, ttl_s,
 * now_iso, channel, all_channel, run_id, count_attempt, renew_own (the holder acquiring again renews its lease, same
 * token), expected and next (entry JSON, both '' for none), agent_id and agent_record ('' for none), require_entry
 * (refuse, writing nothing, unless the instance holds the expected entry and the owner is an agent of the run's
 * agents hash) }; the flags are booleans. A new lease whose instance still
 * holds the expected entry writes the new one in the same step (a Task's start: its effective input recorded
 * under the lease it was just granted) and says `recorded`; otherwise the entry is left to the caller. With
 * `recorded`, the agent record given replaces the agent's in the agents hash if it is there (a Task's skill
 * loaded with its start: the in-process worker's load_skill) and says `loaded`.
 * Refuses when the run is not RUNNING, the state is finished, or a live lease is held; an
 * expired lease is taken over. The token is `lease-<n>` from the run's fencing counter, so
 * tokens only grow and a stale holder can never match. A counted acquire starts an attempt.
 */
export const ACQUIRE_LEASE_FN = `
local function acquire_lease(k, a)
  local instance, owner, ttl, now_iso = a.instance, a.owner, tonumber(a.ttl_s), a.now_iso
  local doc = load_doc(k.states, instance)
  if not doc then return { ok = false, reason = 'no_state' } end
  local run_status = redis.call('HGET', k.run, 'status')
  if run_status ~= 'RUNNING' then return { ok = false, reason = 'run_not_running', run_status = run_status or cjson.null } end
  if doc.status == 'done' or doc.status == 'failed' then return { ok = false, reason = 'finished', status = doc.status } end
  local now = now_ms()
  -- require_entry: grant only on the entry expected (a lease taken with the commit that wrote it: execution/pregrant.ts)
  -- and only to an agent that still exists (one a process remembered may have been deleted since)
  if a.require_entry and (redis.call('HGET', k.entries, instance) ~= a.expected or redis.call('HEXISTS', k.agents, owner) == 0) then
    return { ok = false, reason = 'not_entered' }
  end
  local exp = redis.call('ZSCORE', k.lease_expiry, instance)
  if doc.lease.token ~= cjson.null and exp and tonumber(exp) > now then
    if doc.lease.owner_agent_id == owner and a.renew_own then
      -- the holder acquiring again renews: same token, new expiry, no new attempt
      doc.lease.ts = now_iso
      doc.lease.ttl_s = ttl
      redis.call('HSET', k.states, instance, cjson.encode(doc))
      redis.call('ZADD', k.lease_expiry, now + ttl * 1000, instance)
      emit(k.events, a.channel, a.all_channel, a.run_id, state_event(instance, doc, 'lease_renewed', now_iso))
      return { ok = true, token = doc.lease.token, attempts = doc.attempts, expires_at_ms = now + ttl * 1000, renewed = true }
    end
    return { ok = false, reason = 'held', owner = doc.lease.owner_agent_id, expires_in_ms = tonumber(exp) - now }
  end
  local n = redis.call('INCR', k.fence)
  local token = 'lease-' .. n
  if doc.status == 'pending' then doc.started_at = now_iso end
  doc.status = 'running'
  if a.count_attempt then doc.attempts = doc.attempts + 1 end
  doc.lease = { token = token, owner_agent_id = owner, ts = now_iso, ttl_s = ttl }
  redis.call('HSET', k.states, instance, cjson.encode(doc))
  redis.call('ZADD', k.lease_expiry, now + ttl * 1000, instance)
  emit(k.events, a.channel, a.all_channel, a.run_id, state_event(instance, doc, 'lease_acquired', now_iso))
  local recorded, loaded = false, false
  if a.next ~= '' and redis.call('HGET', k.entries, instance) == a.expected then
    redis.call('HSET', k.entries, instance, a.next)
    recorded = true
    if a.agent_id ~= '' and redis.call('HEXISTS', k.agents, a.agent_id) == 1 then
      redis.call('HSET', k.agents, a.agent_id, a.agent_record)
      loaded = true
    end
  end
  return { ok = true, token = token, attempts = doc.attempts, expires_at_ms = now + ttl * 1000, recorded = recorded, loaded = loaded }
end
`;

/**
 * The lease script. KEYS: states, lease-expiry, fence, events, run, entries, agents. ARGV: instance, owner, ttl_s,
 * now_iso, run channel, all channel, run id, count_attempt (1|0), renew_own (1|0), expected entry JSON, new entry
 * JSON, agent id, agent record, require_entry (1|0). Returns acquire_lease's result as JSON.
 */
export const ACQUIRE_LEASE_LUA =
  LUA_COMMON +
  ACQUIRE_LEASE_FN +
  `
return cjson.encode(acquire_lease(
  { states = KEYS[1], lease_expiry = KEYS[2], fence = KEYS[3], events = KEYS[4], run = KEYS[5], entries = KEYS[6], agents = KEYS[7] },
  { instance = ARGV[1], owner = ARGV[2], ttl_s = ARGV[3], now_iso = ARGV[4], channel = ARGV[5], all_channel = ARGV[6],
    run_id = ARGV[7], count_attempt = ARGV[8] == '1', renew_own = ARGV[9] == '1', expected = ARGV[10], next = ARGV[11],
    agent_id = ARGV[12], agent_record = ARGV[13], require_entry = ARGV[14] == '1' }))
`;
