import type { RedisClient } from './connection.ts';
import type { DurableStream, StreamEntry } from './durable-stream.ts';
import { deadLetter } from './dead-letters.ts';

/**
 * How the database owner consumes a durable stream, and what counts as an entry's failure.
 *
 * - A consumer's name is its role (CONSUMER_ROLES), the same in every process and after every
 *   restart: a restarted console finds its own unacknowledged entries at once, and entries left by
 *   any other consumer (a process that died, an old `engine@host:pid` name) are claimed once idle
 *   for `claimIdleMs`.
 * - A malformed entry (no payload, not JSON, not a valid message) is poison whatever happens next:
 *   it is dead-lettered at once, and the entries behind it are consumed in the same pass.
 * - When the handler throws, the sink is asked whether it can write (`sinkReady`, e.g. `select 1`).
 *   If it cannot, the failure is the consumer's, not the entry's: the pass stops and the deliveries
 *   of this pass's unsettled entries are given back (XCLAIM RETRYCOUNT), so a database that is down
 *   for an hour dead-letters nothing. If it can, the failure is the entry's: Redis's delivery count
 *   (XPENDING) is its number of attempts, and at `maxDeliveries` the entry is dead-lettered;
 *   below it the entry stays pending and is tried again at the next pass (its consumer's own
 *   pending entries come first; new entries fill the rest of the batch).
 *   A process that dies while handling an entry also spends one of its deliveries.
 */
export const CONSUMER_ROLES = {
  /** The console's consolidation job (server/app/consolidation.ts). */
  consolidator: 'consolidator',
  /** The QA tools' read-your-writes drain before they read (server/tools/qa/qa-db.ts). */
  qaReader: 'qa-reader',
  /** The demo history's wait until its runs are stored (cli/demo-history/stored.ts). */
  demoHistory: 'demo-history',
} as const;

/** The delivery settings (DCF_STREAM_CLAIM_IDLE_S, DCF_STREAM_MAX_DELIVERIES). */
export interface DeliveryPolicy {
  claimIdleMs: number;
  maxDeliveries: number;
}

/** The configuration's defaults (server/config.ts), for callers without a configuration (tests). */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { claimIdleMs: 60_000, maxDeliveries: 5 };

export interface ConsumeOptions<M> {
  consumer: string;
  policy: DeliveryPolicy;
  /** Entries read per pass. */
  batch: number;
  /** Writes one message; must be idempotent (an entry can arrive more than once). */
  handle: (message: M) => Promise<void>;
  /** Whether the sink can write now; false or a throw means "the consumer cannot write". */
  sinkReady: () => Promise<boolean>;
}

export interface ConsumeResult {
  /** Entries handled and acknowledged. */
  handled: number;
  /** Entries moved to the dead letters in this pass. */
  deadLettered: number;
  /** Entries that failed and stay pending for another attempt. */
  retrying: number;
  /** Set when the pass stopped because the sink could not write: the error the handler threw. */
  sinkDown: Error | null;
}

/**
 * What a dead letter says went wrong: the innermost cause, since a query builder's own message is
 * its SQL ("Failed query: insert into …") and the database's reason is in `cause`.
 */
function errorText(err: unknown): string {
  let e = err;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause instanceof Error; depth++) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

const ready = async (sinkReady: () => Promise<boolean>) => {
  try {
    return await sinkReady();
  } catch {
    return false;
  }
};

/** How many times each of `ids` has been delivered (XPENDING), 0 for one no longer pending. */
async function deliveriesOf(redis: RedisClient, stream: DurableStream<unknown>, ids: string[]): Promise<Map<string, number>> {
  const pipe = redis.pipeline();
  for (const id of ids) pipe.xpending(stream.name, stream.group, id, id, 1);
  const replies = (await pipe.exec()) ?? [];
  const out = new Map<string, number>();
  replies.forEach(([err, reply], i) => {
    const row = !err && Array.isArray(reply) ? (reply[0] as [string, string, number, number] | undefined) : undefined;
    out.set(ids[i]!, row ? Number(row[3]) : 0);
  });
  return out;
}

/** Takes back this pass's delivery of `ids` (still pending under `consumer`): it was no attempt. */
async function giveBack(redis: RedisClient, stream: DurableStream<unknown>, consumer: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const counts = await deliveriesOf(redis, stream, ids);
  const pipe = redis.pipeline();
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    // JUSTID: claiming it to itself does not count as a delivery; RETRYCOUNT sets the count.
    if (n > 0) pipe.xclaim(stream.name, stream.group, consumer, 0, id, 'RETRYCOUNT', n - 1, 'JUSTID');
  }
  await pipe.exec();
}

/** One pass over a durable stream under the rules above. Throws only when Redis fails. */
export async function consumeStream<M>(redis: RedisClient, stream: DurableStream<M>, o: ConsumeOptions<M>): Promise<ConsumeResult> {
  const result: ConsumeResult = { handled: 0, deadLettered: 0, retrying: 0, sinkDown: null };
  // Reading while the sink is down would spend deliveries on attempts that cannot succeed.
  if (!(await ready(o.sinkReady))) {
    result.sinkDown = new Error('the sink cannot write: nothing read');
    return result;
  }
  const entries: StreamEntry<M>[] = await stream.read(redis, o.consumer, o.batch, o.policy.claimIdleMs);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.malformed !== undefined) {
      const [n] = (await deliveriesOf(redis, stream, [entry.id])).values();
      const why = { reason: 'malformed' as const, error: entry.malformed, deliveries: n ?? 0, consumer: o.consumer };
      if (await deadLetter(redis, stream, entry, why)) result.deadLettered++;
      continue;
    }
    try {
      await o.handle(entry.message);
    } catch (err) {
      if (!(await ready(o.sinkReady))) {
        await giveBack(
          redis,
          stream,
          o.consumer,
          entries.slice(i).map((e) => e.id),
        );
        result.sinkDown = err instanceof Error ? err : new Error(errorText(err));
        return result;
      }
      const n = (await deliveriesOf(redis, stream, [entry.id])).get(entry.id) ?? 0;
      if (n >= o.policy.maxDeliveries) {
        const why = { reason: 'failed' as const, error: errorText(err), deliveries: n, consumer: o.consumer };
        if (await deadLetter(redis, stream, entry, why)) result.deadLettered++;
      } else {
        result.retrying++;
      }
      continue;
    }
    await stream.ack(redis, entry.id);
    result.handled++;
  }
  return result;
}
