import { LUA_COMMON } from './common.ts';

/**
 * Grants the lease of one state instance, atomically. KEYS: states, lease-expiry, fence, events,
 * run, entries, agents. ARGV: instance, owner, ttl_s, now_iso, run channel, all channel, run id, count_attempt (1|0),
 * renew_own (1|0: the holder acquiring again renews its lease, same token), expected entry JSON,
 * new entry JSON (both '' for none), agent id and agent record ('' for none), require_entry (1|0: refuse,
 * writing nothing, unless the instance holds the expected entry and the owner is an agent of the run's agents hash). A new lease whose instance still
 * holds the expected entry writes the new one in the same step (a Task's start: its effective input recorded
 * under the lease it was just granted) and says `recorded`; otherwise the entry is left to the caller. With
 * `recorded`, the agent record given replaces the agent's in the agents hash if it is there (a Task's skill
 * loaded with its start: the in-process worker's load_skill) and says `loaded`.
 * Refuses when the run is not RUNNING, the state is finished, or a live lease is held; an
 * expired lease is taken over. The token is `lease-<n>` from the run's fencing counter, so
 * tokens only grow and a stale holder can never match. A counted acquire starts an attempt.
 */
export const ACQUIRE_LEASE_LUA =
  LUA_COMMON +
  `
local instance, owner, ttl, now_iso = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local doc = load_doc(KEYS[1], instance)
if not doc then return cjson.encode({ ok = false, reason = 'no_state' }) end
local run_status = redis.call('HGET', KEYS[5], 'status')
if run_status ~= 'RUNNING' then return cjson.encode({ ok = false, reason = 'run_not_running', run_status = run_status or cjson.null }) end
if doc.status == 'done' or doc.status == 'failed' then return cjson.encode({ ok = false, reason = 'finished', status = doc.status }) end
local now = now_ms()
-- require_entry: grant only on the entry expected (a lease pipelined behind the commit that wrote it: execution/pregrant.ts)
-- and only to an agent that still exists (one a process remembered may have been deleted since)
if ARGV[14] == '1' and (redis.call('HGET', KEYS[6], instance) ~= ARGV[10] or redis.call('HEXISTS', KEYS[7], owner) == 0) then
  return cjson.encode({ ok = false, reason = 'not_entered' })
end
local exp = redis.call('ZSCORE', KEYS[2], instance)
if doc.lease.token ~= cjson.null and exp and tonumber(exp) > now then
  if doc.lease.owner_agent_id == owner and ARGV[9] == '1' then
    -- the holder acquiring again renews: same token, new expiry, no new attempt
    doc.lease.ts = now_iso
    doc.lease.ttl_s = ttl
    redis.call('HSET', KEYS[1], instance, cjson.encode(doc))
    redis.call('ZADD', KEYS[2], now + ttl * 1000, instance)
    emit(KEYS[4], ARGV[5], ARGV[6], ARGV[7], state_event(instance, doc, 'lease_renewed', now_iso))
    return cjson.encode({ ok = true, token = doc.lease.token, attempts = doc.attempts, expires_at_ms = now + ttl * 1000, renewed = true })
  end
  return cjson.encode({ ok = false, reason = 'held', owner = doc.lease.owner_agent_id, expires_in_ms = tonumber(exp) - now })
end
local n = redis.call('INCR', KEYS[3])
local token = 'lease-' .. n
if doc.status == 'pending' then doc.started_at = now_iso end
doc.status = 'running'
if ARGV[8] == '1' then doc.attempts = doc.attempts + 1 end
doc.lease = { token = token, owner_agent_id = owner, ts = now_iso, ttl_s = ttl }
redis.call('HSET', KEYS[1], instance, cjson.encode(doc))
redis.call('ZADD', KEYS[2], now + ttl * 1000, instance)
emit(KEYS[4], ARGV[5], ARGV[6], ARGV[7], state_event(instance, doc, 'lease_acquired', now_iso))
local recorded, loaded = false, false
if ARGV[11] ~= '' and redis.call('HGET', KEYS[6], instance) == ARGV[10] then
  redis.call('HSET', KEYS[6], instance, ARGV[11])
  recorded = true
  if ARGV[12] ~= '' and redis.call('HEXISTS', KEYS[7], ARGV[12]) == 1 then
    redis.call('HSET', KEYS[7], ARGV[12], ARGV[13])
    loaded = true
  end
end
return cjson.encode({ ok = true, token = token, attempts = doc.attempts, expires_at_ms = now + ttl * 1000, recorded = recorded, loaded = loaded })
`;
