import { LUA_COMMON } from './common.ts';

/**
 * Clears a lease whose TTL has passed (the sweeper's reclaim). KEYS: states, lease-expiry,
 * events. ARGV: instance, now_iso, run channel, all channel, run id. The state stays `running`
 * with its attempts; whoever is notified next acquires it and starts a new attempt. Returns the
 * expired token, or false when the lease was renewed or released meanwhile.
 */
export const RECLAIM_LEASE_LUA =
  LUA_COMMON +
  `
local instance, now_iso = ARGV[1], ARGV[2]
local exp = redis.call('ZSCORE', KEYS[2], instance)
if not exp or tonumber(exp) > now_ms() then return false end
redis.call('ZREM', KEYS[2], instance)
local doc = load_doc(KEYS[1], instance)
if not doc then return false end
local token = doc.lease.token
doc.lease = empty_lease()
redis.call('HSET', KEYS[1], instance, cjson.encode(doc))
emit(KEYS[3], ARGV[3], ARGV[4], ARGV[5], state_event(instance, doc, 'lease_expired', now_iso))
if token == cjson.null then return false end
return token
`;
