import type { RedisTarget } from '../config-redis.ts';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { AuditAnchor } from '../audit/anchor-record.ts';
import { anchorAuditHead, processAnchorStore, type AnchorStore } from '../audit/anchor-store.ts';
import { logger } from '../log.ts';
import type { Db } from '../db/client.ts';
import { QUEUE_PREFIX, queueConnection } from '../execution/dispatcher.ts';
import { config, database } from './services.ts';

export const ANCHOR_QUEUE = 'audit-anchor';

export type AnchoringOptions = {
  db: Db;
  store: AnchorStore;
  /** The period (DCF_AUDIT_ANCHOR_INTERVAL_S, in milliseconds here). */
  everyMs: number;
  /** With Redis, a BullMQ job scheduler fires once per period cluster-wide; without, a timer in this process. */
  redis: RedisTarget | undefined;
  log: Logger;
  /** The queue's name (tests: one each). */
  queue?: string;
  /** Told after each period: the anchor written, or null (the head unchanged, nothing chained, or a failure). */
  onPeriod?: (anchor: AuditAnchor | null) => void;
};

/**
 * Anchors the audit chain's head every period (anchor-store.ts; skipped while the head is
 * unchanged), run by the process that owns the database (the console server). With Redis the
 * period is a BullMQ job scheduler, so console processes sharing a database anchor once per
 * period between them; without Redis, a timer. A failed anchor is logged and tried next period.
 * Returns a stop function.
 */
export function startAuditAnchoring(o: AnchoringOptions): () => Promise<void> {
  const anchor = async () => {
    let a: AuditAnchor | null = null;
    try {
      a = await anchorAuditHead(o.db, 'periodic', o.store);
      if (a) o.log.debug({ entry: a.entryId }, 'audit chain head anchored');
    } catch (err) {
      o.log.error({ error: (err as Error).message }, 'audit chain head not anchored; tried again next period');
    }
    o.onPeriod?.(a);
    return a;
  };
  if (!o.redis) {
    const timer = setInterval(() => void anchor(), o.everyMs);
    timer.unref();
    return async () => clearInterval(timer);
  }
  const name = o.queue ?? ANCHOR_QUEUE;
  const qconn = queueConnection(o.redis);
  const wconn = queueConnection(o.redis);
  const queue = new Queue(name, { connection: qconn, prefix: QUEUE_PREFIX });
  void queue
    .upsertJobScheduler(
      'anchor',
      { every: o.everyMs },
      {
        name: 'anchor',
        opts: { removeOnComplete: true, removeOnFail: 100 },
      },
    )
    .catch((err: Error) => o.log.error({ error: err.message }, 'periodic audit anchoring not scheduled'));
  const worker = new Worker(name, anchor, { connection: wconn, prefix: QUEUE_PREFIX, concurrency: 1 });
  worker.on('error', () => {});
  return async () => {
    await worker.close();
    await queue.close();
    qconn.disconnect();
    wconn.disconnect();
  };
}

/** The console server's periodic anchoring, from the process configuration (instrumentation.ts). */
export async function startProcessAuditAnchoring(): Promise<() => Promise<void>> {
  const cfg = config();
  const { db } = await database();
  const log = logger().child({ component: 'audit-anchoring' });
  const everyMs = cfg.audit.anchorIntervalS * 1000;
  return startAuditAnchoring({ db, store: processAnchorStore(), everyMs, redis: cfg.redis, log });
}
