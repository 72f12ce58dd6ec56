import { LUA_COMMON } from './common.ts';
import { READ_INSTANCE_FN } from './read-instance.ts';
import { ACQUIRE_LEASE_FN } from './acquire-lease.ts';

/**
 * Applies one transition of a run atomically: an optional fence check, then a list of
 * operations. KEYS: 1 states, 2 lease-expiry, 3 events, 4 run, 5 outbox, 6 nudges, 7 claims, 8..
 * extra keys that operations name by index. ARGV: 1 spec JSON, 2 run channel, 3 all channel, 4 run id; with a
 * `lease`, 5 its expected entry JSON, 6 its new entry JSON, 7 its agent id, 8 its agent record ('' for none).
 *
 * spec = { now_iso, fence?: {instance, token}, require_running?: bool, require_run?: {field: value}, require_parent?: {key, instance, entry},
 *         mark_sent?: [id], claim?: {id, ttl_ms}, read?, lease?, ops: [...] } with ops
 *   {op='state', instance, reset?, set?, release?, note?}  -- state document change + event
 *   {op='hset', key, field, value} | {op='hdel', key, field} | {op='del', key}
 *   {op='hincr', key, field, by}                             -- result: the new value
 *   {op='outbox', id, entry, unless_idle?: {key, entry}} | {op='outbox_del', id}
 *   {op='run', set}                                          -- run record fields + event
 *   {op='event', event}
 * Refused as a whole (nothing written) when the fence token is not the live lease of its
 * instance — the fencing rule: a holder whose lease expired or was taken over cannot write —
 * or when a `require_run` field of the run record differs (a missing field reads as ''): a
 * transition decided on a run as it was read (finalize, redrive, a deadline) is not applied
 * to a run that has changed since; or when `require_parent` (a branch's Parallel/Map) no longer holds
 * that entry or is not running (`parent_over`). `mark_sent`: notification ids added to the nudges set (sent) with
 * the commit, which the caller enqueues right after it. `claim`: the one the caller continues in place
 * (execution/continuation.ts), claimed until now + ttl_ms (Redis clock); removing an outbox entry
 * removes its claim. `read`: {instance, state, keys: {entries, agent_states, agents}} — with a claim, the
 * claimed notification's instance is read after the ops, as lua/read-instance.ts reads it, and returned as
 * `read`, so its handler starts without a round trip of its own. `lease`: {instance, owner, ttl_s, count_attempt, renew_own,
 * keys: {fence, entries, agents}} — after all that, the lease of that instance is acquired as lua/acquire-lease.ts
 * acquires it with require_entry (granted only on the entry expected, ARGV 5), and its result returned as `grant`:
 * a pre-grant (execution/pregrant.ts) in the commit's own script, not a second script behind it.
 * An outbox op with `unless_idle` (a branch_done to a Map) is skipped — entry, mark and claim — when the Map's
 * join hash KEYS[key] leaves that report nothing to do; the result lists skipped ids in `skipped`.
 */
export const COMMIT_LUA =
  LUA_COMMON +
  READ_INSTANCE_FN +
  ACQUIRE_LEASE_FN +
  `
-- Whether a Map's join hash leaves the branch_done of its entry 'e' nothing to do (fork-join.ts needsWork): no
-- failure, not every iteration done, and no iteration may start (none left, or MaxConcurrency reached). Only a
-- hash with a recorded 'limit' (a Map's; '0' is none) is judged; anything else gets its report.
local function join_idle(key, e)
  local j = redis.call('HMGET', key, 'entry', 'total', 'started', 'done:' .. e, 'failed:' .. e, 'limit')
  if not j[6] or j[1] ~= e then return false end
  local total = tonumber(j[2] or 0)
  local started, done, limit = tonumber(j[3] or j[2] or 0), tonumber(j[4] or 0), tonumber(j[6])
  if tonumber(j[5] or 0) > 0 or done >= total then return false end
  if started < total and (limit == 0 or limit - (started - done) > 0) then return false end
  return true
end

local spec = cjson.decode(ARGV[1])
local now_iso = spec.now_iso
if spec.require_running then
  local st = redis.call('HGET', KEYS[4], 'status')
  if st ~= 'RUNNING' then return cjson.encode({ ok = false, reason = 'run_not_running', run_status = st or cjson.null }) end
end
if spec.require_run then
  for k, v in pairs(spec.require_run) do
    if (redis.call('HGET', KEYS[4], k) or '') ~= v then return cjson.encode({ ok = false, reason = 'run_changed' }) end
  end
end
if spec.require_parent then
  local p = spec.require_parent
  local raw, doc = redis.call('HGET', KEYS[p.key], p.instance), load_doc(KEYS[1], p.instance)
  if not raw or entry_id(raw) ~= p.entry or not doc or doc.status ~= 'running' then
    return cjson.encode({ ok = false, reason = 'parent_over' })
  end
end
if spec.fence then
  local doc = load_doc(KEYS[1], spec.fence.instance)
  if not doc or doc.lease.token ~= spec.fence.token then return cjson.encode({ ok = false, reason = 'stale_lease' }) end
  local exp = redis.call('ZSCORE', KEYS[2], spec.fence.instance)
  if not exp or tonumber(exp) <= now_ms() then return cjson.encode({ ok = false, reason = 'lease_expired' }) end
end
local results, skipped, skip = {}, {}, {}
for i, op in ipairs(spec.ops) do
  local r = 0
  if op.op == 'state' then
    local doc = load_doc(KEYS[1], op.instance)
    if op.reset or not doc then
      doc = fresh_doc()
      redis.call('ZREM', KEYS[2], op.instance)
    end
    if op.set then for k, v in pairs(op.set) do doc[k] = v end end
    if op.release then
      doc.lease = empty_lease()
      redis.call('ZREM', KEYS[2], op.instance)
    end
    redis.call('HSET', KEYS[1], op.instance, cjson.encode(doc))
    emit(KEYS[3], ARGV[2], ARGV[3], ARGV[4], state_event(op.instance, doc, op.note, now_iso))
  elseif op.op == 'hset' then
    redis.call('HSET', KEYS[op.key], op.field, op.value)
  elseif op.op == 'hdel' then
    redis.call('HDEL', KEYS[op.key], op.field)
  elseif op.op == 'del' then
    redis.call('DEL', KEYS[op.key])
  elseif op.op == 'hincr' then
    r = redis.call('HINCRBY', KEYS[op.key], op.field, op.by)
  elseif op.op == 'outbox' then
    if op.unless_idle and join_idle(KEYS[op.unless_idle.key], op.unless_idle.entry) then
      skip[op.id] = true
      skipped[#skipped + 1] = op.id
    else
      redis.call('HSET', KEYS[5], op.id, op.entry)
    end
  elseif op.op == 'outbox_del' then
    redis.call('HDEL', KEYS[5], op.id)
    redis.call('ZREM', KEYS[7], op.id)
  elseif op.op == 'run' then
    for k, v in pairs(op.set) do redis.call('HSET', KEYS[4], k, v) end
    local ev = { type = 'run', at = now_iso }
    for k, v in pairs(op.set) do if k ~= 'output' and k ~= 'input' then ev[k] = v end end
    emit(KEYS[3], ARGV[2], ARGV[3], ARGV[4], ev)
  elseif op.op == 'event' then
    op.event.at = now_iso
    emit(KEYS[3], ARGV[2], ARGV[3], ARGV[4], op.event)
  end
  results[i] = r
end
-- notifications the caller enqueues right after this commit: marked sent here, not in a round trip of their own
if spec.mark_sent then for _, id in ipairs(spec.mark_sent) do if not skip[id] then redis.call('SADD', KEYS[6], id) end end end
if spec.claim and not skip[spec.claim.id] then redis.call('ZADD', KEYS[7], now_ms() + spec.claim.ttl_ms, spec.claim.id) end
local out = { ok = true, results = results }
if #skipped > 0 then out.skipped = skipped end
if spec.read and spec.claim and not skip[spec.claim.id] then
  local k = spec.read.keys
  out.read = read_instance(KEYS[4], KEYS[k.entries], KEYS[1], KEYS[k.agent_states], KEYS[k.agents], spec.read.instance, spec.read.state)
end
if spec.lease then
  local l = spec.lease
  out.grant = acquire_lease(
    { states = KEYS[1], lease_expiry = KEYS[2], fence = KEYS[l.keys.fence], events = KEYS[3], run = KEYS[4],
      entries = KEYS[l.keys.entries], agents = KEYS[l.keys.agents] },
    { instance = l.instance, owner = l.owner, ttl_s = l.ttl_s, now_iso = now_iso, channel = ARGV[2], all_channel = ARGV[3],
      run_id = ARGV[4], count_attempt = l.count_attempt, renew_own = l.renew_own == true, expected = ARGV[5], next = ARGV[6],
      agent_id = ARGV[7], agent_record = ARGV[8],
      require_entry = true })
end
return cjson.encode(out)
`;
