import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPlannerConversation, say } from './chat-helpers';
import { DEMO, shot, signIn } from './helpers';
import { analyseWithAllCalls } from './trpc';

/**
 * One set of figures (issue 30): a compliance manager asks the Planner in the Chat page to compare
 * the north and south teams for June, and each figure of its answer — calls analysed, recorded in
 * the CRM, mean QA score, calls failing a mandatory rule — is what the dashboard shows for the same
 * team and period, read from the dashboard page itself. The results are stored by the real pipeline
 * (the saved all-calls workflow over June for two advisors of each team); the demo clock is 8 Jul 2024.
 */
test.describe.configure({ mode: 'serial' });

const JUNE = { start_date: '2024-06-01', end_date: '2024-06-30' };
const SEED = ['Tom Ellis', 'Priya Shah', "James O'Connor", 'Fatima Khan'].map((advisor_name) => ({ advisor_name, ...JUNE }));
const TEAMS = ['Home Finance North', 'Home Finance South'];

/** "67.3/100" (or "67.3/100 (thin)": on fewer than MIN_SAMPLE calls) → 67.3; "not scored" → null. */
const score = (s: string) =>
  /not scored/.test(s)
    ? null
    : Number(
        s
          .replace(/\s*\(thin\)$/, '')
          .replace(/\/100$/, '')
          .trim(),
      );
const cells = async (row: Locator) => (await row.locator('td').allInnerTexts()).map((c) => c.trim());
const headline = (page: Page, id: string) => page.getByTestId(`headline-${id}`);

test('the stored results of June for two advisors of each team', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/runs');
  await Promise.all(SEED.map((input) => analyseWithAllCalls(page.request, input)));
});

test('"compare the north and south teams for June": every figure is the dashboard\'s for the same team and period', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);
  const answer = await say(page, 'compare the north and south teams for June');
  await expect(answer).toContainText('Compared from the stored QA results');
  const table = answer.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Scope',
    'Calls analysed',
    'Recorded in the CRM',
    'Scored',
    'Mean QA score',
    'Lowest call',
    'Failed a mandatory rule',
    'Vulnerable',
  ]);
  const said: Record<string, string[]> = {};
  for (const team of TEAMS) said[team] = await cells(table.getByRole('row').filter({ hasText: `the ${team} team` }));
  await answer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('planner-figures-chat'), fullPage: true });

  for (const team of TEAMS) {
    const [, calls, recorded, , mean, , failedMandatory] = said[team]!;
    await page.goto(`/dashboard?${new URLSearchParams({ from: '2024-06-01', to: '2024-06-30', team })}`);
    await expect(page.getByTestId('dashboard-scope-text')).toContainText(team);
    await expect(page.getByTestId('dashboard-period')).toHaveText('Calls 1 Jun 2024 – 30 Jun 2024');
    const shown = async (id: string) => (await headline(page, id).getByTestId('stat-value').innerText()).trim();
    await expect(headline(page, 'calls').getByTestId('stat-value')).toHaveText(calls!);
    expect(Number(calls)).toBeGreaterThan(0);
    expect(score(mean!)).toBe(Number(await shown('mean-score')));
    await expect(headline(page, 'failed-mandatory').getByTestId('stat-value')).toHaveText(failedMandatory!);
    // Coverage: "<analysed> of <recorded> recorded calls analysed" — the CRM's count by call date, as the chat's.
    await expect(headline(page, 'coverage')).toContainText(`${calls} of ${recorded} recorded call`);
    if (team === TEAMS[1]) await page.screenshot({ path: shot('planner-figures-dashboard') });
  }
});
