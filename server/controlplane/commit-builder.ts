import { runKeys, type RunKeys } from './keys.ts';

/** Operations of the commit script (lua/commit.ts); keys are indexes into KEYS. */
type Op =
  | { op: 'state'; instance: string; reset?: boolean; set?: Record<string, unknown>; release?: boolean; note?: string }
  | { op: 'hset'; key: number; field: string; value: string }
  | { op: 'hdel'; key: number; field: string }
  | { op: 'del'; key: number }
  | { op: 'hincr'; key: number; field: string; by: number }
  | { op: 'outbox'; id: string; entry: string; unless_idle?: { key: number; entry: string } }
  | { op: 'outbox_del'; id: string }
  | { op: 'run'; set: Record<string, string> }
  | { op: 'event'; event: Record<string, unknown> };

/** Fixed KEYS positions of the commit script; extra keys follow from 8 on. */
const FIXED = ['states', 'leaseExpiry', 'events', 'run', 'outbox', 'nudges', 'claims'] as const;

/**
 * Collects one atomic transition of a run. Build it, then hand it to `ControlPlane.commit`:
 * either every operation is applied or (fence refused, run not running) none.
 */
export class CommitBuilder {
  readonly keys: RunKeys;
  readonly ops: Op[] = [];
  private extra: string[] = [];
  fenceOn?: { instance: string; token: string };
  requireRunning = true;
  requireRunFields?: Record<string, string>;
  /** The enclosing Parallel/Map entry the commit's branch belongs to, which must still be current and running (requireParent). */
  requireParentOn?: { key: number; instance: string; entry: string };
  /** Notification ids the caller enqueues itself right after this commit, marked sent in it (markSent). */
  readonly sentIds: string[] = [];
  /** The notification the caller continues in place after this commit, and for how long it is claimed (claim). */
  claimOn?: { id: string; ttl_ms: number };
  /** The claimed notification's instance, read at the end of the commit (readClaimed). */
  readOn?: { instance: string; state: string; keys: { entries: number; agent_states: number; agents: number } };

  constructor(readonly runId: string) {
    this.keys = runKeys(runId);
  }

  /** Refuse the whole commit unless `token` is the live lease of `instance`. */
  fence(instance: string, token: string): this {
    this.fenceOn = { instance, token };
    return this;
  }

  /**
   * Marks notifications as sent (the nudges set) in the commit itself: the caller enqueues them
   * right after it (dispatcher `fresh`), so the mark costs no round trip of its own. A crash between
   * the commit and the enqueue leaves marked outbox entries without a job, which the sweeper sends
   * (sweeper.ts). Not for notifications an agent worker sends with notify_next_worker_agent.
   */
  markSent(ids: Iterable<string>): this {
    this.sentIds.push(...ids);
    return this;
  }

  /**
   * Claims notification `id` for `ttlMs` (Redis clock) with the commit: the caller handles it itself
   * right after it, in the same BullMQ job (execution/continuation.ts), and enqueues no job for it.
   * The claim keeps the sweeper from sending it while it is being handled; once the claim has passed
   * (the holder died) the sweeper sends it. Mark it sent too (markSent): notify_next_worker_agent then
   * leaves it alone.
   */
  claim(id: string, ttlMs: number): this {
    this.claimOn = { id, ttl_ms: ttlMs };
    return this;
  }

  /**
   * With a claim: the claimed notification's instance is read at the end of the commit, as
   * readStoredInstance reads it (`state`: the state whose worker agent record to read, '' for none),
   * and returned with the result, so its handler needs no read of its own (issue 33).
   */
  readClaimed(instance: string, state: string): this {
    const keys = {
      entries: this.keyIndex(this.keys.entries),
      agent_states: this.keyIndex(this.keys.agentStates),
      agents: this.keyIndex(this.keys.agents),
    };
    this.readOn = { instance, state, keys };
    return this;
  }

  /** Allow writing to a run that is no longer RUNNING (finalize, abort). */
  evenWhenFinished(): this {
    this.requireRunning = false;
    return this;
  }

  /** Refuse the whole commit unless each run-record field still has this value ('' = absent). */
  requireRun(fields: Record<string, string>): this {
    this.requireRunFields = { ...this.requireRunFields, ...fields };
    return this;
  }

  /**
   * Refuse the whole commit (`parent_over`) unless `parent.instance` (a Parallel or Map) still holds
   * the entry `parent.entry` and is running: a branch or iteration whose fork moved on (re-entered,
   * finished, failed) reports nothing to it. Checked in the commit, so a branch needs no read of
   * its own before it.
   */
  requireParent(parent: { instance: string; entry: string }): this {
    this.requireParentOn = { key: this.keyIndex(this.keys.entries), instance: parent.instance, entry: parent.entry };
    return this;
  }

  state(instance: string, change: { reset?: boolean; set?: Record<string, unknown>; release?: boolean; note?: string }): this {
    this.ops.push({ op: 'state', instance, ...change });
    return this;
  }

  hset(key: string, field: string, value: unknown): this {
    this.ops.push({ op: 'hset', key: this.keyIndex(key), field, value: typeof value === 'string' ? value : JSON.stringify(value) });
    return this;
  }

  /** The value the last `hset` of `field` in hash `key` writes in this commit (its JSON); undefined when none does. */
  lastHset(key: string, field: string): string | undefined {
    const fixed = FIXED.findIndex((k) => this.keys[k] === key);
    const extra = this.extra.indexOf(key);
    const index = fixed >= 0 ? fixed + 1 : extra >= 0 ? FIXED.length + extra + 1 : -1;
    for (let i = this.ops.length - 1; i >= 0; i--) {
      const op = this.ops[i]!;
      if (op.op === 'hset' && op.key === index && op.field === field) return op.value;
      if (op.op === 'hdel' && op.key === index && op.field === field) return undefined;
    }
    return undefined;
  }

  hdel(key: string, field: string): this {
    this.ops.push({ op: 'hdel', key: this.keyIndex(key), field });
    return this;
  }

  del(key: string): this {
    this.ops.push({ op: 'del', key: this.keyIndex(key) });
    return this;
  }

  /** Increments a hash counter; its new value is in the commit's `results` at this op's index. */
  hincr(key: string, field: string, by = 1): number {
    this.ops.push({ op: 'hincr', key: this.keyIndex(key), field, by });
    return this.ops.length - 1;
  }

  /**
   * Writes outbox entry `id`. `unlessIdle`: a branch's `branch_done` to its Map, written only when
   * the Map's join hash `unlessIdle.join` (as the commit's earlier ops left it) has work for it —
   * entry `unlessIdle.entry` finished, failed, or an iteration may start — and otherwise skipped
   * with its sent mark and claim (the commit's result lists it in `skipped`). A join hash without
   * a recorded `limit` (a Parallel's, or a Map's from before it was recorded) always gets the entry.
   */
  outbox(id: string, entry: unknown, unlessIdle?: { join: string; entry: string }): this {
    const op: Op = { op: 'outbox', id, entry: JSON.stringify(entry) };
    if (unlessIdle) op.unless_idle = { key: this.keyIndex(unlessIdle.join), entry: unlessIdle.entry };
    this.ops.push(op);
    return this;
  }

  /**
   * Names the job that carries each of these outbox entries (carried id → carrier id), in the entries
   * the commit writes: the sweeper looks for that job when an entry has none of its own
   * (execution/dispatch-groups.ts).
   */
  carry(carriers: ReadonlyMap<string, string>): this {
    if (carriers.size === 0) return this;
    for (const o of this.ops) {
      const job = o.op === 'outbox' ? carriers.get(o.id) : undefined;
      if (o.op === 'outbox' && job) o.entry = JSON.stringify({ ...(JSON.parse(o.entry) as object), job });
    }
    return this;
  }

  outboxDone(id: string): this {
    this.ops.push({ op: 'outbox_del', id });
    return this;
  }

  run(set: Record<string, string>): this {
    this.ops.push({ op: 'run', set });
    return this;
  }

  event(event: Record<string, unknown>): this {
    this.ops.push({ op: 'event', event });
    return this;
  }

  /** KEYS indexes of what a lease taken with this commit writes beside the fixed keys (ControlPlane.commit `then`). */
  leaseKeys(): { fence: number; entries: number; agents: number } {
    return { fence: this.keyIndex(this.keys.fence), entries: this.keyIndex(this.keys.entries), agents: this.keyIndex(this.keys.agents) };
  }

  /** KEYS for the script: the fixed seven, then the extra keys in first-use order. */
  allKeys(): string[] {
    return [...FIXED.map((k) => this.keys[k]), ...this.extra];
  }

  private keyIndex(key: string): number {
    const fixed = FIXED.findIndex((k) => this.keys[k] === key);
    if (fixed >= 0) return fixed + 1;
    let i = this.extra.indexOf(key);
    if (i < 0) {
      if (!key.includes(`{${this.runId}}`)) throw new Error(`key outside the run's hash slot: ${key}`);
      i = this.extra.push(key) - 1;
    }
    return FIXED.length + i + 1;
  }
}
