import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForData } from './axe';
import { DEMO, shot, signIn, type DemoUser } from './helpers';

/**
 * The Companions page and the Conductor chat's delegation cards, in Chromium, on the default
 * offline brains: a compliance manager's request is delegated to a Companion; its card in the
 * chat follows the task live to its result; the Companions page shows the session's task, pool,
 * shared memory and activity; an admin watching the same session sees the dismissal and the
 * finalization arrive live. The tests build on each other.
 */
test.describe.configure({ mode: 'serial' });

const REQUEST = 'Review the calls of Alex Wong from last week for vulnerable customers.';
let sessionUrl = '';

async function as(browser: Browser, user: DemoUser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user, path);
  return page;
}

const detail = (page: Page) => page.getByTestId('session-detail');
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test('a delegated task: its chat card follows it live to the result, and the Companions page shows it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.compliance, '/chat');
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-conductor').click();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await page.getByTestId('chat-input').fill(REQUEST);
  await page.getByTestId('chat-send').click();

  // The card appears with the delegation and moves on by itself (session events; no reload, no polling).
  const card = page.getByTestId('chat-delegation-card').first();
  await expect(card).toBeVisible({ timeout: 120_000 });
  await expect(card).toContainText('Alex Wong');
  await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  await expect(card).toContainText(/took \d+ seconds?|took under a second|took \d+ minutes?/);
  await expect(
    card
      .getByRole('list', { name: /Skills of task/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('chat-protocol-note').filter({ hasText: /succeeded/ })).toHaveCount(1);
  await page.screenshot({ path: shot('companions-chat-card') });
  // Accessibility (issue 34, e2e/accessibility.spec.ts): checked here, on the flow that makes a delegated task.
  await expect(page.getByTestId('chat-input')).toBeEnabled({ timeout: 120_000 });
  await expectNoAxeViolations(page, `/chat (a delegated task) as ${DEMO.compliance.role}`);

  await card.getByRole('link', { name: 'Follow it on the Companions page' }).click();
  await expect(page).toHaveURL(/\/companions\?session=/);
  sessionUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(detail(page)).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('companions-live')).toHaveAttribute('data-live-status', 'live');

  const task = page.getByTestId('task-row').first();
  await expect(task).toHaveAttribute('data-status', 'succeeded');
  await task.getByRole('button').first().click();
  await expect(task.getByTestId('task-step').first()).toHaveAttribute('data-kind', 'delegated');
  await expect(task.getByTestId('task-step').last()).toHaveAttribute('data-kind', 'succeeded');
  await page.screenshot({ path: shot('companions-tasks'), fullPage: true });
  await waitForData(page, task.getByTestId('task-step'));
  await expectNoAxeViolations(page, `/companions (a session's tasks) as ${DEMO.compliance.role}`);

  // Tabs by keyboard: arrow keys move between them.
  await tab(page, /^Tasks/).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, /^Companions/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('companion-row')).toHaveCount(1);
  await expect(page.getByTestId('companion-row').first()).toHaveAttribute('data-status', 'idle');

  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('shared-block')).toHaveCount(3);
  const log = page.locator('[data-testid="shared-block"][data-label="delegation_log"]');
  await expect(log.getByRole('region', { name: 'Delegation log lines' })).toContainText('delegated');
  await log.getByText(/^Revision history/).click();
  await log.getByRole('button', { name: 'Show what changed' }).first().click();
  await expect(log.getByRole('list', { name: /Lines changed in revision/ })).toBeVisible();

  await tab(page, /^Activity/).click();
  await expect(page.locator('[data-testid="activity-item"][data-kind="task_result"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="activity-item"][data-kind="session_created"]')).toHaveCount(1);
});

test('admins see every session and whose it is; designers have no Companions page', async ({ browser }) => {
  const admin = await as(browser, DEMO.admin, sessionUrl);
  await expect(detail(admin)).toBeVisible();
  await expect(detail(admin)).toContainText('Casey Compliance');
  await expect(admin.getByTestId('session-row').filter({ hasText: 'Casey Compliance' }).first()).toBeVisible();
  await admin.context().close();

  const designer = await as(browser, DEMO.designer, '/companions');
  await expect(designer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Companions/ })).toHaveCount(0);
  await expect(designer.getByTestId('role-notice')).toContainText('Companions is for Compliance manager and Admin');
  await designer.context().close();
});

test('dismissing the Companion and finalizing the session reach an admin watching the same session, live', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await as(browser, DEMO.compliance, sessionUrl);
  const admin = await as(browser, DEMO.admin, sessionUrl);
  await expect(admin.getByTestId('companions-live')).toHaveAttribute('data-live-status', 'live');
  await tab(admin, /^Companions/).click();
  await expect(admin.getByTestId('companion-row')).toHaveCount(1);

  await tab(owner, /^Companions/).click();
  const row = owner.getByTestId('companion-row').first();
  await row.getByRole('button', { name: /^Dismiss / }).click();
  await owner
    .getByRole('group', { name: /Confirm dismissing/ })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(owner.getByTestId('companion-row')).toHaveCount(0);
  await expect(owner.getByText(/dismissed/).first()).toBeVisible();
  await expect(admin.getByTestId('companion-row')).toHaveCount(0); // arrived live

  await owner.getByRole('button', { name: 'Finalize session…' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Finalize this session?' });
  await expect(dialog).toBeVisible();
  await owner.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await owner.getByRole('button', { name: 'Finalize session…' }).click();
  await dialog.getByRole('button', { name: 'Finalize session' }).click();
  await expect(detail(owner)).toHaveAttribute('data-status', 'finalized');
  await expect(detail(admin)).toHaveAttribute('data-status', 'finalized'); // arrived live
  await tab(owner, /^Shared memory/).click();
  await expect(owner.getByText('Deleted from the agent platform when the session was finalized').first()).toBeVisible();
  await owner.screenshot({ path: shot('companions-finalized'), fullPage: true });
  await owner.context().close();
  await admin.context().close();
});
