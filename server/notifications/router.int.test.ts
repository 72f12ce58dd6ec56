import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

/** tRPC `notifications.*`: each signed-in user sees and changes only their own alerts. */
describe('notifications router', () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: PublicUser;
  let viewer: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const a = await createUser(h.db, { email: 'admin@n.test', displayName: 'Admin', role: 'admin', password: 'admin password 1' });
    const v = await createUser(h.db, { email: 'viewer@n.test', displayName: 'Viewer', role: 'stakeholder', password: 'viewer password 1' });
    if (!a.ok || !v.ok) throw new Error('users not created');
    admin = a.user;
    viewer = v.user;
  });
  afterAll(() => h.dispose());

  it("send (admin) reaches the sender's bell; list, unreadCount, markRead and markAllRead act on the caller's own alerts", async () => {
    const asAdmin = callerFor(h.db, admin).caller;
    const asViewer = callerFor(h.db, viewer).caller;
    const sent = [];
    for (const [i, urgency] of (['LOW', 'CRITICAL'] as const).entries()) {
      const r = await asAdmin.notifications.send({ channels: ['UI_ALERT'], message_text: `note ${i}`, urgency_level: urgency });
      expect(r).toMatchObject({ status: 'ok', channel_status: [{ channel: 'UI_ALERT', delivery_status: 'SUCCESS' }] });
      sent.push((r as { notification_id: string }).notification_id);
    }
    expect(await asAdmin.notifications.unreadCount()).toEqual({ unread: 2 });
    expect(await asViewer.notifications.unreadCount()).toEqual({ unread: 0 });
    expect(await asViewer.notifications.list({ limit: 10 })).toEqual([]);
    const list = await asAdmin.notifications.list({ limit: 10 });
    expect(list.map((n) => [n.message, n.urgency, n.readAt])).toEqual([
      ['note 1', 'CRITICAL', null],
      ['note 0', 'LOW', null],
    ]);
    expect(await asViewer.notifications.markRead({ ids: sent })).toEqual({ marked: 0 });
    expect(await asAdmin.notifications.markRead({ ids: [sent[0]!] })).toEqual({ marked: 1 });
    expect(await asAdmin.notifications.list({ limit: 10, unread_only: true })).toHaveLength(1);
    expect(await asAdmin.notifications.markAllRead()).toEqual({ marked: 1 });
    expect(await asAdmin.notifications.unreadCount()).toEqual({ unread: 0 });
    const status = await asAdmin.notifications.status({ notification_id: sent[1]! });
    expect(status).toMatchObject({ status: 'ok', urgency_level: 'CRITICAL', channel_status: [{ channel: 'UI_ALERT', attempts: 1 }] });
  });

  it('refuses a bad page size and ids that are not uuids', async () => {
    const asAdmin = callerFor(h.db, admin).caller;
    await expect(asAdmin.notifications.list({ limit: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(asAdmin.notifications.markRead({ ids: ['nope'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
