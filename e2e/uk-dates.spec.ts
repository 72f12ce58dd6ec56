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

test('a designer types a run’s date-time day first on London’s clock: 09:00 on a summer day starts at 08:00Z', async ({ page }) => {
  const doc = {
    workflow_schema_version: '2.2.0',
    workflow_id: '00000000-0000-4000-8000-00000000da7e',
    workflow_name: 'window',
    version: '1.0.0',
    workflow_input_schema: {
      type: 'object',
      properties: { starts_at: { type: 'string', format: 'date-time', title: 'Starts at' } },
      required: ['starts_at'],
    },
    skill_imports: [],
    asl: { StartAt: 'Echo', States: { Echo: { Type: 'Pass', End: true } } },
  };
  await signIn(page, DEMO.designer, '/workflows');
  await page
    .getByLabel('Workflow file to open')
    .setInputFiles({ name: 'window.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await page.getByRole('button', { name: 'Run…' }).click();
  const form = page.getByRole('form', { name: 'Run input' });
  await form.getByLabel('Starts at').pressSequentially('1/7/2024', { delay: 20 });
  await expect(form.getByRole('status')).toHaveText('Add the time (hh:mm)');
  const time = form.getByLabel('Time, London');
  await time.pressSequentially('9pm', { delay: 20 });
  await expect(form.getByRole('status')).toHaveText('Not a time: write it hh:mm, 24-hour');
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await time.press('ControlOrMeta+A');
  await time.pressSequentially('9.00', { delay: 20 });
  await expect(form.getByRole('status')).toHaveCount(0);
  await expect(form.getByText('London time (GMT/BST)')).toBeVisible();
  await page.screenshot({ path: shot('uk-date-time-run-form') });
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('run-header')).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Input & output' }).click();
  await expect(page.getByRole('region', { name: 'Run output' })).toContainText('"starts_at": "2024-07-01T08:00:00Z"');
});
