import { STATES, StatesError } from '../engine/runtime/index.ts';

/**
 * How a Map starts its iterations: in batches, so that no single control-plane commit (one Lua
 * call, which blocks Redis while it runs) touches more than `batchSize` iterations. A Map of
 * 10,000 items started in one commit blocked Redis for about 0.4 s; in batches of 500 each commit
 * is a bounded fraction of that, and other runs' transitions get in between.
 */

/** The progress of a Map's iterations, as its join hash records it. */
export interface MapProgress {
  total: number;
  /** Iterations entered so far (the join's `started`, advanced only under the Map's lease). */
  started: number;
  /** Iterations that reported success. */
  done: number;
  /** MaxConcurrency (Infinity: no limit). */
  limit: number;
}

/**
 * The next batch: how many iterations to start now (from `started` on), within MaxConcurrency and
 * the batch size, and whether more could start at once after it (then the Map notifies itself to
 * start the next batch in another commit, rather than waiting for an iteration to finish).
 */
export function nextMapBatch(p: MapProgress, batchSize: number): { count: number; more: boolean } {
  const count = Math.max(0, Math.min(p.total - p.started, p.limit - (p.started - p.done), batchSize));
  const started = p.started + count;
  return { count, more: count > 0 && started < p.total && started - p.done < p.limit };
}

/** Refuses a Map with more items than DCF_MAP_MAX_ITEMS, before anything is written (States.Runtime). */
export function checkMapSize(items: number, maxItems: number): void {
  if (items > maxItems) {
    throw new StatesError(
      STATES.Runtime,
      `the Map has ${items} items, more than DCF_MAP_MAX_ITEMS allows (${maxItems}); split the input or raise the setting`,
    );
  }
}
