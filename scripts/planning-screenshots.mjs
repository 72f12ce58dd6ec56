// Screenshots of the tool-call planning views (issue 17) as admin, compliance manager and
// stakeholder, for reviewing the UI by eye. Usage, against a running console with demo users
// (e.g. `E2E_PORT=3414 bash scripts/e2e-server.sh`):
//   node scripts/planning-screenshots.mjs http://127.0.0.1:3414 /tmp/shots
// It drives a Planner conversation and a Conductor conversation first, so the views have plans.
import { consoleBrowser, say } from './lib/console-browser.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3414';
const out = process.argv[3] ?? '/tmp/h17/shots';
const { browser, as, snap } = await consoleBrowser(base, out, { fullPage: true });

/** The dashboard's planning sections, each as its own picture (the whole page is very long). */
async function dashboardShots(page, role) {
  await page.goto('/dashboard');
  for (const id of ['cost', 'policies']) {
    const section = page.getByTestId(`section-${id}`);
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await page
      .waitForFunction((sel) => document.querySelector(sel)?.getAttribute('aria-busy') === 'false', `[data-testid="section-${id}"]`, {
        timeout: 30_000,
      })
      .catch(() => {});
    await page.waitForTimeout(800);
    await section.screenshot({ path: `${out}/${role}-dashboard-${id}.png` });
    console.log(`${out}/${role}-dashboard-${id}.png`);
  }
}

// Compliance manager: a Planner conversation that calls tools, then its plans.
const c = await as('compliance');
await c.goto('/chat');
await c.getByTestId('chat-new').click();
await c.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-planner').click();
await c.waitForURL(/\/chat\?c=/);
await say(c, 'can u QA priya shah calls for last week pls');
await say(c, 'sure, go ahead');
await c.getByTestId('conversation-plans').locator('summary').first().click();
await c.getByTestId('plan-item').first().waitFor({ timeout: 30_000 });
await snap(c, 'compliance-chat-plans');
const runHref = await c
  .locator('[data-testid="chat-run-card"] a[href^="/runs/"]')
  .first()
  .getAttribute('href')
  .catch(() => null);

// A Conductor conversation, so a companion task has a plan and a handed budget.
try {
  const plannerUrl = c.url();
  await c.getByTestId('chat-new').click();
  await c.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-conductor').click();
  // The message must go to the new conversation, not the Planner's still on screen.
  await c.waitForURL((u) => u.toString() !== plannerUrl && /\/chat\?c=/.test(u.toString()));
  await c.getByTestId('chat-input').waitFor();
  await c
    .getByTestId('chat-input')
    .fill(
      'Review the calls of Alex Wong and Priya Shah from last week ' + 'and tell me which of them needs coaching on vulnerable customers',
    );
  await c.getByTestId('chat-send').click();
  await c.getByText('Here is what the Companions found').waitFor({ timeout: 240_000 });
  await c.goto('/companions');
  await c.getByTestId('session-row').first().click();
  await c.getByTestId('task-row').first().locator('button').first().click();
  await c.getByTestId('task-plans').first().getByTestId('plan-item').first().waitFor({ timeout: 30_000 });
  await snap(c, 'compliance-companions-task-plan');
} catch (err) {
  console.log(`companion task plan: not shot (${err.message.split('\n')[0]})`);
  await snap(c, 'compliance-companions-task-plan-failed');
}
await dashboardShots(c, 'compliance');
await c.goto('/findings');
await snap(c, 'compliance-findings-notice');

// Admin: the Findings list, a plan opened from it, the run's plans, the dashboard sections.
const a = await as('admin');
await a.goto('/findings');
await a.getByTestId('findings-page').waitFor();
await a.waitForTimeout(1500);
await snap(a, 'admin-findings');
const open = a.getByTestId('finding-open-plan').first();
if (await open.count()) {
  await open.click();
  await a.getByTestId('findings-plan').getByTestId('plan-panel').waitFor({ timeout: 30_000 });
  await snap(a, 'admin-findings-plan');
}
if (runHref) {
  await a.goto(runHref);
  await a.getByRole('tab', { name: 'Plans' }).click();
  await a.getByTestId('run-plans').waitFor();
  await a.waitForTimeout(1500);
  await snap(a, 'admin-run-plans');
}
await dashboardShots(a, 'admin');

// Stakeholder: the dashboard's new sections (every role), no Findings.
const s = await as('stakeholder');
await dashboardShots(s, 'stakeholder');
await s.goto('/findings');
await snap(s, 'stakeholder-findings-notice');

await browser.close();
