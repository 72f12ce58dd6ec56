import { channelOf, type RedisClient } from '../../redis/connection.ts';
import { NoPlanCache, PLAN_ACTIVATED } from './no-plan-cache.ts';
import type { ToolCallPlan } from '../../../lib/planning/schemas.ts';
import type { BudgetExcess } from './budget-check.ts';

/**
 * The plan tracker's state shared by every console and worker on one Redis (issue 32): one hash
 * per agent, `dcf:plan-usage:{<agent id>}`, holding the agent's active plan id, its budget and
 * mode, and its usage counters (calls, cost units, model tokens, the next record seq). Each
 * script reads and writes that one key only, so it runs on one node of a Redis Cluster.
 *
 * - `charge` is the call path: one round trip that answers "no active plan" (the hash is absent;
 *   remembered per process until an activation is announced, no-plan-cache.ts) or takes the
 *   call's seq and — in enforce mode — refuses it or counts it, atomically, so consoles racing at
 *   the limit let exactly the budget through.
 * - `activate` makes a plan the agent's active one (declare, replan) with fresh counters, before
 *   the declaration returns; `release` leaves a tombstone when the plan ends (TOMBSTONE_MS). Both
 *   compare plan ids, so a plan ended or replaced elsewhere is never revived by a late writer.
 * - `seed` puts back a plan the store says is active when its hash is missing (Redis restarted
 *   without its data), with counters rebuilt from the store's records; it never overwrites.
 * - A *held* plan (`held` in the hash: its declaring process makes every call of it, an in-process
 *   worker under its Task's lease) is counted and numbered by that process alone, with no charge;
 *   a charge from anywhere else is answered 'held' and the call is refused, so no two processes
 *   ever number one plan's records.
 */
export const planUsageKey = (agentId: string): string => `dcf:plan-usage:{${agentId}}`;

/** The counters a plan starts from: zero for a new plan, the store's records for a seeded one. */
export interface PlanCounters {
  calls: number;
  cost: number;
  tokens: number;
  nextSeq: number;
  /** A call has run (the plan is InProgress). */
  started: boolean;
}

export type Charge =
  | { planId: string; seq: number; refused: null; first: boolean; calls: number; cost: number; tokens: number }
  | { planId: string; seq: number; refused: BudgetExcess; first: false; calls: number; cost: number; tokens: number };

// ARGV: kind ('call' | 'model'), cost units, now (ms). A refusal takes a seq (it is recorded) but
// counts nothing; a model step counts its tokens as cost and is never refused. Numbers that may be
// fractional are returned as strings (Redis truncates Lua numbers to integers). A held plan: 'held'.
const CHARGE = `
local f = redis.call('HMGET', KEYS[1], 'plan', 'enforce', 'maxCalls', 'maxCost', 'maxLatency', 'createdMs', 'calls', 'cost', 'tokens', 'held')
if not f[1] then return redis.call('EXISTS', KEYS[1]) end
if f[10] then return 'held' end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1) - 1
local calls, cost, tokens = tonumber(f[7]), tonumber(f[8]), tonumber(f[9])
local c = tonumber(ARGV[2])
local function round(x) return math.floor(x * 1e6 + 0.5) / 1e6 end
if ARGV[1] == 'model' then
  local total = redis.call('HINCRBYFLOAT', KEYS[1], 'cost', ARGV[2])
  local t = redis.call('HINCRBYFLOAT', KEYS[1], 'tokens', ARGV[2])
  return {f[1], seq, 'ok', 0, calls, total, t}
end
if f[2] == '1' then
  local dim, limit, actual
  if f[3] ~= '' and calls + 1 > tonumber(f[3]) then
    dim, limit, actual = 'maxToolCalls', tonumber(f[3]), calls + 1
  elseif f[4] ~= '' and round(cost + c) > tonumber(f[4]) then
    dim, limit, actual = 'maxCost', tonumber(f[4]), round(cost + c)
  elseif f[5] ~= '' and tonumber(ARGV[3]) - tonumber(f[6]) > tonumber(f[5]) then
    dim, limit, actual = 'maxLatency', tonumber(f[5]), tonumber(ARGV[3]) - tonumber(f[6])
  end
  if dim then
    return {f[1], seq, 'refused', dim, tostring(limit), tostring(actual), calls, tostring(cost), tostring(tokens)}
  end
end
redis.call('HINCRBY', KEYS[1], 'calls', 1)
local total = redis.call('HINCRBYFLOAT', KEYS[1], 'cost', ARGV[2])
local first = redis.call('HSETNX', KEYS[1], 'started', '1')
return {f[1], seq, 'ok', first, calls + 1, total, f[9]}
`;

// ARGV: the PLAN_ACTIVATED channel, the agent id, the expected current plan id ('*' for any), then
// the new hash's field/value pairs. Returns {previous plan id or false, its next seq} or false when
// the expectation failed. An activation is announced in the same step (no-plan-cache.ts).
const ACTIVATE = `
local prev = redis.call('HMGET', KEYS[1], 'plan', 'seq')
if ARGV[3] ~= '*' and prev[1] ~= ARGV[3] then return false end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('PUBLISH', ARGV[1], ARGV[2])
return {prev[1] or '', prev[2] or '0'}
`;

// ARGV: the plan id, the tombstone's lifetime (ms). Returns the released plan's next seq (how many
// records it numbered), or false. The hash becomes a tombstone naming the ended plan, so that no
// console mistakes "ended" for "Redis lost it" and puts the plan back (seed).
const RELEASE = `
local f = redis.call('HMGET', KEYS[1], 'plan', 'seq')
if f[1] ~= ARGV[1] then return false end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'ended', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return f[2]
`;

// ARGV: the PLAN_ACTIVATED channel, the agent id, then the new hash's field/value pairs; written
// (and announced) only when the agent's hash is missing altogether (not over an active plan, nor
// over the tombstone of one that ended).
const SEED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HGET', KEYS[1], 'plan') end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PUBLISH', ARGV[1], ARGV[2])
return ARGV[4]
`;

type Scripts = Record<'dcfPlanCharge' | 'dcfPlanActivate' | 'dcfPlanRelease' | 'dcfPlanSeed', (...args: string[]) => Promise<unknown>>;
const DEFINED = Symbol.for('dcf.planning.usage-scripts');

/** The scripts registered on a connection once, so a call sends their SHA (EVALSHA, EVAL when Redis lacks it), not their text. */
function withScripts(redis: RedisClient): RedisClient & Scripts {
  const r = redis as RedisClient & Scripts & { [DEFINED]?: true };
  if (!r[DEFINED]) {
    r.defineCommand('dcfPlanCharge', { numberOfKeys: 1, lua: CHARGE });
    r.defineCommand('dcfPlanActivate', { numberOfKeys: 1, lua: ACTIVATE });
    r.defineCommand('dcfPlanRelease', { numberOfKeys: 1, lua: RELEASE });
    r.defineCommand('dcfPlanSeed', { numberOfKeys: 1, lua: SEED });
    r[DEFINED] = true;
  }
  return r;
}

function fields(plan: ToolCallPlan, c: PlanCounters, held = false): string[] {
  const b = plan.planningContext.constraints;
  const opt = (x: number | undefined) => (x === undefined ? '' : String(x));
  return [
    'plan',
    plan.planId,
    'enforce',
    plan.mode === 'enforce' ? '1' : '0',
    'maxCalls',
    opt(b.maxToolCalls),
    'maxCost',
    opt(b.maxCost),
    'maxLatency',
    opt(b.maxLatency),
    'createdMs',
    String(Date.parse(plan.created_at)),
    'calls',
    String(c.calls),
    'cost',
    String(c.cost),
    'tokens',
    String(c.tokens),
    'seq',
    String(c.nextSeq),
    ...(c.started ? ['started', '1'] : []),
    ...(held ? ['held', '1'] : []),
  ];
}

/** How long an ended plan's tombstone stays (a console that still caches the plan drops it on its next call). */
export const TOMBSTONE_MS = 24 * 3_600_000;

export const NEW_PLAN: PlanCounters = { calls: 0, cost: 0, tokens: 0, nextSeq: 0, started: false };

export class SharedPlanUsage {
  /** Agents known to have no active plan: their calls cost no round trip (no-plan-cache.ts). */
  readonly noPlan: NoPlanCache;

  constructor(private readonly redis: () => Promise<RedisClient>) {
    this.noPlan = new NoPlanCache(redis);
  }

  /** The agent's active plan id, or null (one HGET). */
  async activePlanId(agentId: string): Promise<string | null> {
    return (await this.client()).hget(planUsageKey(agentId), 'plan');
  }

  /**
   * A call (or a model step) of the agent. 'none': it has no active plan (its last one ended);
   * 'missing': Redis holds nothing for the agent (no plan ever, or Redis lost its data); 'held':
   * its active plan is held by the process that declared it (see above), which alone calls as it.
   */
  async charge(agentId: string, kind: 'call' | 'model', cost: number, nowMs: number): Promise<Charge | 'none' | 'missing' | 'held'> {
    const known = this.noPlan.get(agentId);
    if (known) return known;
    const epoch = this.noPlan.before();
    const r = (await (await this.client()).dcfPlanCharge(planUsageKey(agentId), kind, String(cost), String(nowMs))) as
      Array<string | number> | number | 'held';
    if (r === 'held') return r;
    if (typeof r === 'number') {
      const none = r === 1 ? 'none' : 'missing';
      this.noPlan.remember(agentId, none, epoch);
      return none;
    }
    const planId = String(r[0]);
    const seq = Number(r[1]);
    if (r[2] === 'refused') {
      const limit = Number(r[4]);
      const actual = Number(r[5]);
      const over = Math.round((actual - limit) * 1e6) / 1e6;
      const refused = { dimension: r[3] as BudgetExcess['dimension'], limit, actual, over };
      return { planId, seq, refused, first: false, calls: Number(r[6]), cost: Number(r[7]), tokens: Number(r[8]) };
    }
    return { planId, seq, refused: null, first: Number(r[3]) === 1, calls: Number(r[4]), cost: Number(r[5]), tokens: Number(r[6]) };
  }

  /**
   * Makes `plan` the agent's active plan with fresh counters. `expected`: the plan it must replace
   * (a replan), or '*' for whatever is active (a declaration); `held`: this process holds it (see
   * above). Returns the plan it replaced (null for none) with how many records Redis numbered for
   * it (none of a held plan's), or 'conflict' when `expected` was not active.
   */
  async activate(plan: ToolCallPlan, expected: string, held = false): Promise<{ previous: string | null; seqs: number } | 'conflict'> {
    const client = await this.client();
    const announce = [channelOf(client, PLAN_ACTIVATED), plan.agent_id];
    const hash = fields(plan, NEW_PLAN, held);
    const r = (await client.dcfPlanActivate(planUsageKey(plan.agent_id), ...announce, expected, ...hash)) as [string, string] | null;
    if (!r) return 'conflict';
    this.noPlan.forget(plan.agent_id);
    return { previous: r[0] === '' ? null : r[0], seqs: Number(r[1]) };
  }

  /** Clears the agent's active plan if it is still `planId`; the number of records it numbered, or null. */
  async release(agentId: string, planId: string): Promise<number | null> {
    const r = (await (await this.client()).dcfPlanRelease(planUsageKey(agentId), planId, String(TOMBSTONE_MS))) as string | null;
    return r === null ? null : Number(r);
  }

  /** Puts a stored active plan back when the agent has none in Redis; the agent's active plan id after it. */
  async seed(plan: ToolCallPlan, counters: PlanCounters): Promise<string> {
    const client = await this.client();
    const announce = [channelOf(client, PLAN_ACTIVATED), plan.agent_id];
    const active = (await client.dcfPlanSeed(planUsageKey(plan.agent_id), ...announce, ...fields(plan, counters))) as string;
    this.noPlan.forget(plan.agent_id);
    return active;
  }

  private async client(): Promise<RedisClient & Scripts> {
    const r = await this.redis();
    if (r.status === 'wait') await r.connect().catch(() => undefined);
    return withScripts(r);
  }
}
