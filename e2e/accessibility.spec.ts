import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForData } from './axe';
import { say } from './chat-helpers';
import { DEMO, shot, signIn, type DemoUser } from './helpers';
import { SEEDED, analyseWithAllCalls, trpc } from './trpc';

/**
 * Issue 34, "Everyone": axe-core's WCAG 2.0–2.2 A and AA rules find no violation on any main page of the
 * console, each opened as the role that uses it and checked once its data has loaded (not its spinner).
 * Not serial: one page's violations do not hide the next page's. The call review page (/qa/<id>), the QA
 * queue and a run view need an analysed call: `analysed` runs one advisor's week once per worker. The chat with a
 * delegated task and the Companions page are checked in e2e/companions.spec.ts, on the flow that makes the task.
 */
const WEEK = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };
type Item = { qa_result_id: string; failed_mandatory: number };
let analysis: { runId: string; qaResultId: string } | undefined;

/**
 * This worker's analysed call: its run and its QA record (a call with a failed mandatory rule when there is one).
 * Started by a compliance manager in a browser context of its own, so the test's page may sign in as anyone.
 */
async function analysed(browser: Browser): Promise<{ runId: string; qaResultId: string }> {
  if (analysis) return analysis;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.compliance, '/qa');
  const runId = await analyseWithAllCalls(page.request, WEEK);
  const list = await trpc<{ items: Item[] }>(page.request, 'qa.list', { filter: { run_id: runId } }, 'query');
  // A failed mandatory rule shows the most states on the page (fail badges, the override buttons).
  const item = list.items.find((i) => i.failed_mandatory > 0) ?? list.items[0];
  expect(item, `the analysis of ${WEEK.advisor_name}'s week stored a call`).toBeDefined();
  analysis = { runId, qaResultId: item!.qa_result_id };
  await context.close();
  return analysis;
}

/** Opens `path` as `user`, waits for `ready` (and no view still loading) and checks the page with axe. */
async function check(page: Page, user: DemoUser, path: string, ready: (p: Page) => Locator): Promise<void> {
  await signIn(page, user, path);
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(path);
  await waitForData(page, ready(page));
  await expectNoAxeViolations(page, `${path} as ${user.role}`);
}

const h1 = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { level: 1, name });

test('the call review page (a call’s QA record) as a compliance manager', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { qaResultId } = await analysed(browser);
  await signIn(page, DEMO.compliance, `/qa/${qaResultId}`);
  await waitForData(page, page.getByTestId('verdict'));
  await page.screenshot({ path: shot('accessibility-call-review') });
  await expectNoAxeViolations(page, `/qa/${qaResultId} as ${DEMO.compliance.role}`);
});

test('the QA queue as a compliance manager', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await analysed(browser);
  await check(page, DEMO.compliance, '/qa', (p) => p.getByTestId('qa-row'));
});

test('the dashboard as a stakeholder', async ({ page }) => {
  await check(page, DEMO.stakeholder, '/dashboard', (p) => p.locator('[data-testid="dashboard-live"][data-live-status="live"]'));
});

test('the dashboard print view as a stakeholder', async ({ page }) => {
  await check(page, DEMO.stakeholder, '/dashboard/print?advisor=Alex+Wong', (p) =>
    p.locator('[data-testid="dashboard-print"][data-ready="true"]'),
  );
});

/** Starts a conversation of this kind on the Chat page (its agent exists from then on); resolves with its id. */
async function startConversation(page: Page, mode: 'planner' | 'conductor'): Promise<string> {
  await page.goto('/chat');
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId(`chat-new-${mode}`).click();
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}/);
  await waitForData(page, page.getByTestId('chat-input'));
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  return new URL(page.url()).searchParams.get('c')!;
}

for (const mode of ['planner', 'conductor'] as const) {
  test(`chat with the ${mode === 'planner' ? 'Planner' : 'Conductor'} as a compliance manager`, async ({ page }) => {
    await signIn(page, DEMO.compliance, '/chat');
    await startConversation(page, mode);
    // The Planner's first answer (a question back, no run) puts both kinds of message on the page.
    if (mode === 'planner') await say(page, 'Hi, I need to check the quality of advice calls made by Alex Wong last week.');
    await expectNoAxeViolations(page, `/chat (${mode}) as ${DEMO.compliance.role}`);
  });
}

test('the workflows list as a workflow designer', async ({ page }) => {
  await check(page, DEMO.designer, '/workflows', (p) => p.getByTestId('catalog-workflow'));
});

test('the workflow editor as a workflow designer', async ({ page }) => {
  const path = `/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`;
  await check(page, DEMO.designer, path, (p) => p.locator('[data-testid="state-node"]'));
});

test('two versions compared as a workflow designer', async ({ page }) => {
  const { standard, allCalls } = SEEDED;
  const path = `/workflows/compare?left=${standard.id}@${standard.version}&right=${allCalls.id}@${allCalls.version}`;
  await check(page, DEMO.designer, path, (p) => p.getByTestId('compare-summary'));
});

test('the runs list as a workflow designer', async ({ page }) => {
  await check(page, DEMO.designer, '/runs', (p) => p.getByTestId('run-row'));
});

test('a run view as a workflow designer', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { runId } = await analysed(browser);
  await check(page, DEMO.designer, `/runs/${runId}`, (p) => p.locator('[data-testid="run-header"][data-status="SUCCEEDED"]'));
});

test('the skills catalog as a workflow designer', async ({ page }) => {
  await check(page, DEMO.designer, '/skills', (p) => p.getByTestId('skill-card'));
});

test('the graph as a workflow designer', async ({ page }) => {
  await check(page, DEMO.designer, '/graph', (p) => p.getByTestId('lineage-node'));
});

test('the agents list and an agent’s page as an admin', async ({ page }) => {
  // The admin's own Conductor, so the list has a row and the agent's page has memory and tags to show.
  await signIn(page, DEMO.admin, '/chat');
  const conversation = await startConversation(page, 'conductor');
  await check(page, DEMO.admin, '/agents', (p) => p.getByTestId('agent-row'));
  await page.goto(`/agents?q=${encodeURIComponent(`conversation:${conversation}`)}`);
  await expect(page.getByTestId('agent-row')).toHaveCount(1);
  await page.getByTestId('agent-row').getByRole('link').click();
  await expect(page).toHaveURL(/\/agents\/[^/?]+$/);
  await waitForData(page, page.getByRole('tabpanel'));
  await expectNoAxeViolations(page, `${new URL(page.url()).pathname} as ${DEMO.admin.role}`);
});

test('companions as a compliance manager', async ({ page }) => {
  await check(page, DEMO.compliance, '/companions', h1('Companions'));
});

test('schedules as a compliance manager', async ({ page }) => {
  await check(page, DEMO.compliance, '/schedules', h1('Schedules'));
});

for (const tab of ['health', 'tools', 'users', 'audit', 'tokens']) {
  test(`settings, the ${tab} tab, as an admin`, async ({ page }) => {
    await check(page, DEMO.admin, `/settings?tab=${tab}`, (p) => p.locator(`[aria-current="page"][href="/settings?tab=${tab}"]`));
  });
}

test('evaluations as a workflow designer', async ({ page }) => {
  await check(page, DEMO.designer, '/evaluations', (p) => p.getByTestId('evaluations-page'));
});

test('findings as an admin', async ({ page }) => {
  await check(page, DEMO.admin, '/findings', (p) => p.getByTestId('findings-page'));
});

test('collaboration as an admin', async ({ page }) => {
  await check(page, DEMO.admin, '/collaboration', h1('Collaboration'));
});

test('the sign-in page, signed out', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/sign-in');
  await waitForData(page, page.getByRole('button', { name: 'Sign in' }));
  await expectNoAxeViolations(page, '/sign-in');
  await context.close();
});
