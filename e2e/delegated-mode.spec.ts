import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

/**
 * Issue 12's offline scenario in Chromium, with the default deterministic brains: a compliance
 * manager asks the Conductor for work that splits; the Conductor creates two Companions,
 * delegates to both at once and says so; their results arrive while the user is still on the
 * page and the Conductor answers from the merged results — no reload. An admin who opened the
 * Companions page before the request follows the same session live.
 *
 * The thread's re-read at the end of the user's turn is held until both results are in, as a slow
 * network or a busy server does: the Conductor answers the results while the page still counts the
 * turn as running, and its answer must appear all the same (it did not, now and then, under the full
 * suite's load).
 */
const REQUEST =
  'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers';
const assistant = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

test('the Conductor splits a review across two Companions and answers from their merged results, followed live on the Companions page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO.admin, '/companions');
  await expect(admin.getByTestId('companions-live')).toHaveAttribute('data-live-status', 'live');

  await signIn(page, DEMO.compliance, '/chat');
  const delegated = assistant(page).filter({ hasText: "I've split this into 2 tasks" });
  // Held once: the first re-read of the thread after the split is on screen (the end of the user's turn),
  // until the server has both results — read from the server, not the page, which waits on this very read.
  let held = false;
  await page.route(/\/api\/trpc\/[^?]*chat\.messages/, async (route) => {
    const response = await route.fetch();
    if (!held && (await delegated.isVisible())) {
      held = true;
      const conversation = /"conversation_id":"([0-9a-f-]{36})"/.exec(
        route.request().postData() ?? decodeURIComponent(route.request().url()),
      )![1]!;
      type Facts = { tasks: Array<{ status: string }> };
      const succeeded = async () =>
        (await trpc<Facts>(page.request, 'companions.sessionOfConversation', { conversation_id: conversation }, 'query')).tasks.filter(
          (t) => t.status === 'succeeded',
        ).length;
      await expect.poll(succeeded, { timeout: 120_000 }).toBe(2);
      await page.waitForTimeout(2000); // the Conductor's turn for the last result (no tool calls) ends meanwhile
    }
    await route.fulfill({ response });
  });
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-conductor').click();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await page.getByTestId('chat-input').fill(REQUEST);
  await page.getByTestId('chat-send').click();

  // At once: the split, one task per advisor, each with a new Companion.
  await expect(delegated).toBeVisible({ timeout: 120_000 });
  await expect(delegated).toContainText('Alex Wong');
  await expect(delegated).toContainText('Priya Shah');
  await expect(delegated).toContainText('You can keep talking to me meanwhile.');
  await expect(page.locator('[data-testid="chat-tool-card"][data-tool="create_companion"]')).toHaveCount(2);
  await expect(page.getByTestId('chat-delegation-card')).toHaveCount(2);

  // Later, without a reload: both cards reach their result and the merged answer is there.
  for (const card of await page.getByTestId('chat-delegation-card').all())
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  const merged = assistant(page).filter({ hasText: 'Here is what the Companions found' });
  await expect(merged).toBeVisible({ timeout: 60_000 });
  await expect(merged.getByRole('table')).toContainText('Alex Wong');
  await expect(merged.getByRole('table')).toContainText('Priya Shah');
  await expect(merged).toContainText(/needs? coaching on vulnerable customers|No one needs coaching on vulnerable customers/);
  await page.screenshot({ path: shot('delegated-mode-chat'), fullPage: true });
  expect(held, 'a re-read of the thread was held after the split (the race this spec covers)').toBe(true);

  // The admin's Companions page followed it: the session, its two Companions and both results arrived live.
  const row = admin.getByTestId('session-row').filter({ hasText: 'Review the calls of Alex Wong and Priya Shah' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(admin.getByTestId('task-row')).toHaveCount(2);
  for (const task of await admin.getByTestId('task-row').all()) await expect(task).toHaveAttribute('data-status', 'succeeded');
  await admin.getByRole('tab', { name: /^Companions/ }).click();
  await expect(admin.getByTestId('companion-row')).toHaveCount(2);
  for (const c of await admin.getByTestId('companion-row').all()) await expect(c).toHaveAttribute('data-status', 'idle');
  await admin.screenshot({ path: shot('delegated-mode-companions'), fullPage: true });

  // The user keeps talking: a follow-up reuses an idle Companion (no new one is made).
  await page.getByTestId('chat-input').fill('And Tom Ellis, same period?');
  await page.getByTestId('chat-send').click();
  await expect(assistant(page).filter({ hasText: "I've split this into 1 task" })).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-testid="chat-tool-card"][data-tool="create_companion"]')).toHaveCount(2);
  await expect(admin.getByTestId('companion-row')).toHaveCount(2);
  await admin.context().close();
});
