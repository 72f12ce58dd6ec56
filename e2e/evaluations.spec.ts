import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

/** Cases of the demo dataset that start no run (the other specs share this console's QA store); qa-wording is issue 30's known gap. */
const CASES = ['review-confirm', 'unknown-advisor', 'misspelt-advisor', 'qa-wording'];

type Run = { id: string; status: string; score: number | null; cases_total: number };

/** Starts a run of the demo dataset through the console's real runner and waits until it has finished. */
async function evaluate(page: Page): Promise<Run> {
  const { run_id } = await trpc<{ run_id: string }>(page.request, 'evaluations.start', { dataset: 'demo', cases: CASES }, 'mutation');
  let run: Run | undefined;
  await expect
    .poll(
      async () => {
        run = (await trpc<Run[]>(page.request, 'evaluations.runs', { dataset: 'demo' }, 'query')).find((r) => r.id === run_id);
        return run?.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('finished');
  return run!;
}

test("the Evaluations page lists two runs of the demo dataset, a run's missed expectations and their comparison", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.designer, '/evaluations');
  const first = await evaluate(page);
  const second = await evaluate(page);
  expect([first.cases_total, second.cases_total]).toEqual([4, 4]);

  await page.reload();
  const runs = page.getByTestId('evaluation-run');
  await expect(runs).toHaveCount(2);
  await expect(runs.first()).toContainText('demo');
  await expect(runs.first()).toContainText('deterministic');
  await expect(page.getByRole('columnheader', { name: 'Started (UK time)' })).toBeVisible();
  await expect(runs.first()).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} (GMT|BST)/);

  await runs.first().getByRole('button', { name: 'Cases' }).click();
  const cases = page.getByTestId('evaluation-case');
  await expect(cases).toHaveCount(4);
  await expect(cases.filter({ hasText: 'unknown-advisor' })).toContainText('none');
  // Every missed expectation of the stored run is on the page with what was seen instead
  // (qa-wording is issue 30's gap: while it lasts, its expected confirmation and the help text the Planner gave).
  type Detail = { cases: Array<{ expectations: Array<{ pass: boolean; expected: string }> }> };
  const detail = await trpc<Detail>(page.request, 'evaluations.run', { id: second.id }, 'query');
  const missed = detail.cases.flatMap((c) => c.expectations.filter((e) => !e.pass));
  await expect(page.getByTestId('evaluation-cases').getByText(/^Seen: /)).toHaveCount(missed.length);
  for (const e of missed) await expect(page.getByTestId('evaluation-cases')).toContainText(e.expected);

  for (const r of await runs.all()) await r.getByRole('checkbox').check();
  await expect(page.getByTestId('evaluation-comparison-case')).toHaveCount(4);
  await expect(page.getByTestId('evaluation-comparison-summary')).toContainText(
    'The later run did better in 0, worse in 0 and the same in 4 of the cases.',
  );
  await page.screenshot({ path: shot('evaluations-comparison'), fullPage: true });
});

test('a designer starts a run from the page (a Planner and a Conductor case) and sees it scored; a refusal is shown', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.designer, '/evaluations');
  const form = page.getByTestId('evaluation-start');
  const dataset = form.getByLabel('Dataset');
  await expect(dataset.locator('option')).toContainText([/^demo — \d+ cases \(\d+ Planner, \d+ Conductor\)/]);
  await dataset.selectOption('demo');
  // A case the dataset does not have is refused by the server, and the page says why.
  const only = form.getByLabel(/Only these cases/);
  await only.fill('no-such-case');
  await form.getByRole('button', { name: 'Run evaluation' }).click();
  await expect(page.getByTestId('evaluation-start-error')).toContainText('dataset demo has no case no-such-case');

  await only.fill('unknown-advisor, conductor-name-and-period');
  const before = await trpc<Run[]>(page.request, 'evaluations.runs', { dataset: 'demo' }, 'query');
  await form.getByRole('button', { name: 'Run evaluation' }).click();
  await expect(form.getByRole('status')).toContainText(/Started run [0-9a-f]{8} of demo/);
  const runs = page.getByTestId('evaluation-run');
  await expect(runs).toHaveCount(before.length + 1);
  // Newest first: the new run, followed by the page until its two cases are scored (whether "running" is ever
  // drawn depends on how fast two cases run, so the test waits for the score only).
  await expect(runs.first()).toContainText('2 of 2', { timeout: 180_000 });
  await expect(runs.first()).toContainText('100.0%');
  await runs.first().getByRole('button', { name: 'Cases' }).click();
  await expect(page.getByTestId('evaluation-case')).toHaveCount(2);
  await expect(page.getByTestId('evaluation-case').filter({ hasText: 'conductor-name-and-period' })).toBeVisible();
  await page.screenshot({ path: shot('evaluations-run-started'), fullPage: true });
});

test('compliance managers and stakeholders have no Evaluations: no link, a notice, and the server refuses', async ({ page }) => {
  for (const user of [DEMO.compliance, DEMO.stakeholder]) {
    await page.context().clearCookies();
    await signIn(page, user, '/evaluations');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Evaluations' })).toHaveCount(0);
    await expect(page.getByText('Evaluations are for workflow designers and admins')).toBeVisible();
    await expect(trpc(page.request, 'evaluations.runs', {}, 'query')).rejects.toThrow(
      /403.*evaluations\.runs is for workflow_designer, admin/,
    );
  }
});
