/**
 * Redis keys of the control plane. Every key of one run carries the `{run_id}` hash tag, so a
 * run lives in one Redis Cluster slot and its Lua scripts may touch all of its keys atomically.
 * The few global keys (the run index and the active set) are written outside those scripts.
 *
 * Same slot without renaming (issue 32): a key without braces hashes its whole name, and a key
 * `{<name>}…` hashes `<name>` — so `{dcf:runs}:active` lives in the slot of `dcf:runs`, and the two
 * may share a MULTI on a Redis Cluster while the run index keeps the name an existing single-node
 * Redis (the embedded default's AOF) already holds. Only the active set was renamed;
 * key-migration.ts (here) moves the old one into it when a process starts.
 */
export const KEY_PREFIX = 'dcf';

export function runKeys(runId: string) {
  const base = `${KEY_PREFIX}:run:{${runId}}`;
  return {
    /** string: the run record (RunRecord JSON). */
    run: `${base}:run`,
    /** string: the workflow document the run executes (frozen at start). */
    workflow: `${base}:workflow`,
    /** string: the control-plane meta document (spec §5.3). */
    meta: `${base}:meta`,
    /** hash: state instance → state document (spec §5.4). */
    states: `${base}:states`,
    /** hash: state instance → entry record (entry id, raw input, parent, retry counts, output). */
    entries: `${base}:entries`,
    /** hash: state instance → data-plane output envelope (spec §5.6) of its Task result. */
    data: `${base}:data`,
    /** zset: state instance → lease expiry (ms since epoch, Redis clock). */
    leaseExpiry: `${base}:lease-expiry`,
    /** string: fencing counter; every granted lease takes the next value. */
    fence: `${base}:fence`,
    /** hash: notification id → pending dispatch (written with the state change, removed when handled). */
    outbox: `${base}:outbox`,
    /** set: nudge ids already dispatched (a repeated nudge_id is a no-op). */
    nudges: `${base}:nudges`,
    /**
     * zset: nudge id → claim deadline (ms, Redis clock) of an outbox entry a worker continues in place
     * (execution/continuation.ts) instead of enqueueing it; the sweeper leaves it alone until then.
     */
    claims: `${base}:claims`,
    /** stream: one entry per state change. */
    events: `${base}:events`,
    /** hash: worker agent id → agent record (in-process agent runtime). */
    agents: `${base}:agents`,
    /** hash: state name → the id of its worker agent (in-process agent runtime; runs before issue 33 have none). */
    agentStates: `${base}:agent-states`,
    /** hash per fork (Parallel/Map instance): branch/item results and counters. */
    join: (instance: string) => `${base}:join:${instance}`,
  };
}

export type RunKeys = ReturnType<typeof runKeys>;

/**
 * Pub/sub channel of one run's events, and the channel of every run's events (run list); published
 * and subscribed under the name channelOf (server/redis/connection.ts) gives them in a database.
 */
export const runChannel = (runId: string) => `${KEY_PREFIX}:events:{${runId}}`;
export const ALL_RUNS_CHANNEL = `${KEY_PREFIX}:events:all`;
/**
 * One run's `run` events alone (its status changes), also published on the run channel: what a wait for the run's
 * end listens to (execution/wait-run.ts) without receiving every state event. The scripts publish it under the run
 * channel's published name + STATUS_SUFFIX (lua/common.ts `emit`), so channelOf's database prefix carries over.
 */
export const STATUS_SUFFIX = ':status';
export const runStatusChannel = (runId: string) => `${runChannel(runId)}${STATUS_SUFFIX}`;
/** zset run_id → start time (ms): the run index. */
export const RUN_INDEX = `${KEY_PREFIX}:runs`;
/** set of run ids that are still running (swept for expired leases and undispatched notifications); in RUN_INDEX's slot. */
export const ACTIVE_RUNS = `{${RUN_INDEX}}:active`;
/** The active set's name before issue 32 (another slot than RUN_INDEX); key-migration.ts empties it into ACTIVE_RUNS. */
export const LEGACY_ACTIVE_RUNS = `${KEY_PREFIX}:runs:active`;
