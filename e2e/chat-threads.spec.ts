import { expect, test, type Page } from '@playwright/test';
import { SCENARIO_PORT } from '../playwright.config';
import { say } from './chat-helpers';
import { DEMO, shot, signIn } from './helpers';
import { layoutSettled, node } from './editor-helpers';
import { SEEDED, trpc } from './trpc';

/**
 * Issue 15, in Chromium: the editor's run form checks what the Planner checks (a period that
 * starts before it ends, an advisor from the CRM's list); and a Planner conversation that pilots
 * a QA review and scales it shows ONE card per run (never a stale RUNNING card beside the final
 * one), a per-call QA table for the scaled run, and the workflow it saved as a refinement as a
 * diff against its parent that opens in the editor with that comparison — in a thread that uses
 * the page's height.
 */

const runCards = (page: Page) => page.getByTestId('chat-run-card');

/**
 * Watches the thread while turns stream: every DOM change counts the run cards per run id, and
 * any moment with two cards of one run is recorded (window.__runCardDuplicates).
 */
async function watchRunCards(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __runCardDuplicates: string[] };
    w.__runCardDuplicates = [];
    new MutationObserver(() => {
      const seen = new Map<string, string[]>();
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="chat-run-card"]')) {
        const id = el.dataset.runId ?? '';
        seen.set(id, [...(seen.get(id) ?? []), el.dataset.status ?? '']);
      }
      for (const [id, statuses] of seen) {
        if (statuses.length > 1) w.__runCardDuplicates.push(`${id}: ${statuses.join(', ')}`);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
}
const duplicates = (page: Page) => page.evaluate(() => (window as unknown as { __runCardDuplicates: string[] }).__runCardDuplicates);

/** The page fits the window (nothing to scroll), the thread reaches the page's bottom padding, the composer shows. */
async function expectThreadFillsPage(page: Page, name: string) {
  const { innerHeight, scrollHeight } = await page.evaluate(() => ({
    innerHeight: window.innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
  const box = (await page.getByTestId('chat-thread').boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(innerHeight - 40);
  expect(box.y + box.height).toBeLessThanOrEqual(innerHeight);
  await expect(page.getByTestId('chat-input')).toBeInViewport();
  // A long thread scrolls inside its own area.
  const log = page.getByRole('log');
  expect(await log.evaluate((el) => el.parentElement!.scrollHeight > el.parentElement!.clientHeight)).toBe(true);
  await page.screenshot({ path: shot(name) });
}

test.describe('the editor’s run form', () => {
  test('refuses a period that ends before it starts and an advisor the CRM does not know; offers the CRM’s advisors', async ({ page }) => {
    await signIn(page, DEMO.compliance, `/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
    await page.getByRole('button', { name: 'Run…' }).click();
    const form = page.getByRole('form', { name: 'Run input' });
    const start = form.getByRole('button', { name: 'Start run' });
    const advisor = form.getByLabel('Advisor name');

    // The advisor is offered as the CRM's list (crm.advisors), with each advisor's team.
    await expect(form.getByText(/Choose one of the CRM’s \d+ advisors/)).toBeVisible();
    const options = await form
      .locator('#run-input-advisor_name-list option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => [o.value, o.label]));
    const crm = await trpc<{ advisors: Array<{ name: string; team: string }> }>(page.request, 'crm.advisors', {}, 'query');
    expect(options).toEqual(crm.advisors.map((a) => [a.name, a.team]));
    expect(options.map(([name]) => name)).toContain('Alex Wong');

    await form.getByLabel('Start date').fill('2024-07-08');
    await form.getByLabel('End date').fill('2024-07-01');
    await advisor.fill('Alex Wong');
    const reversed = 'Start date (8 Jul 2024) is after End date (1 Jul 2024): the period must start on or before its end.';
    await expect(form.getByText(reversed)).toBeVisible();
    await expect(form.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');
    await expect(start).toBeDisabled();
    await page.screenshot({ path: shot('run-form-reversed-period') });

    await form.getByLabel('End date').fill('2024-07-07');
    await form.getByLabel('Start date').fill('2024-07-01');
    await expect(start).toBeEnabled();
    await advisor.fill('John Smith');
    await expect(form.getByText('“John Smith” is not an advisor in the CRM. Choose a name from the list.')).toBeVisible();
    await expect(start).toBeDisabled();
    await page.screenshot({ path: shot('run-form-unknown-advisor') });

    // Any case is the CRM's advisor; the run gets the name as the CRM spells it.
    await advisor.fill('alex wong');
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
    const runId = page.url().split('/').at(-1)!;
    const run = await trpc<{ run: { input: Record<string, unknown> } }>(
      page.request,
      'runs.get',
      { run_id: runId, include_events: false },
      'query',
    );
    // What the form sent, and the lender's rule set the start read from the CRM (the form left it empty).
    expect(run.run.input).toEqual({
      advisor_name: 'Alex Wong',
      start_date: '2024-07-01',
      end_date: '2024-07-07',
      rule_set_id: 'compliance_rules_v2024Q4',
    });
  });
});

/*
 * On the scenario console (an empty catalog at its start, shared with chat-scenarios.spec.ts, which
 * runs before this file and needs that empty catalog): whatever the pilot reused or built, no
 * "all calls" refinement of it exists there, so scaling the pilot makes the Planner save one with
 * `parent` REFINEMENT_OF the pilot's workflow.
 */
test.describe('a Planner conversation that pilots and scales a QA review', () => {
  test.use({ baseURL: `http://127.0.0.1:${SCENARIO_PORT}`, viewport: { width: 1280, height: 800 } });

  test('one card per run, the scaled run’s per-call table, the refinement as a diff opening in the editor, the page’s height', async ({
    page,
  }) => {
    test.setTimeout(480_000);
    await signIn(page, DEMO.compliance, '/chat');
    await page.getByTestId('chat-new').click();
    await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-planner').click();
    await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}/);
    await watchRunCards(page);

    await say(page, 'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?');
    await say(page, 'Yes. Please use the existing QA scorecard.');
    // The Planner may ask once more (e.g. to use a healthier version): a yes lets it run the pilot.
    if ((await runCards(page).count()) === 0) await say(page, 'Yes, go ahead.');
    await expect(runCards(page)).toHaveCount(1);
    const pilot = runCards(page).first();
    await expect(pilot).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 60_000 });
    // The start and the wait that followed it are one card.
    expect(Number(await pilot.getAttribute('data-calls'))).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('chat-qa-card')).toHaveCount(1);
    await expect(page.getByTestId('chat-run-calls-table')).toHaveCount(0);

    await say(page, 'Yes, scale it to the whole set.');
    await expect(runCards(page)).toHaveCount(2);
    const scaled = runCards(page).last();
    await expect(scaled).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 60_000 });
    expect(await duplicates(page)).toEqual([]);
    const ids = await runCards(page).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.runId));
    expect(new Set(ids).size).toBe(2);

    // The scaled run's per-call table, from the QA store: one row per call, lowest score first.
    const table = page.getByTestId('chat-run-calls-table');
    await expect(table).toBeVisible({ timeout: 40_000 });
    const scaledId = ids[1]!;
    const stored = await trpc<{ total: number; items: Array<{ call_id: string; score: number; qa_result_id: string }> }>(
      page.request,
      'qa.list',
      { filter: { run_id: scaledId, include_earlier: true }, limit: 200 },
      'query',
    );
    expect(stored.total).toBeGreaterThan(1);
    const rows = table.getByTestId('chat-run-call');
    await expect(rows).toHaveCount(stored.total);
    const scores = () => rows.evaluateAll((rs) => rs.map((r) => Number((r as HTMLElement).dataset.score)));
    const ascending = [...stored.items.map((i) => i.score)].sort((a, b) => a - b);
    expect(await scores()).toEqual(ascending);
    await table.getByRole('button', { name: /^Score/ }).click();
    expect(await scores()).toEqual([...ascending].reverse());
    await expect(page.getByTestId('chat-run-queue')).toHaveAttribute('href', new RegExp(`^/qa\\?run_id=${scaledId}&`));
    await rows.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shot('chat-run-calls-table') });

    // The thread uses the page: at 1280×800 and at 1920×1080.
    await expectThreadFillsPage(page, 'chat-thread-1280x800');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expectThreadFillsPage(page, 'chat-thread-1920x1080');

    // The refinement the Planner saved, as a diff against its parent.
    const refined = page.locator('[data-testid="chat-workflow-card"][data-parent]').last();
    await expect(refined).toHaveAttribute('data-saved', 'true');
    const parent = (await refined.getAttribute('data-parent'))!;
    const changes = refined.getByTestId('chat-workflow-changes');
    await expect(changes).toContainText('REFINEMENT_OF');
    await expect(changes.getByTestId('changes-added')).toContainText('AnalyseEachCall');
    await expect(changes.getByTestId('changes-removed')).toContainText('TranscribeRecording');
    await refined.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('chat-workflow-diff') });

    // "Open in editor": the new version, compared with its parent as it is edited (and validated as any edit).
    await refined.getByTestId('chat-open-in-editor').click();
    const editorUrl = `/workflows/edit\\?workflow=[0-9a-f-]{36}&version=[^&]+&against=${encodeURIComponent(parent)}`;
    await expect(page).toHaveURL(new RegExp(editorUrl));
    const banner = page.getByTestId('editor-comparison');
    await expect(banner).toContainText(/Compared with saved .+ v\d+\.\d+\.\d+/);
    await expect(banner.getByTestId('changes-summary')).toBeVisible();
    await expect(node(page, 'AnalyseEachCall')).toHaveAttribute('data-change', 'added');
    await expect(node(page, 'GetApplicationIDs')).not.toHaveAttribute('data-change', /./);
    await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true', { timeout: 30_000 });
    await layoutSettled(page);
    await page.screenshot({ path: shot('editor-compared-with-parent') });
  });
});
