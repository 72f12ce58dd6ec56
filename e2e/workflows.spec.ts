import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED } from './trpc';
import { node, replaceJson } from './editor-helpers';

type Workflow = { asl: { StartAt: string; States: Record<string, AslState> } };
type AslState = { Next?: string; Parameters?: Record<string, unknown>; Branches?: Array<{ States: Record<string, AslState> }> };

/** The §2.3 example from workflows/, read from disk; each test derives its broken variant from it. */
const EXAMPLE_FILE = 'standard-advice-call-analysis.json';
const example = (): Workflow => JSON.parse(readFileSync(path.join(process.cwd(), 'workflows', EXAMPLE_FILE), 'utf8')) as Workflow;
const pretty = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.designer, `/workflows/edit?example=${EXAMPLE_FILE}`);
  await expect(node(page, 'GetApplicationIDs')).toBeVisible();
});

test('an invalid workflow lists its findings with JSON pointers; clicking one selects its state and shows the line in the JSON view', async ({
  page,
}) => {
  const doc = example();
  doc.asl.States.GetCallRecordings!.Next = 'NoSuchState';
  const branchState = doc.asl.States.ParallelAnalysis!.Branches![0]!.States;
  const [branchName] = Object.keys(branchState);
  branchState[branchName!]!.Parameters = { ...branchState[branchName!]!.Parameters, not_a_parameter: 1 };
  await replaceJson(page, pretty(doc));

  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  // The node carries its count of errors.
  await expect(node(page, 'GetCallRecordings').getByTestId('node-findings')).toHaveAttribute('data-errors', '1');
  await page.getByRole('tab', { name: /Problems/ }).click();
  const nextError = page.locator('[data-testid="finding"][data-pointer="/asl/States/GetCallRecordings/Next"]');
  await expect(nextError).toContainText('NoSuchState');
  await expect(nextError).toContainText('State GetCallRecordings');
  await page.getByRole('tab', { name: 'Control plane' }).click();
  await expect(page.getByText('Only a valid workflow compiles')).toBeVisible();

  // Clicking a finding selects its state on the canvas.
  await page.getByRole('tab', { name: /Problems/ }).click();
  await nextError.click();
  await expect(nextError).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.react-flow__node.selected [data-testid="state-node"]')).toHaveAttribute('data-state', 'GetCallRecordings');
  await page.screenshot({ path: shot('workflows-invalid') });

  // A finding inside a Parallel branch names the branch state inside its Parallel, and with the
  // JSON view beside the canvas, clicking it selects the offending member in the text.
  await page.getByLabel('JSON beside').check();
  const pointer = `/asl/States/ParallelAnalysis/Branches/0/States/${branchName}/Parameters/not_a_parameter`;
  const nested = page.locator(`[data-testid="finding"][data-pointer="${pointer}"]`);
  await expect(nested).toContainText(`State ParallelAnalysis › ${branchName}`);
  await nested.click();
  await expect(page.locator('.react-flow__node.selected [data-testid="state-node"]')).toHaveAttribute('data-state', branchName!);
  const selection = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  expect(selection).toContain('"not_a_parameter": 1');
});

test('fixing the workflow shows it valid with the compiled control-plane meta', async ({ page }) => {
  const doc = example();
  const original = doc.asl.States.GetCallRecordings!.Next!;
  doc.asl.States.GetCallRecordings!.Next = 'NoSuchState';
  await replaceJson(page, pretty(doc));
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByRole('button', { name: 'Save version…' })).toBeDisabled();

  doc.asl.States.GetCallRecordings!.Next = original;
  await replaceJson(page, pretty(doc));
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByRole('button', { name: 'Save version…' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Control plane' }).click();
  const meta = page.getByTestId('compiled-meta');
  await expect(meta.getByTestId('meta-start-at')).toHaveText(doc.asl.StartAt);
  const recordings = meta.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: /^GetCallRecordings/ }) });
  await expect(recordings.locator('td').nth(1)).toHaveText(original);
  await meta.getByText('Raw meta document (JSON)').click();
  await expect(page.getByRole('region', { name: 'Compiled control-plane meta document' })).toContainText('"schema_version": "1.0.0"');
  await page.screenshot({ path: shot('workflows-valid') });
});

test('text that is not JSON shows the syntax error with its position, keeps the canvas, and asks the server nothing', async ({ page }) => {
  const validateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('workflows.validate')) validateCalls.push(r.url());
  });
  await replaceJson(page, '{\n  "workflow_id": "x",\n  "asl": {},\n}');
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  await page.getByRole('tab', { name: /Problems/ }).click();
  const error = page.getByTestId('parse-error');
  await expect(error).toContainText('Line 4, column 1');
  await expect(error).toContainText(/trailing comma/i);
  // The canvas keeps the last document that parsed.
  await expect(node(page, 'GetApplicationIDs')).toBeVisible();
  await page.waitForTimeout(1_500); // longer than the as-you-type pause: any call would have been sent
  expect(validateCalls).toEqual([]);
  await page.screenshot({ path: shot('workflows-parse-error') });
});

test('a saved version and a file from disk open in the editor and validate', async ({ page }) => {
  await page.goto('/workflows');
  const row = page.locator(`[data-testid="catalog-workflow"][data-workflow-id="${SEEDED.standard.id}"]`);
  await row.getByRole('link', { name: /^Edit / }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/edit\\?workflow=${SEEDED.standard.id}&version=1\\.0\\.0`));
  await expect(page.getByText(`From saved ${SEEDED.standard.name} v1.0.0`)).toBeVisible();
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true');

  const broken = example();
  broken.asl.StartAt = 'Missing';
  await page.goto('/workflows');
  await page
    .getByLabel('Workflow file to open')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(pretty(broken)) });
  await expect(page).toHaveURL(/\/workflows\/edit\?handover=1/);
  await expect(page.getByText('From file broken.json')).toBeVisible();
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.locator('[data-testid="finding"][data-pointer="/asl/StartAt"]')).toBeVisible();
});
