import type { Json } from '../engine/runtime/index.ts';

/**
 * The entry record of a state instance: why and with what input it was entered. A new entry id
 * is minted every time the instance is (re-)entered (a loop, a Parallel retry, a redrive), so a
 * notification or a join report carrying an older entry id is recognised as stale and ignored.
 */
export interface EntryRecord {
  entry: string;
  /** The state's raw input (before InputPath). */
  input: Json;
  /** The Parallel/Map instance this state runs under, with that parent's entry and the branch or item index. */
  parent?: { instance: string; entry: string; index: number };
  entered_at: string;
  /** Retries already taken per Retrier of the state (ASL: counted per retrier). */
  retry_counts?: number[];
  /**
   * The input the state's work was given — after InputPath → Parameters — recorded where it is
   * computed: a Task when its lease is granted (each attempt), Pass/Choice/Wait when the engine
   * steps them, Parallel/Map when they fork. Absent until then (and when InputPath/Parameters failed).
   */
  effective_input?: Json;
  /** The state's output (after OutputPath) once it finished. */
  output?: Json;
  /** The skill currently bound to this Task instance (after a swap: the alternative). */
  skill?: string;
  /**
   * The skills that failed under the lease `lease` (its fencing token), so a swap never goes back
   * to one within that lease; a new lease (a Retry, a take-over) starts with none tried.
   */
  tried?: { lease: string; skills: string[] };
}

/** A pending dispatch in the run's outbox: one notification (job) to send. */
export interface OutboxEntry {
  /** Also the notification's nudge_id and the queue job id. */
  id: string;
  run_id: string;
  instance: string;
  entry: string;
  reason: 'initial' | 'upstream_done' | 'retry' | 'wait_elapsed' | 'lease_expired' | 'branch_done' | 'redrive';
  /** Epoch ms when it may be delivered (delayed jobs: Retry back-off, Wait). */
  due_at_ms: number;
  created_at_ms: number;
  /** The job that carries it when that is not its own: another notification's of the same commit (execution/dispatch-groups.ts). */
  job?: string;
}
