import type { RedisTarget } from '../config-redis.ts';
import { Queue, Worker } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { delegationHub } from '../delegation/connect.ts';
import { syncSessionFromHistory } from '../delegation/letta-sync.ts';
import { QUEUE_PREFIX, queueConnection } from '../execution/dispatcher.ts';
import type { ToolServices } from '../contracts/tool-services.ts';

export const LETTA_SYNC_QUEUE = 'letta-session-sync';
/** How often the Conductors' Letta histories are read for messages the console has not seen. */
export const LETTA_SYNC_EVERY_MS = 15_000;

/**
 * On Letta, agents message each other inside Letta, so a Companion's task_result reaches the
 * console only when the Conductor's history is read (server/delegation/letta-sync.ts). This job
 * reads it for every active Letta session every LETTA_SYNC_EVERY_MS, one run at a time
 * cluster-wide (a BullMQ job scheduler), so the Companions page and the Strategist follow the
 * work without anyone opening the session. Returns a stop function.
 */
export function startLettaSessionSync(
  platform: AgentPlatform,
  db: Db,
  services: ToolServices,
  redis: RedisTarget,
  log: Logger,
): () => Promise<void> {
  const qconn = queueConnection(redis);
  const wconn = queueConnection(redis);
  const queue = new Queue(LETTA_SYNC_QUEUE, { connection: qconn, prefix: QUEUE_PREFIX });
  void queue.upsertJobScheduler(
    'sync',
    { every: LETTA_SYNC_EVERY_MS },
    { name: 'sync', opts: { removeOnComplete: true, removeOnFail: 100 } },
  );
  const hub = delegationHub(platform, db, services, log);
  const worker = new Worker(
    LETTA_SYNC_QUEUE,
    async () => {
      const active = await db
        .select()
        .from(delegationSessions)
        .where(and(eq(delegationSessions.status, 'active'), eq(delegationSessions.platform, 'letta')));
      for (const session of active) {
        try {
          await syncSessionFromHistory(hub, session);
        } catch (err) {
          log.warn({ err, session: session.id }, 'could not read a Conductor’s Letta history; trying again at the next sync');
        }
      }
      return { sessions: active.length };
    },
    { connection: wconn, prefix: QUEUE_PREFIX, concurrency: 1 },
  );
  worker.on('error', () => {});
  return async () => {
    await worker.close();
    await queue.close();
    qconn.disconnect();
    wconn.disconnect();
  };
}
