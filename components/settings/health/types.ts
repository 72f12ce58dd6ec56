import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Health = inferRouterOutputs<AppRouter>['health'];
/** A panel's answer: its figures, or why this set-up has none (server/trpc/routers/health.ts `Available`). */
type DataOf<T> = T extends { available: true; data: infer D } ? D : never;

export type WorkersHealth = DataOf<Health['workers']>;
export type WorkerHealth = WorkersHealth['workers'][number];
export type QueueHealth = DataOf<Health['queues']>[number];
export type SchedulerHealth = DataOf<Health['scheduler']>;
export type ScheduledJobHealth = SchedulerHealth['jobs'][number];
export type NotificationBacklog = Health['notifications'];
export type StreamLag = DataOf<Health['streams']>[number];
export type StorageHealth = Health['storage'];
export type RedisNodeMemory = DataOf<StorageHealth['redis']>[number];
export type ProcessHealth = Health['process'];
export type AdapterHealth = Health['adapters'][number];
export type DeadLetterAnswer = Health['deadLetters'];
