import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../contracts/audit-actor.ts';
import { notifications } from '../db/schema/index.ts';
import { users } from '../db/schema/users.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { invokeTool } from '../tools/invoke.ts';
import { sendNotificationTool } from '../tools/notifications/send-notification.ts';
import { createTestDatabase, isolatedRedisUrl } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';

/**
 * Issue 29: `send_notification` is limited per caller per minute (DCF_NOTIFY_MAX_PER_MINUTE), on
 * Redis, so two console processes share one count. The probe sent 100 alerts to every admin in 3 s.
 */
describe('send_notification rate limit per caller', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  const clients: Redis[] = [];
  let url: string;
  let sender: Actor;
  let other: Actor;

  /** The tool's services as one console process sees them: its own Redis connection. */
  const process = () => {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    clients.push(redis);
    return {
      config: testConfig({ DCF_NOTIFY_MAX_PER_MINUTE: '3' }),
      db: async () => handle.db,
      execution: async () => ({ redis }) as unknown as ExecutionServices,
    };
  };
  const send = (services: ReturnType<typeof process>, actor: Actor, text: string) =>
    invokeTool(sendNotificationTool, { channels: ['UI_ALERT'], message_text: text }, { actor, services });

  beforeAll(async () => {
    handle = await createTestDatabase();
    url = await isolatedRedisUrl();
    const ids: string[] = [];
    for (const email of ['sender@rate.test', 'other@rate.test']) {
      const [row] = await handle.db
        .insert(users)
        .values({
          email,
          displayName: email,
          role: 'workflow_designer',
          passwordHash: 'scrypt$x',
        })
        .returning({ id: users.id });
      ids.push(row!.id);
    }
    sender = { kind: 'user', id: ids[0]!, label: 'sender', role: 'workflow_designer' };
    other = { kind: 'user', id: ids[1]!, label: 'other', role: 'workflow_designer' };
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await handle.dispose();
  });

  it('sends 3 a minute, then refuses with limit_exceeded and when to retry, across processes; others unaffected', async () => {
    const first = process();
    const second = process();
    for (let i = 0; i < 3; i++) {
      expect(await send(i % 2 ? second : first, sender, `alert ${i}`)).toMatchObject({ status: 'ok' });
    }
    for (const services of [first, second]) {
      const refused = await send(services, sender, 'one too many');
      expect(refused).toMatchObject({
        status: 'error',
        error_code: 'limit_exceeded',
        error: expect.stringMatching(
          /^too many notifications: at most 3 a minute per caller \(DCF_NOTIFY_MAX_PER_MINUTE\); try again in \d+ s$/,
        ),
        details: { limit: 'DCF_NOTIFY_MAX_PER_MINUTE', max_per_minute: 3, retry_after_seconds: expect.any(Number) },
      });
      const retry = (refused as { details: { retry_after_seconds: number } }).details.retry_after_seconds;
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
    expect(await send(first, other, 'mine')).toMatchObject({ status: 'ok' });
    const stored = await handle.db.select().from(notifications).where(eq(notifications.senderId, sender.id));
    expect(stored.map((n) => n.message).sort()).toEqual(['alert 0', 'alert 1', 'alert 2']);
  });
});
