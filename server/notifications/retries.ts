import type { RedisTarget } from '../config-redis.ts';
import { Queue, Worker, type Job } from 'bullmq';
import type { RedisClient } from '../redis/connection.ts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { QUEUE_PREFIX, queueConnection } from '../execution/dispatcher.ts';
import { attemptDelivery, type ExternalChannel } from './channels.ts';
import { NotificationStore } from './store.ts';

/** The BullMQ queue of deliveries to try again (not `notifications`: the dispatcher's queue has that name). */
export const DELIVERY_QUEUE = 'notification-deliveries';
const BACKOFF_TYPE = 'notify-exponential';

export interface RetryJob {
  deliveryId: string;
}

/** A transient failure: BullMQ tries the job again after the back-off (at least `retryAfterMs`). */
class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/**
 * The delay before the delivery's attempt number `attempt` (2 = the first retry):
 * `backoffMs · 2^(attempt − 2)`, or what the service asked for (Telegram's `retry_after`) when longer.
 */
export function retryDelayMs(attempt: number, backoffMs: number, retryAfterMs?: number): number {
  return Math.max(backoffMs * 2 ** Math.max(0, attempt - 2), retryAfterMs ?? 0);
}

/**
 * Queues the retries of a delivery whose first (inline) attempt failed transiently: one job
 * (id = the delivery id, so queuing twice is a no-op) with the remaining attempts, first run
 * after the back-off. Durable: the job is in Redis, so a restart loses no retry.
 */
export async function scheduleRetries(
  redis: RedisClient,
  deliveryId: string,
  cfg: AppConfig['notifications'],
  retryAfterMs?: number,
): Promise<void> {
  const queue = new Queue<RetryJob>(DELIVERY_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
  try {
    await queue.add(
      'deliver',
      { deliveryId },
      {
        jobId: deliveryId,
        attempts: cfg.maxAttempts - 1,
        delay: retryDelayMs(2, cfg.backoffMs, retryAfterMs),
        backoff: { type: BACKOFF_TYPE },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    );
  } finally {
    await queue.close();
  }
}

/**
 * The worker that retries deliveries, run by the process that owns the database (the console).
 * Each job is one attempt: SUCCESS or a permanent failure ends it; a transient failure records
 * PENDING and is retried with exponential back-off until the attempts are used up, then FAILED.
 * Returns a stop function.
 */
export function startDeliveryRetries(opts: { db: Db; redis: RedisTarget; config: AppConfig; log: Logger }): () => Promise<void> {
  const store = new NotificationStore(opts.db);
  const cfg = opts.config.notifications;
  const connection = queueConnection(opts.redis);
  const worker = new Worker<RetryJob>(
    DELIVERY_QUEUE,
    async (job: Job<RetryJob>) => {
      const delivery = await store.delivery(job.data.deliveryId);
      if (!delivery || delivery.status !== 'PENDING') return 'settled';
      const n = await store.notification(delivery.notificationId);
      if (!n) return 'gone';
      const outcome = await attemptDelivery(delivery.channel as ExternalChannel, n, delivery.target, cfg);
      if (outcome.kind === 'sent') {
        await store.recordAttempt(delivery.id, 'SUCCESS', { messageId: outcome.messageId });
        return 'sent';
      }
      const attempt = delivery.attempts + 1;
      if (outcome.kind === 'permanent') {
        await store.recordAttempt(delivery.id, 'FAILED', { error: outcome.error });
        return 'failed';
      }
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await store.recordAttempt(delivery.id, 'FAILED', { error: `${outcome.error} (gave up after ${attempt} attempts)` });
        return 'failed';
      }
      await store.recordAttempt(delivery.id, 'PENDING', { error: `${outcome.error} (attempt ${attempt}; retrying)` });
      throw new RetryLater(outcome.error, outcome.retryAfterMs);
    },
    {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency: 4,
      settings: {
        // attemptsMade counts this queue's attempts; the delivery's first attempt was the inline one.
        backoffStrategy: (attemptsMade, _type, err) =>
          retryDelayMs(attemptsMade + 2, cfg.backoffMs, err instanceof RetryLater ? err.retryAfterMs : undefined),
      },
    },
  );
  worker.on('error', (err) => opts.log.warn({ error: err.message }, 'notification retries: worker error'));
  worker.on('failed', (job, err) => {
    // A job that threw for another reason (database down) and used up its attempts: give up visibly.
    if (!job || err instanceof RetryLater || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    void store.setStatus(job.data.deliveryId, 'FAILED', `delivery retries stopped: ${err.message}`).catch(() => {});
  });
  return async () => {
    await worker.close();
    connection.disconnect();
  };
}
