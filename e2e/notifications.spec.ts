import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

type Sent = {
  status: string;
  notification_id: string;
  channel_status: Array<{ channel: string; delivery_status: string; message_id_or_error: string }>;
};

/**
 * Notifications (issue 18, send_notification UI_ALERT): an admin has the console open; the same
 * admin sends a notification from elsewhere (another browser session, through the tRPC path that
 * serves the send_notification tool). It appears live — a toast with its urgency and the bell's
 * unread count — without a reload, and is listed in the bell, where it is marked read.
 */
test('a notification appears live as a toast and in the bell', async ({ page, browser }) => {
  await signIn(page, DEMO.admin, '/skills');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live-status', 'live');
  const before = Number(
    (await page
      .getByTestId('notification-unread-count')
      .textContent({ timeout: 1000 })
      .catch(() => '0')) ?? '0',
  );

  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await elsewhere.newPage();
  await signIn(other, DEMO.admin, '/skills');
  const message = `Weekly QA review finished ${Date.now()}`;
  const sent = await trpc<Sent>(
    other.request,
    'notifications.send',
    {
      channels: ['UI_ALERT', 'EMAIL'],
      message_text: message,
      subject_text: 'QA review',
      urgency_level: 'HIGH',
    },
    'mutation',
  );
  expect(sent.status).toBe('ok');
  expect(sent.channel_status).toEqual([
    { channel: 'UI_ALERT', delivery_status: 'SUCCESS', message_id_or_error: sent.notification_id },
    { channel: 'EMAIL', delivery_status: 'FAILED', message_id_or_error: 'EMAIL is not configured: set SMTP_URL and DCF_NOTIFY_EMAIL_FROM' },
  ]);
  await elsewhere.close();

  // Live, without a reload: the toast (with its urgency) and the bell's count.
  const toast = page.getByTestId('notification-toast').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-urgency', 'HIGH');
  await expect(toast).toContainText('High');
  await expect(toast).toContainText('QA review');
  // Who sent it, by name (server/notifications/sender-label.ts), not the address the admin signs in with.
  await expect(toast).toContainText(DEMO.admin.name);
  await expect(toast).not.toContainText(DEMO.admin.email);
  await expect(page.getByTestId('notification-unread-count')).toHaveText(String(before + 1));
  await page.screenshot({ path: shot('notifications-toast') });

  // In the bell's list, unread; marking it read lowers the count.
  await bell.click();
  const item = page.getByTestId('notification-item').filter({ hasText: message });
  await expect(item).toHaveAttribute('data-read', 'false');
  await page.screenshot({ path: shot('notifications-bell') });
  await item.getByRole('button', { name: 'Mark read' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  const after = page.getByTestId('notification-unread-count');
  if (before === 0) await expect(after).toHaveCount(0);
  else await expect(after).toHaveText(String(before));
});
