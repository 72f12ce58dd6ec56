import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';

/**
 * Dates are typed and shown day first whatever the browser's locale (components/ui/uk-date-input.tsx):
 * the browser's own date field showed this Chromium's mm/dd/yyyy — "07/08/2024" beside "8 Jul 2024" on
 * the dashboard, which a UK reader takes for 7 August. The filters and forms keep ISO days.
 */
test('a stakeholder types the dashboard period day first; what is no day is said and changes nothing', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, '/dashboard');
  const from = page.getByLabel('Calls on or after');
  const to = page.getByLabel('Calls on or before');
  await expect(to).toHaveValue('08/07/2024'); // the demo clock's today, day first
  // As a person does: select what is there, type over it.
  await from.press('ControlOrMeta+A');
  await from.pressSequentially('1/6/2024', { delay: 30 });
  await expect(page).toHaveURL(/[?&]from=2024-06-01(&|$)/);
  await expect(page.getByText(/^Calls 1 Jun 2024 – 8 Jul 2024/)).toBeVisible();
  // 7/8 is the 7th of August, not the 8th of July.
  await to.press('ControlOrMeta+A');
  await to.pressSequentially('7/8/2024', { delay: 30 });
  await expect(page).toHaveURL(/[?&]to=2024-08-07(&|$)/);

  await from.press('ControlOrMeta+A');
  await from.pressSequentially('31/06/2024', { delay: 30 });
  await expect(page.getByRole('status').filter({ hasText: 'Not a day: write it dd/mm/yyyy' })).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/[?&]from=2024-06-01(&|$)/);
  await page.screenshot({ path: shot('uk-date-invalid') });
  await from.press('Tab');
  await expect(from).toHaveValue('01/06/2024'); // leaving it puts back the day it holds, written dd/mm/yyyy
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');

  // Emptied, the period falls back to the 12 weeks up to its end, which arrives from the server while the
  // next day is typed: what is typed is kept.
  await from.press('ControlOrMeta+A');
  await from.press('Backspace');
  await from.pressSequentially('2/6/2024', { delay: 150 });
  await expect(page).toHaveURL(/[?&]from=2024-06-02(&|$)/);
  await expect(from).toHaveValue('2/6/2024');
});
