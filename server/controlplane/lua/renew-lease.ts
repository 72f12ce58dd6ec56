import { LUA_COMMON } from './common.ts';

/**
 * Extends a live lease held with `token`. KEYS: states, lease-expiry, events, run, claims. ARGV: instance,
 * token, ttl_s, now_iso, run channel, all channel, run id, claim ('' none): a notification the holder
 * continues in place (execution/continuation.ts), whose claim — while it still has one — is moved to the
 * lease's new expiry, so the sweeper does not send it while its holder lives. An expired or replaced lease is not
 * renewed, nor is any lease of a run that is over (aborted, timed out): the holder learns it lost
 * the state and stops working.
 */
export const RENEW_LEASE_LUA =
  LUA_COMMON +
  `
local instance, token, ttl, now_iso = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local doc = load_doc(KEYS[1], instance)
if not doc or doc.lease.token ~= token then return cjson.encode({ ok = false, reason = 'stale_lease' }) end
if redis.call('HGET', KEYS[4], 'status') ~= 'RUNNING' then return cjson.encode({ ok = false, reason = 'run_not_running' }) end
local now = now_ms()
local exp = redis.call('ZSCORE', KEYS[2], instance)
if not exp or tonumber(exp) <= now then return cjson.encode({ ok = false, reason = 'lease_expired' }) end
doc.lease.ts = now_iso
doc.lease.ttl_s = ttl
redis.call('HSET', KEYS[1], instance, cjson.encode(doc))
redis.call('ZADD', KEYS[2], now + ttl * 1000, instance)
if ARGV[8] ~= '' then redis.call('ZADD', KEYS[5], 'XX', now + ttl * 1000, ARGV[8]) end
emit(KEYS[3], ARGV[5], ARGV[6], ARGV[7], state_event(instance, doc, 'lease_renewed', now_iso))
return cjson.encode({ ok = true, expires_at_ms = now + ttl * 1000 })
`;
