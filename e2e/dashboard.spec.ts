import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeViolations } from './axe';
import { DEMO, shot, signIn } from './helpers';
import { analyseWithAllCalls, trpc } from './trpc';

/**
 * The dashboard (issue 16) as a stakeholder reads it, over results the real pipeline stored: runs
 * of the saved all-calls QA workflow (started as a compliance manager; stakeholders read only),
 * each awaited until the console's consolidation job has stored its calls. The stakeholder sees the
 * figures the server computes, filters to one advisor, drills from a chart and a table row into
 * the QA queue, exports CSV and PNG, opens the print view and prints it to PDF — and a run that
 * finishes while the page is open shows up without a reload.
 */
test.describe.configure({ mode: 'serial' });

/** Advisors with calls in the dashboard's default period (the 12 weeks up to the pinned 8 Jul 2024). */
const SEED = [
  { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
  { advisor_name: 'Tom Ellis', start_date: '2024-06-01', end_date: '2024-07-07' },
  // With Maria Garcia's (LATER), four advisors: the board pack's weekly score then comes as small multiples.
  { advisor_name: 'Priya Shah', start_date: '2024-06-01', end_date: '2024-07-07' },
];
const LATER = { advisor_name: 'Maria Garcia', start_date: '2024-06-01', end_date: '2024-07-07' };

type Trends = { calls: number; team_mean: number | null; advisors: Array<{ advisor: string; calls: number }> };
type Envelope<T> = T & { status?: string; error?: string };

/** What the server says a filter's QA trends are (the page must show the same). */
async function trendsOf(request: APIRequestContext, filter: Record<string, string>): Promise<Trends> {
  const t = await trpc<Envelope<Trends>>(request, 'dashboard.qaTrends', filter, 'query');
  expect(t.status ?? 'ok', t.error).toBe('ok');
  return t;
}

const figure = (page: Page, id: string) => page.locator(`[data-testid="figure"][data-figure-id="${id}"]`);
const headline = (page: Page, id: string) => page.getByTestId(`headline-${id}`).getByTestId('stat-value');

/** The centre of the widest filled shape of a chart: the bar of a one-bar chart (legend swatches are small). */
async function widestBar(chart: Locator): Promise<{ x: number; y: number }> {
  await expect(chart.locator('svg path').first()).toBeAttached();
  // Page coordinates of the viewport: the chart must be on screen for the mouse to reach it.
  await chart.scrollIntoViewIfNeeded();
  const boxes = await chart
    .locator('svg path[fill^="#"]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  const bar = boxes.filter((b) => b.height >= 8).sort((a, b) => b.width - a.width)[0];
  expect(bar, 'a bar in the chart').toBeTruthy();
  return { x: bar!.x + bar!.width / 2, y: bar!.y + bar!.height / 2 };
}

test('results of finished runs are there to read', async ({ browser }) => {
  test.setTimeout(240_000);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, DEMO.compliance, '/runs');
  await Promise.all(SEED.map((input) => analyseWithAllCalls(page.request, input)));
  await ctx.close();
});

test('a stakeholder reads the dashboard, filters to one advisor, drills into the queue, exports and prints', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.stakeholder, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The figures are the server's, stated with their period and scope.
  const all = await trendsOf(page.request, {});
  expect(all.calls).toBeGreaterThan(0);
  await expect(headline(page, 'calls')).toHaveText(String(all.calls));
  await expect(page.getByTestId('dashboard-period')).toHaveText(/^Calls \d{1,2} \w{3} 2024 – 8 Jul 2024$/);
  await expect(page.getByTestId('dashboard-scope-text')).toHaveText('all teams, advisors and products');
  await expect(page.getByTestId('dashboard-updated')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('dashboard-live')).toHaveAttribute('data-live-status', 'live');
  for (const id of ['qa-score', 'compliance', 'customers', 'coverage', 'operations']) {
    await expect(page.getByTestId(`section-${id}`).getByTestId('widget-what').first()).not.toBeEmpty();
  }
  await expect(figure(page, 'qa-score-by-week').getByTestId('figure-chart').locator('svg')).toBeVisible();
  await expect(page.getByTestId('operations-clock')).toContainText('By the console’s real clock');
  await expect(page.getByTestId('dashboard-scope')).toContainText(
    'two clocks on this page: the call figures’ “today” is the demo clock’s 8 Jul 2024',
  );
  await page.screenshot({ path: shot('dashboard'), fullPage: true });

  // Filter to one advisor: the address and the figures change.
  await page.getByTestId('dashboard-advisor').selectOption({ label: 'Alex Wong' });
  await expect(page).toHaveURL(/\/dashboard\?advisor=Alex\+Wong$/);
  const alex = await trendsOf(page.request, { advisor: 'Alex Wong' });
  expect(alex.calls).toBeGreaterThan(0);
  expect(alex.calls).toBeLessThan(all.calls);
  await expect(headline(page, 'calls')).toHaveText(String(alex.calls));
  await expect(page.getByTestId('headline-mean-score')).toContainText('Mean QA score, Alex Wong');
  await expect(page.getByTestId('dashboard-scope-text')).toHaveText('advisor Alex Wong');

  // The same figure as an accessible table; a row opens that advisor's calls in the QA queue.
  const byWeek = figure(page, 'qa-score-by-week');
  await byWeek.getByTestId('figure-view-table').click();
  const table = byWeek.getByRole('table');
  await expect(table.locator('caption')).toContainText('QA score per week');
  await expect(table.getByRole('columnheader', { name: 'Mean QA score' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Alex Wong' }).first()).toBeVisible();
  await page.screenshot({ path: shot('dashboard-table-view'), fullPage: true });
  await table
    .getByRole('link', { name: /^Open calls: Alex Wong/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/qa\?advisor=Alex\+Wong&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('qa-filter-advisor')).toHaveValue('Alex Wong');
  const rows = page.getByTestId('qa-row');
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Alex Wong');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?advisor=Alex\+Wong$/);

  // A chart point drills down too: the one bar of "advisors against the team" is Alex Wong's.
  const vsTeam = figure(page, 'advisors-vs-team').getByTestId('figure-chart');
  const bar = await widestBar(vsTeam);
  await page.mouse.click(bar.x, bar.y);
  await expect(page).toHaveURL(/\/qa\?advisor=Alex\+Wong&from=\d{4}-\d{2}-\d{2}&to=2024-07-08$/);
  await expect(rows.first()).toContainText('Alex Wong');
  await page.goBack();
  await expect(headline(page, 'calls')).toHaveText(String(alex.calls));

  // CSV from the same rows: a header row with units, en-GB dates, the advisor's weeks.
  const [csv] = await Promise.all([page.waitForEvent('download'), byWeek.getByTestId('figure-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^dashboard-qa-score-by-week-\d{4}-\d{2}-\d{2}-to-2024-07-08\.csv$/);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Advisor or team,Week commencing,Calls,Scored calls,Mean QA score');
  const alexLines = lines.filter((l) => l.startsWith('Alex Wong,'));
  expect(alexLines.length).toBeGreaterThan(0);
  for (const l of alexLines) expect(l).toMatch(/^Alex Wong,\d{1,2} \w{3} 2024,\d+,\d+,(\d+(\.\d)?)?$/);
  expect(alexLines.reduce((n, l) => n + Number(l.split(',')[2]), 0)).toBe(alex.calls);

  // PNG of a chart.
  const [png] = await Promise.all([page.waitForEvent('download'), figure(page, 'advisors-vs-team').getByTestId('figure-png').click()]);
  expect(png.suggestedFilename()).toMatch(/^dashboard-advisors-vs-team-.*\.png$/);
  expect(
    readFileSync((await png.path())!)
      .subarray(0, 8)
      .toString('hex'),
  ).toBe('89504e470d0a1a0a');

  // The print view: same filter, every section with charts and tables, then a PDF.
  await page.getByTestId('dashboard-print-link').click();
  await expect(page).toHaveURL(/\/dashboard\/print\?advisor=Alex\+Wong$/);
  const print = page.getByTestId('dashboard-print');
  await expect(print).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('print-scope')).toHaveText('advisor Alex Wong');
  await expect(page.getByTestId('print-generated')).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} (BST|GMT)/);
  await expect(page.getByTestId('print-button')).toHaveText('Print / save as PDF');
  for (const id of ['qa-score', 'compliance', 'customers', 'coverage', 'operations'])
    await expect(page.getByTestId(`print-section-${id}`)).toBeVisible();
  expect(await page.getByTestId('print-chart').count()).toBeGreaterThan(6);
  await page.screenshot({ path: shot('dashboard-print'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  expect(doc.numPages).toBeGreaterThan(2);
  const { text } = await extractText(doc, { mergePages: true });
  // Page one is a summary: headline figures and the points beside them; the sections start on page two.
  const [first] = (await extractText(doc)).text;
  for (const words of ['Calls analysed', 'Furthest below the team average', 'Rules failing most', 'Where the reviews stand'])
    expect(first).toContain(words);
  expect(first).not.toContain('QA score per week');
  for (const words of [
    'Advice call quality and customer outcomes',
    'advisor Alex Wong',
    'QA score per week',
    'Rules failing most',
    'Operations',
  ]) {
    expect(text).toContain(words);
  }
  expect(text).not.toContain('Print / save as PDF'); // the button is not printed
  // What the paper shows: A4 width, print styles (no navigation, no buttons).
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: shot('dashboard-print-media'), fullPage: true });
});

test('a run that finishes while the dashboard is open shows up without a reload', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.stakeholder, '/dashboard');
  const before = await trendsOf(page.request, {});
  await expect(headline(page, 'calls')).toHaveText(String(before.calls));
  await expect(page.getByTestId('dashboard-live')).toHaveAttribute('data-live-status', 'live');
  const updated = await page.getByTestId('dashboard-updated').textContent();

  const ctx = await browser.newContext();
  const runner = await ctx.newPage();
  await signIn(runner, DEMO.compliance, '/runs');
  await analyseWithAllCalls(runner.request, LATER);
  await ctx.close();

  const after = await trendsOf(page.request, {});
  expect(after.calls).toBeGreaterThan(before.calls);
  await expect(headline(page, 'calls')).toHaveText(String(after.calls), { timeout: 30_000 });
  await expect(page.getByTestId('dashboard-updated')).not.toHaveText(updated ?? '');
  await expect(figure(page, 'advisors-vs-team').getByTestId('figure-chart').locator('svg')).toContainText('Maria Garcia');
});

/**
 * On paper many advisors' weekly lines over each other cannot be told apart (on screen a hovered line
 * stands out): the board pack draws one small chart per advisor, each beside the team's line.
 */
test('the board pack draws the weekly score as small multiples, one per advisor beside the team', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, '/dashboard/print');
  await expect(page.getByTestId('dashboard-print')).toHaveAttribute('data-ready', 'true');
  const byWeek = page.locator('[data-testid="print-figure"][data-figure-id="qa-score-by-week"]');
  const advisors = new Set((await byWeek.locator('tbody th').allTextContents()).map((t) => t.trim()));
  advisors.delete((await byWeek.locator('tbody th').first().textContent())!.trim()); // the team's line comes first
  expect(advisors.size).toBeGreaterThanOrEqual(4);
  const multiples = byWeek.getByTestId('print-small-multiples');
  await expect(multiples.getByTestId('print-chart')).toHaveCount(advisors.size);
  for (const name of advisors) await expect(multiples.getByRole('img', { name: new RegExp(`^QA score per week: ${name},`) })).toBeVisible();
  await byWeek.screenshot({ path: shot('dashboard-print-small-multiples') });
  await expectNoAxeViolations(page, 'the board pack, every advisor, as a stakeholder');
});

/** The board pack opened straight from a link (its first load): server and browser render the same page. */
test('a filtered board pack opened from a link loads without a hydration error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signIn(page, DEMO.stakeholder, '/dashboard');
  await page.goto('/dashboard/print?advisor=Alex+Wong'); // a full load: the server's HTML, then hydration
  await expect(page.getByTestId('dashboard-print')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('print-generated')).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} (BST|GMT)/);
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});
