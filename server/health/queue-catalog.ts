import { QUEUE_NAME, QUEUE_PREFIX } from '../execution/dispatcher.ts';
import { MAINTENANCE_QUEUE } from '../execution/runtime.ts';
import { SCHEDULES_QUEUE } from '../schedules/background-jobs.ts';
import { DELIVERY_QUEUE } from '../notifications/retries.ts';

/** The BullMQ key prefix every queue of the console shares (one hash tag: Redis Cluster safe). */
export const HEALTH_QUEUE_PREFIX = QUEUE_PREFIX;

/**
 * Every BullMQ queue the console and `dcf worker` use, with what it carries and who works it.
 * The queues defined in the composition root (server/app/, which nothing below it may import) are
 * named here by their strings; queue-catalog.test.ts keeps each name equal to its definition.
 */
export const HEALTH_QUEUES = [
  { name: QUEUE_NAME, label: 'Run notifications', worksIt: 'the workers (see Workers)' },
  { name: MAINTENANCE_QUEUE, label: 'Lease sweeper', worksIt: 'the workers (see Workers)' },
  { name: SCHEDULES_QUEUE, label: 'Background job triggers', worksIt: 'the console and dcf worker where the database is shared' },
  { name: DELIVERY_QUEUE, label: 'Notification delivery retries', worksIt: 'the database owner' },
  { name: 'consolidation', label: 'Learning-loop consolidation', worksIt: 'the database owner (the console)' },
  { name: 'audit-anchor', label: 'Audit chain anchoring', worksIt: 'the database owner (the console)' },
  { name: 'letta-session-sync', label: 'Letta session sync', worksIt: 'the console, on Letta only' },
] as const;

export type HealthQueueName = (typeof HEALTH_QUEUES)[number]['name'];
