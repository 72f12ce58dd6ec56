import { channelOf, type RedisClient } from '../redis/connection.ts';
import { CommitBuilder } from './commit-builder.ts';
import { ALL_RUNS_CHANNEL, runChannel, runKeys } from './keys.ts';
import { ACQUIRE_LEASE_LUA } from './lua/acquire-lease.ts';
import { COMMIT_LUA } from './lua/commit.ts';
import { RECLAIM_LEASE_LUA } from './lua/reclaim-lease.ts';
import { RENEW_LEASE_LUA } from './lua/renew-lease.ts';
import type { StateDocument } from './state-document.ts';
import { storedInstanceOf, type StoredInstance, type StoredInstanceReply } from './instance-read.ts';

/**
 * `recorded`: the entry given to acquireLease was written with the grant (a new lease on the expected entry);
 * `loaded`: so was the agent record given (lua/acquire-lease.ts).
 */
export type LeaseGrant = {
  ok: true;
  token: string;
  attempts: number;
  expires_at_ms: number;
  renewed?: boolean;
  recorded?: boolean;
  loaded?: boolean;
};
export type LeaseRefusal = {
  ok: false;
  reason: 'no_state' | 'run_not_running' | 'finished' | 'held' | 'not_entered';
  owner?: string;
  expires_in_ms?: number;
  status?: string;
  run_status?: string | null;
};
/** `skipped`: outbox entries the commit did not write (CommitBuilder.outbox `unlessIdle`). */
/** `read`: the claimed notification's instance, read at the end of the commit (CommitBuilder.readClaimed). */
/** `grant`: the lease a pre-grant asked for with the commit (execution/pregrant.ts), when the commit was applied and the lease granted. */
export type CommitResult =
  | { ok: true; results: number[]; skipped?: string[]; read?: StoredInstance; grant?: LeaseGrant }
  | { ok: false; reason: 'stale_lease' | 'lease_expired' | 'run_not_running' | 'run_changed' | 'parent_over' };

/** A lease to acquire (ControlPlane.acquireLease's arguments; `commit`'s `then`). */
export interface LeaseRequest {
  instance: string;
  owner: string;
  ttlS: number;
  countAttempt: boolean;
  renewOwn?: boolean;
  entry?: { expected: string; next: string };
  agent?: { id: string; record: string };
}

type Scripts = {
  dcfAcquireLease(...args: (string | number)[]): Promise<string>;
  dcfRenewLease(...args: (string | number)[]): Promise<string>;
  dcfReclaimLease(...args: (string | number)[]): Promise<string | null>;
  dcfCommit(...args: (string | number)[]): Promise<string>;
  dcfOutboxDone(...args: string[]): Promise<number>;
};

/** Removes a handled notification's outbox entry and its claim (continuation.ts). KEYS: outbox, claims. ARGV: id. */
const OUTBOX_DONE_LUA = `
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('HDEL', KEYS[1], ARGV[1])
`;

const DEFINED = Symbol.for('dcf.controlplane.scripts');

/** Registers the Lua scripts on a connection once (EVALSHA with EVAL fallback, by ioredis). */
function withScripts(redis: RedisClient): RedisClient & Scripts {
  const r = redis as RedisClient & Scripts & { [DEFINED]?: true };
  if (!r[DEFINED]) {
    r.defineCommand('dcfAcquireLease', { numberOfKeys: 7, lua: ACQUIRE_LEASE_LUA });
    r.defineCommand('dcfRenewLease', { numberOfKeys: 5, lua: RENEW_LEASE_LUA });
    r.defineCommand('dcfReclaimLease', { numberOfKeys: 3, lua: RECLAIM_LEASE_LUA });
    r.defineCommand('dcfCommit', { lua: COMMIT_LUA });
    r.defineCommand('dcfOutboxDone', { numberOfKeys: 2, lua: OUTBOX_DONE_LUA });
    r[DEFINED] = true;
  }
  return r;
}

const iso = () => new Date().toISOString();

/**
 * The Redis control plane of runs: leases (acquire, renew, reclaim) and atomic commits. All
 * writes to state documents go through these scripts, which also append the run's events.
 */
export class ControlPlane {
  readonly redis: RedisClient & Scripts;

  constructor(redis: RedisClient) {
    this.redis = withScripts(redis);
  }

  /**
   * `renewOwn`: when `owner` already holds the live lease, extend it and return the same token (agents renew by acquiring again).
   * `entry`: with a new lease, replace the instance's entry JSON `expected` by `next` in the same step (`recorded` says it was).
   * `agent`: when the entry was recorded, the record of agent `id` in the run's agents hash replaced by `record` if it
   * is there (`loaded` says it was): an in-process worker's skill loaded with its start, not in a round trip of its own.
   */
  async acquireLease(
    runId: string,
    instance: string,
    owner: string,
    ttlS: number,
    countAttempt: boolean,
    renewOwn = false,
    entry?: { expected: string; next: string },
    agent?: { id: string; record: string },
  ): Promise<LeaseGrant | LeaseRefusal> {
    const raw = await this.redis.dcfAcquireLease(
      ...this.acquireArgs(runId, { instance, owner, ttlS, countAttempt, renewOwn, entry, agent }),
    );
    return JSON.parse(raw) as LeaseGrant | LeaseRefusal;
  }

  /** `claim`: a notification the holder continues in place (CommitBuilder.claim), claimed again until the lease's new expiry. */
  async renewLease(
    runId: string,
    instance: string,
    token: string,
    ttlS: number,
    claim?: string,
  ): Promise<{ ok: true; expires_at_ms: number } | { ok: false; reason: string }> {
    const k = runKeys(runId);
    const raw = await this.redis.dcfRenewLease(
      k.states,
      k.leaseExpiry,
      k.events,
      k.run,
      k.claims,
      instance,
      token,
      ttlS,
      iso(),
      ...this.channels(runId),
      runId,
      claim ?? '',
    );
    return JSON.parse(raw) as { ok: true; expires_at_ms: number } | { ok: false; reason: string };
  }

  /** Clears an expired lease; returns the expired token, or null if the lease is live or gone. */
  async reclaimLease(runId: string, instance: string): Promise<string | null> {
    const k = runKeys(runId);
    const token = await this.redis.dcfReclaimLease(k.states, k.leaseExpiry, k.events, instance, iso(), ...this.channels(runId), runId);
    return token || null;
  }

  /** Removes the handled notification `id` from the run's outbox, with its claim (one round trip). */
  async outboxDone(runId: string, id: string): Promise<void> {
    const k = runKeys(runId);
    await this.redis.dcfOutboxDone(k.outbox, k.claims, id);
  }

  /** The run's notifications whose claim (CommitBuilder.claim) has not passed by the Redis clock. */
  async liveClaims(runId: string): Promise<Set<string>> {
    const nowMs = await this.redisNowMs();
    return new Set(await this.redis.zrangebyscore(runKeys(runId).claims, `(${nowMs}`, '+inf'));
  }

  private async redisNowMs(): Promise<number> {
    const [sec, micro] = await this.redis.time();
    return Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
  }

  /** Instances whose lease expired by the Redis clock. */
  async expiredLeases(runId: string): Promise<string[]> {
    return this.redis.zrangebyscore(runKeys(runId).leaseExpiry, '-inf', await this.redisNowMs());
  }

  builder(runId: string): CommitBuilder {
    return new CommitBuilder(runId);
  }

  /**
   * Applies commit `c`. `then`: a lease to acquire right after its operations, in the same script (lua/commit.ts
   * `lease`), granted only if the instance then holds the entry expected — the one `c` wrote; none when `c` is refused.
   */
  async commit(c: CommitBuilder, then?: LeaseRequest): Promise<CommitResult> {
    const lease = then && {
      instance: then.instance,
      owner: then.owner,
      ttl_s: then.ttlS,
      count_attempt: then.countAttempt,
      renew_own: then.renewOwn === true,
      keys: c.leaseKeys(),
    };
    const keys = c.allKeys();
    const spec = {
      now_iso: iso(),
      fence: c.fenceOn,
      require_running: c.requireRunning,
      require_run: c.requireRunFields,
      mark_sent: c.sentIds.length ? c.sentIds : undefined,
      claim: c.claimOn,
      require_parent: c.requireParentOn,
      read: c.readOn,
      lease,
      ops: c.ops,
    };
    const leaseArgs = then ? [then.entry?.expected ?? '', then.entry?.next ?? '', then.agent?.id ?? '', then.agent?.record ?? ''] : [];
    const raw = await this.redis.dcfCommit(keys.length, ...keys, JSON.stringify(spec), ...this.channels(c.runId), c.runId, ...leaseArgs);
    const r = JSON.parse(raw) as
      | Exclude<CommitResult, { ok: true }>
      | { ok: true; results: number[]; skipped?: string[]; read?: StoredInstanceReply; grant?: LeaseGrant | LeaseRefusal };
    if (!r.ok) return r;
    const { read, grant, ...rest } = r;
    return { ...rest, ...(read ? { read: storedInstanceOf(read) } : {}), ...(grant?.ok ? { grant } : {}) };
  }

  /** The keys and arguments of the lease script (lua/acquire-lease.ts) for `l` on run `runId`. */
  private acquireArgs(runId: string, l: LeaseRequest): (string | number)[] {
    const k = runKeys(runId);
    return [
      k.states,
      k.leaseExpiry,
      k.fence,
      k.events,
      k.run,
      k.entries,
      k.agents,
      l.instance,
      l.owner,
      l.ttlS,
      iso(),
      ...this.channels(runId),
      runId,
      l.countAttempt ? '1' : '0',
      l.renewOwn ? '1' : '0',
      l.entry?.expected ?? '',
      l.entry?.next ?? '',
      l.agent?.id ?? '',
      l.agent?.record ?? '',
      '0', // require_entry: a lease with a commit requires its entry (commit `then`)
    ];
  }

  /** The run's channel and the all-runs channel, as the scripts publish them in this connection's database (channelOf). */
  private channels(runId: string): [string, string] {
    return [channelOf(this.redis, runChannel(runId)), channelOf(this.redis, ALL_RUNS_CHANNEL)];
  }

  async readState(runId: string, instance: string): Promise<StateDocument | null> {
    const raw = await this.redis.hget(runKeys(runId).states, instance);
    return raw ? (JSON.parse(raw) as StateDocument) : null;
  }

  async readStates(runId: string): Promise<Record<string, StateDocument>> {
    const all = await this.redis.hgetall(runKeys(runId).states);
    return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, JSON.parse(v) as StateDocument]));
  }
}
