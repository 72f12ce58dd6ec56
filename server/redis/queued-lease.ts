import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from './connection.ts';
import { connected, holdLease, type HeldLease } from './lease.ts';

/**
 * A lease taken in arrival order across processes, in one Redis hash (so one key, and one slot on
 * a cluster): field `next` numbers the arrivals; each waiter or holder has a field `w:<token>` =
 * `<ticket>:<expires at, ms of Redis's clock>`. The holder is the live entry with the lowest
 * ticket. Waiting refreshes the entry on every poll and holding renews it, so the entry of a
 * process that died expires within the TTL and the next ticket goes ahead; a live waiter keeps
 * its place. A plain SET NX lease would let a process that releases and at once re-takes the
 * lease for its next queued turn starve the others, which only poll.
 */

// Shared by the scripts: Redis's clock in ms; drops expired entries of KEYS[1]; returns the lowest live ticket and the latest expiry.
const SCAN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function scan(key)
  local all = redis.call('HGETALL', key)
  local first, last = nil, now
  for i = 1, #all, 2 do
    if string.sub(all[i], 1, 2) == 'w:' then
      local ticket, expires = string.match(all[i + 1], '^(%d+):(%d+)$')
      ticket, expires = tonumber(ticket), tonumber(expires)
      if expires <= now then
        redis.call('HDEL', key, all[i])
      else
        if not first or ticket < first then first = ticket end
        if expires > last then last = expires end
      end
    end
  end
  return first, last
end
`;

// KEYS: the lease. ARGV: token, ttl ms. Takes a ticket (the first call) or refreshes it; 1 when the caller now holds the lease.
const ACQUIRE = `${SCAN}
local field, ttl = 'w:' .. ARGV[1], tonumber(ARGV[2])
local mine = redis.call('HGET', KEYS[1], field)
local ticket = mine and tonumber(string.match(mine, '^(%d+):')) or redis.call('HINCRBY', KEYS[1], 'next', 1)
redis.call('HSET', KEYS[1], field, ticket .. ':' .. (now + ttl))
local first, last = scan(KEYS[1])
redis.call('PEXPIRE', KEYS[1], last - now)
if first == ticket then return 1 end
return 0`;

// KEYS: the lease. ARGV: token, ttl ms. Extends the caller's entry while it is live; 0 when it expired (another may hold the lease now).
const RENEW = `${SCAN}
local field, ttl = 'w:' .. ARGV[1], tonumber(ARGV[2])
scan(KEYS[1])
local mine = redis.call('HGET', KEYS[1], field)
if not mine then return 0 end
redis.call('HSET', KEYS[1], field, string.match(mine, '^(%d+):') .. ':' .. (now + ttl))
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1`;

// KEYS: the lease. ARGV: token. Removes the caller's entry (holding or waiting); the key goes when no entry is left.
const LEAVE = `
redis.call('HDEL', KEYS[1], 'w:' .. ARGV[1])
if redis.call('HLEN', KEYS[1]) <= 1 then redis.call('DEL', KEYS[1]) end
return 1`;

/** A wait as people read it: "200 ms", "600 s". */
export const waitedFor = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** The wait for a queued lease took longer than allowed. */
export class LeaseWaitExceeded extends Error {
  constructor(
    readonly key: string,
    readonly waitMs: number,
  ) {
    super(`waited ${waitedFor(waitMs)} for ${key} without getting it`);
    this.name = 'LeaseWaitExceeded';
  }
}

export interface QueuedLeaseOptions {
  /** How long an entry lives without a renewal or poll: a dead holder's lease frees within this. */
  ttlMs: number;
  /** How often a waiter asks again (default 100 ms, at most a third of the TTL). */
  pollMs?: number;
}

/** Leases on keys of one Redis, each taken in arrival order (see the file's comment). */
export class QueuedLease {
  private readonly pollMs: number;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: QueuedLeaseOptions,
  ) {
    this.pollMs = Math.max(5, Math.min(opts.pollMs ?? 100, Math.floor(opts.ttlMs / 3)));
  }

  /**
   * Waits for the lease on `key` in arrival order; throws LeaseWaitExceeded after `waitMs`, or the
   * signal's reason when it aborts (either way the place in the queue is given up).
   */
  async acquire(key: string, wait: { waitMs: number; signal?: AbortSignal }): Promise<HeldLease> {
    await connected(this.redis);
    const token = randomUUID();
    const ttl = this.opts.ttlMs;
    const leave = async () => void (await this.redis.eval(LEAVE, 1, key, token));
    const deadline = Date.now() + wait.waitMs;
    try {
      while (Number(await this.redis.eval(ACQUIRE, 1, key, token, ttl)) !== 1) {
        wait.signal?.throwIfAborted();
        if (Date.now() >= deadline) throw new LeaseWaitExceeded(key, wait.waitMs);
        await sleep(this.pollMs, undefined, wait.signal ? { signal: wait.signal } : {});
      }
    } catch (err) {
      await leave().catch(() => undefined);
      throw err;
    }
    return holdLease(async () => Number(await this.redis.eval(RENEW, 1, key, token, ttl)) === 1, leave, ttl);
  }
}
