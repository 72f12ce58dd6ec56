import { expect, test } from '@playwright/test';
import { assistant, newPlannerConversation, say } from './chat-helpers';
import { DEMO, shot, signIn } from './helpers';

/**
 * Tool-call planning in the console (issue 17), on the default console (report mode, the demo
 * clock): a compliance manager's Planner conversation that calls tools shows, per turn, the plan
 * the Planner declared beside the calls it made; an admin finds what the sentinel recorded in
 * /findings and opens the plan behind a finding, after a Conductor conversation whose turns the
 * sentinel finds off plan.
 */
test.describe.configure({ mode: 'serial' });

test('a compliance manager sees the plan of a Planner turn beside the calls it made', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);
  await expect(await say(page, 'can u QA priya shah calls for last week pls')).toContainText('To confirm');
  await expect(await say(page, 'sure, go ahead')).toContainText(/QA score: \d+\/100/);

  const plans = page.getByTestId('conversation-plans');
  await plans.getByText(/^Plans:/).click();
  const items = plans.getByTestId('plan-item');
  await expect(items.first()).toBeVisible();
  // The newest plan is open: its goal, its budget, and its declared steps with the calls beside them.
  const panel = items.first().getByTestId('plan-panel');
  await expect(panel.getByTestId('plan-goal')).not.toBeEmpty();
  await expect(panel.getByTestId('plan-gauge')).toHaveCount(3);
  const timeline = panel.getByTestId('plan-timeline');
  await expect(timeline.getByRole('columnheader', { name: 'Declared in the plan' })).toBeVisible();
  await expect(timeline.getByTestId('plan-intent').first()).toBeVisible();
  const carried = timeline.locator('[data-testid="plan-intent"][data-state="done"]');
  await expect(carried.first()).toBeVisible();
  await expect(carried.first().getByTestId('plan-call').first()).toHaveAttribute('data-status', 'ok');
  // A call's time is written in London time, en-GB ("8 Jul 2024, 10:00:03" style).
  const firstCall = carried.first().getByTestId('plan-call').first();
  await expect(firstCall).toContainText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2}/);
  await page.screenshot({ path: shot('planning-conversation-plan'), fullPage: true });

  // A question the Planner answers from the stored results: it declares three steps and stops after
  // the first; the list, read again when the turn ends, puts the new plan first with the two steps
  // it skipped marked, each with the Planner's reason.
  await say(
    page,
    'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs ' + 'coaching on vulnerable customers',
  );
  const review = items.first();
  await expect(review.getByTestId('plan-goal')).toContainText('Review the calls of Alex Wong');
  const skipped = review.locator('[data-testid="plan-intent"][data-state="skipped"]');
  await expect(skipped.first()).toBeVisible();
  await expect(skipped.first()).toContainText('The agent’s reason:');
  await page.screenshot({ path: shot('planning-conversation-skipped'), fullPage: true });
});

/**
 * Delegated mode's review (e2e/delegated-mode.spec.ts). The e2e console is deployed with a Companion
 * task budget of 12 tool calls (DCF_COMPANION_TASK_BUDGET, playwright.config.ts) in report mode:
 * reviewing an advisor's calls takes more, so each Companion's plan records a BudgetExceeded finding.
 */
const REVIEW =
  'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching ' + 'on vulnerable customers';

test('an admin sees a finding in /findings and opens its plan', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/chat');
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-conductor').click();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await page.getByTestId('chat-input').fill(REVIEW);
  await page.getByTestId('chat-send').click();
  const merged = assistant(page).filter({ hasText: 'Here is what the Companions found' });
  await expect(merged).toBeVisible({ timeout: 240_000 });

  await page.context().clearCookies();
  await signIn(page, DEMO.admin, '/findings');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Findings' })).toBeVisible();
  const rows = page.getByTestId('finding-row');
  await expect(rows.first()).toBeVisible();
  const type = 'BudgetExceeded';

  // The agent filter names the agents and groups them by role (issue 34): the Companions under their role, none by a raw id.
  const agentFilter = page.getByTestId('findings-agent');
  await expect(agentFilter.locator('optgroup[label="Companions"] option').first()).toBeAttached();
  expect((await agentFilter.locator('option').allTextContents()).filter((label) => /^agent-/.test(label))).toEqual([]);

  // The filter lives in the address: filtering by type lists the Companions' budget findings.
  await page.getByTestId('findings-type').selectOption(type);
  await expect(page).toHaveURL(new RegExp(`type=${type}`));
  await expect(rows.first()).toHaveAttribute('data-finding-type', type);

  await rows.first().getByTestId('finding-open-plan').click();
  await expect(page).toHaveURL(/plan=[0-9a-f-]{36}/);
  const plan = page.getByTestId('findings-plan');
  await expect(plan.getByTestId('plan-panel')).toBeVisible();
  const finding = plan.locator(`[data-testid="plan-finding"][data-finding-type="${type}"]`);
  await expect(finding.first()).toBeVisible();
  // The gauge of the budget that ran over says so.
  await expect(plan.locator('[data-testid="plan-gauge"][data-dimension="maxToolCalls"]')).toHaveAttribute('data-over', 'true');
  await page.screenshot({ path: shot('planning-findings'), fullPage: true });

  // A stakeholder gets a notice instead of the list, and no Findings link.
  await page.context().clearCookies();
  await signIn(page, DEMO.stakeholder, '/findings');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Findings' })).toHaveCount(0);
  await expect(page.getByText('Findings is for admins')).toBeVisible();
});
