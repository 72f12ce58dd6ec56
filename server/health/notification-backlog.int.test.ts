import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../db/schema/notifications.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { readNotificationBacklog } from './notification-backlog.ts';

/** The notification deliveries' backlog and failures per channel, read from the real tables. */
describe(`notification backlog (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  const now = new Date('2026-11-28T12:00:00Z');
  const hoursAgo = (n: number) => new Date(now.getTime() - n * 3_600_000);
  async function delivery(channel: string, status: string, at: Date, lastError: string | null = null) {
    const [n] = await h.db
      .insert(notifications)
      .values({ senderKind: 'system', senderId: 'test', senderLabel: 'test', urgency: 'LOW', message: 'hello', createdAt: at })
      .returning();
    await h.db.insert(notificationDeliveries).values({ notificationId: n!.id, channel, status, lastError, createdAt: at, updatedAt: at });
  }

  it('is empty before anything was sent', async () => {
    expect(await readNotificationBacklog(h.db, now)).toEqual({ windowH: 24, channels: [] });
  });

  it('counts pending deliveries however old, and failures and deliveries of the last day, per channel', async () => {
    await delivery('EMAIL', 'PENDING', hoursAgo(30));
    await delivery('EMAIL', 'PENDING', hoursAgo(1));
    await delivery('EMAIL', 'FAILED', hoursAgo(2), 'SMTP 550 mailbox unavailable');
    await delivery('EMAIL', 'FAILED', hoursAgo(5), 'connection refused');
    await delivery('EMAIL', 'FAILED', hoursAgo(40), 'outside the window');
    await delivery('EMAIL', 'SUCCESS', hoursAgo(3));
    await delivery('UI_ALERT', 'SUCCESS', hoursAgo(1));
    expect(await readNotificationBacklog(h.db, now)).toEqual({
      windowH: 24,
      channels: [
        {
          channel: 'EMAIL',
          pending: 2,
          oldestPendingSince: hoursAgo(30).toISOString(),
          failed: 2,
          delivered: 1,
          lastError: 'SMTP 550 mailbox unavailable',
          lastErrorAt: hoursAgo(2).toISOString(),
        },
        { channel: 'UI_ALERT', pending: 0, oldestPendingSince: null, failed: 0, delivered: 1, lastError: null, lastErrorAt: null },
      ],
    });
  });
});
