import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';

type Workflow = { asl: { StartAt: string; States: Record<string, AslState> } };
type AslState = { Next?: string; Parameters?: Record<string, unknown>; Branches?: Array<{ States: Record<string, AslState> }> };

/** The §2.3 example from workflows/, read from disk; each test derives its broken variant from it. */
const EXAMPLE_FILE = 'standard-advice-call-analysis.json';
const example = (): Workflow => JSON.parse(readFileSync(path.join(process.cwd(), 'workflows', EXAMPLE_FILE), 'utf8')) as Workflow;
const pretty = (doc: unknown) => JSON.stringify(doc, null, 2);

/** 1-based line and column of the only occurrence of `needle` in `text`. */
function placeOf(text: string, needle: string): { line: number; column: number } {
  const lines = text.split('\n');
  const hits = lines.flatMap((l, i) => (l.includes(needle) ? [{ line: i + 1, column: l.indexOf(needle) + 1 }] : []));
  expect(hits, `exactly one line contains ${needle}`).toHaveLength(1);
  return hits[0]!;
}

/** Every state name in document order, nested branch states included (what the meta lists). */
function allStates(states: Record<string, AslState>): string[] {
  return Object.entries(states).flatMap(([name, s]) => [name, ...(s.Branches ?? []).flatMap((b) => allStates(b.States))]);
}

const editor = (page: Page) => page.getByLabel('Workflow JSON');

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.designer, '/workflows');
});

test('an invalid workflow lists its findings with JSON pointers; clicking one highlights its line and names its state', async ({ page }) => {
  const doc = example();
  doc.asl.States.GetCallRecordings!.Next = 'NoSuchState';
  const branchState = doc.asl.States.ParallelAnalysis!.Branches![0]!.States;
  const [branchName] = Object.keys(branchState);
  branchState[branchName!]!.Parameters = { ...branchState[branchName!]!.Parameters, not_a_parameter: 1 };
  const text = pretty(doc);
  await editor(page).fill(text);

  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  const nextError = page.locator('[data-testid="finding"][data-pointer="/asl/States/GetCallRecordings/Next"]');
  await expect(nextError).toContainText('NoSuchState');
  await expect(nextError).toContainText('State GetCallRecordings');
  await expect(page.getByTestId('compiled-meta')).toHaveCount(0);

  await nextError.click();
  await expect(nextError).toHaveAttribute('aria-pressed', 'true');
  const at = placeOf(text, '"Next": "NoSuchState"');
  await expect(page.getByTestId('editor-highlight')).toHaveAttribute('data-line', String(at.line));
  await expect(page.getByTestId('pinned-location')).toContainText(`/asl/States/GetCallRecordings/Next at line ${at.line}, column ${at.column}`);
  await expect(page.getByTestId('pinned-state')).toHaveText('GetCallRecordings');
  // The editor has focus with the key selected, so typing goes straight to the problem.
  const selection = await editor(page).evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selection).toBe('"Next"');
  await page.screenshot({ path: shot('workflows-invalid') });

  // A finding inside a Parallel branch names the branch state inside its Parallel.
  const pointer = `/asl/States/ParallelAnalysis/Branches/0/States/${branchName}/Parameters/not_a_parameter`;
  const nested = page.locator(`[data-testid="finding"][data-pointer="${pointer}"]`);
  await nested.click();
  await expect(page.getByTestId('pinned-state')).toHaveText(`ParallelAnalysis › ${branchName}`);
  await expect(page.getByTestId('editor-highlight')).toHaveAttribute('data-line', String(placeOf(text, '"not_a_parameter": 1').line));
});

test('fixing the workflow shows it valid with the compiled control-plane meta', async ({ page }) => {
  const doc = example();
  const original = doc.asl.States.GetCallRecordings!.Next!;
  doc.asl.States.GetCallRecordings!.Next = 'NoSuchState';
  await editor(page).fill(pretty(doc));
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');

  doc.asl.States.GetCallRecordings!.Next = original;
  await editor(page).fill(pretty(doc));
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('finding')).toHaveCount(0);

  const meta = page.getByTestId('compiled-meta');
  await expect(meta.getByTestId('meta-start-at')).toHaveText(doc.asl.StartAt);
  const states = allStates(doc.asl.States);
  await expect(meta.locator('tbody tr')).toHaveCount(states.length);
  const recordings = meta.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: /^GetCallRecordings/ }) });
  await expect(recordings.locator('td').nth(1)).toHaveText(original);
  await meta.getByText('Raw meta document (JSON)').click();
  await expect(page.getByRole('region', { name: 'Compiled control-plane meta document' })).toContainText('"schema_version": "1.0.0"');
  await meta.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('workflows-valid') });
});

test('text that is not JSON shows the syntax error with its position, without asking the server', async ({ page }) => {
  const validateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('workflows.validate')) validateCalls.push(r.url());
  });
  await editor(page).fill('{\n  "workflow_id": "x",\n  "asl": {},\n}');
  const error = page.getByTestId('parse-error');
  await expect(error).toContainText('Line 4, column 1');
  await expect(error).toContainText(/trailing comma/i);
  await expect(page.getByTestId('editor-highlight')).toHaveAttribute('data-line', '4');
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await page.waitForTimeout(1_500); // longer than the as-you-type pause: any call would have been sent
  expect(validateCalls).toEqual([]);
  await page.screenshot({ path: shot('workflows-parse-error') });
});

test('an example and an uploaded file load into the editor and validate', async ({ page }) => {
  await page.getByLabel('Example workflow').selectOption(EXAMPLE_FILE);
  await page.getByRole('button', { name: 'Load example' }).click();
  await expect(editor(page)).toHaveValue(pretty(example()) + '\n');
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true');

  const broken = example();
  broken.asl.StartAt = 'Missing';
  await page.locator('input[type="file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(pretty(broken)) });
  await expect(page.getByText('From file broken.json')).toBeVisible();
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'false');
  await expect(page.locator('[data-testid="finding"][data-pointer="/asl/StartAt"]')).toBeVisible();
});
