import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED, trpc } from './trpc';

/** A run of the standard workflow for one advisor and week (the demo dataset has calls for both). */
async function startStandard(request: Parameters<typeof trpc>[0], advisor: string): Promise<string> {
  const r = await trpc<{ run_id: string }>(
    request,
    'runs.start',
    { workflow_id: SEEDED.standard.id, input: { advisor_name: advisor, start_date: '2024-07-01', end_date: '2024-07-07' } },
    'mutation',
  );
  return r.run_id;
}

test('the run list filters by workflow, status and advisor, keeps the filter in the address, saves it, and shows new runs live', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.compliance, '/runs');
  await expect(page.getByTestId('runs-live')).toHaveAttribute('data-live-status', 'live');

  // A run started elsewhere appears without a reload.
  const alex = await startStandard(page.request, 'Alex Wong');
  const row = page.locator(`[data-testid="run-row"][data-run-id="${alex}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 60_000 });
  await expect(row).toContainText('Alex Wong');

  // Filters: workflow, status and advisor; the address carries them.
  await page.getByRole('combobox', { name: 'Workflow', exact: true }).selectOption({ label: SEEDED.standard.name });
  await page.getByRole('checkbox', { name: 'SUCCEEDED' }).check();
  await page.getByTestId('runs-filter-advisor').fill('alex');
  await expect(page).toHaveURL(/advisor=alex/);
  await expect(page).toHaveURL(new RegExp(`workflow_id=${SEEDED.standard.id}`));
  await expect(page).toHaveURL(/status=SUCCEEDED/);
  // The previous filter's rows stay, dimmed and busy, until the new filter's arrive.
  await expect(page.getByTestId('run-rows')).toHaveAttribute('aria-busy', 'false');
  const rows = page.getByTestId('run-row');
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid="run-row"]:not([data-status="SUCCEEDED"])')).toHaveCount(0);
  await expect(rows.filter({ hasNotText: 'Alex Wong' })).toHaveCount(0);

  // Saved: clear the filters, then one click brings them back.
  const name = `Alex, succeeded (${Date.now()})`;
  await page.getByRole('button', { name: 'Save current filter…' }).click();
  await page.getByRole('form', { name: 'Save the current filter' }).getByLabel('Name').fill(name);
  await page.getByRole('form', { name: 'Save the current filter' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved-filters')).toContainText(`Saved “${name}”.`);
  await page.goto('/runs');
  await expect(page.getByTestId('runs-filter-advisor')).toHaveValue('');
  await page.getByTestId('saved-filters').getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/advisor=alex/);
  await expect(page.getByTestId('runs-filter-advisor')).toHaveValue('alex');
  await page.screenshot({ path: shot('run-list-filtered') });

  // The row opens the live run view.
  await page.locator(`[data-testid="run-row"][data-run-id="${alex}"]`).getByRole('link', { name: SEEDED.standard.name }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${alex}$`));
  await expect(page.getByTestId('run-header')).toHaveAttribute('data-status', 'SUCCEEDED');
});
