import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { connectStates, dropFromPalette, layoutSettled, jsonView, node, openJson, replaceJson, selectState } from './editor-helpers';
import { SEEDED, trpc } from './trpc';

const inspector = (page: Page) => page.getByTestId('inspector');
const verdict = (page: Page) => page.getByTestId('validation-verdict');
const selectedState = (page: Page) => page.locator('.react-flow__node.selected [data-testid="state-node"]');

/** The editor's document, as its Download button saves it. */
async function documentOf(page: Page): Promise<{
  workflow_id: string;
  version: string;
  asl: { StartAt: string; States: Record<string, Record<string, unknown>> };
  skill_imports?: Array<{ uri: string }>;
}> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const chunks: Buffer[] = [];
  for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as never;
}

test('a designer builds a workflow from the palette, fixes what validation pins on it, saves it, runs it from the form and watches it finish', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.designer, '/workflows');
  await page.getByRole('link', { name: 'New workflow' }).click();
  await expect(page).toHaveURL(/\/workflows\/edit$/);

  // The workflow's own fields: a name and an input schema (the run form is built from it).
  await inspector(page).getByRole('textbox', { name: 'Name', exact: true }).first().fill('E2E greeting');
  await inspector(page)
    .getByLabel(/Input schema/)
    .fill(JSON.stringify({ type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] }));
  await inspector(page)
    .getByLabel(/Input schema/)
    .blur();

  // Pass → Task → Choice → Succeed / Fail, dragged from the palette and connected by their handles.
  for (const [type, y] of [
    ['Pass', 60],
    ['Task', 200],
    ['Choice', 340],
    ['Succeed', 480],
    ['Fail', 480],
  ] as const) {
    await dropFromPalette(page, type, type === 'Fail' ? 560 : 260, y);
    await expect(node(page, type)).toBeVisible();
  }
  await expect(node(page, 'Pass').getByText('start')).toBeVisible();
  // Fit once the states have been laid out (a layout that lands after the fit moves them off view).
  await layoutSettled(page);
  await page.locator('.react-flow__controls-fitview').click();
  await connectStates(page, 'Pass', 'next', 'Task');
  await connectStates(page, 'Task', 'next', 'Choice');
  await connectStates(page, 'Choice', 'rule', 'Succeed');
  await connectStates(page, 'Choice', 'default', 'Fail');
  await expect(page.locator('[data-testid="edge-label"][data-kind="choice"]')).toBeVisible();
  await expect(page.locator('[data-testid="edge-label"][data-kind="default"]')).toHaveText('Default');

  // Validation pins the unbound Task on its node; saving a version is not possible yet.
  await expect(verdict(page)).toHaveAttribute('data-valid', 'false');
  await expect(node(page, 'Task').getByTestId('node-findings')).toBeVisible();
  await expect(node(page, 'Task')).toContainText('no skill bound');
  await expect(page.getByRole('button', { name: 'Save version…' })).toBeDisabled();
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.locator('[data-testid="finding"][data-pointer^="/asl/States/Task"]').first()).toBeVisible();
  await page.screenshot({ path: shot('editor-built-invalid') });

  // Fix it in the inspector: bind the built-in echo skill (its manifest is imported with it),
  // pass it the input's name, keep its result, and let the Choice rule look at it.
  await node(page, 'Task').click();
  await page.getByRole('tab', { name: 'Inspector' }).click();
  await inspector(page).getByRole('button', { name: '+ Add a skill' }).click();
  await inspector(page)
    .getByRole('button', { name: /builtin\.echo@1\.0\.0/ })
    .first()
    .click();
  await expect(node(page, 'Task').getByTestId('node-skill')).toHaveAttribute('data-skill', 'skill://builtin.echo@1.0.0');
  await inspector(page).getByRole('button', { name: '+ Add Parameters' }).click();
  await inspector(page).getByRole('button', { name: '+ Add path field' }).click();
  await inspector(page).getByLabel('Field name 1').fill('message.$');
  await inspector(page).getByLabel('Path of message.$').fill('$.name');
  await inspector(page).getByLabel('ResultPath', { exact: true }).fill('$.greeting');
  await node(page, 'Choice').click();
  const variable = inspector(page)
    .getByLabel(/Variable/)
    .first();
  // Issue 34: the rule made by connecting named a field of the data reaching the Choice then (the unbound Task's
  // envelope), not a made-up one. Now that the Task keeps echo's result under $.greeting that field is gone: the check
  // warns (a warning: shapes are what the editor can know before a run).
  await expect(variable).toHaveValue('$.ok');
  await page.getByRole('tab', { name: /Problems/ }).click();
  const warnings = page.locator('section[aria-label="Warnings"]');
  const gone = warnings.locator('[data-testid="finding"][data-pointer^="/asl/States/Choice"]', { hasText: 'no field "ok"' });
  await expect(gone).toContainText('(it has name, greeting)');
  await page.getByRole('tab', { name: 'Inspector' }).click();
  // builtin.echo returns its arguments as they are (no data-plane envelope around them).
  await variable.fill('$.greeting.message');
  await variable.blur();
  await expect(verdict(page)).toHaveAttribute('data-valid', 'true', { timeout: 20_000 });
  // Issue 34: test the Choice alone on a typed input — no run — and see the state it would go to.
  await inspector(page).getByTestId('test-state-open').click();
  const tester = page.getByRole('dialog', { name: 'Test state Choice' });
  await expect(tester.getByTestId('test-state-source')).toContainText('No run of this workflow has reached this state yet');
  await tester.getByTestId('test-state-input').fill('{"name": "Ada", "greeting": {"message": "Ada"}}');
  await tester.getByTestId('test-state-run').click();
  await expect(tester.getByTestId('test-state-next')).toHaveText('Succeed', { timeout: 20_000 });
  await expect(tester.getByTestId('test-state-outcome')).toContainText('rule 1 matched');
  await page.screenshot({ path: shot('editor-test-state') });
  await page.keyboard.press('Escape');
  await expect(tester).toBeHidden();
  const doc = await documentOf(page);
  expect(doc.skill_imports).toContainEqual({ uri: 'file://skills/builtin.echo.json' });
  expect(doc.asl.StartAt).toBe('Pass');

  // Save the first version, then run it from the form generated from its input schema.
  await page.getByRole('button', { name: 'Save version…' }).click();
  const save = page.getByRole('dialog', { name: 'Save as a new version' });
  await save.getByLabel('Change note').fill('first version, built in the e2e test');
  await save.getByRole('button', { name: /^Save v/ }).click();
  await expect(save).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/workflows/edit\\?workflow=${doc.workflow_id}&version=${doc.version.replace(/\./g, '\\.')}`));
  await expect(page.getByText('unsaved changes')).toHaveCount(0);

  await page.getByRole('button', { name: 'Run…' }).click();
  const form = page.getByRole('form', { name: 'Run input' });
  await expect(form.getByText(`Runs saved version v${doc.version}.`)).toBeVisible();
  // Issue 28: a new version is a draft, so the designer's run is a test run (ticked and fixed).
  await expect(form.getByTestId('run-test-run')).toBeChecked();
  await expect(form.getByTestId('run-test-run')).toBeDisabled();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();
  await form.getByLabel('Name').fill('Ada');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('run-header')).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });
  await expect(page.getByTestId('run-test-run-badge')).toHaveText('test run');
  await expect(node(page, 'Task')).toHaveAttribute('data-status', 'done');
  await expect(node(page, 'Succeed')).toHaveAttribute('data-status', 'done');
  await expect(node(page, 'Fail')).toHaveAttribute('data-status', 'pending');
  await page.getByRole('tab', { name: 'Input & output' }).click();
  await expect(page.getByRole('region', { name: 'Run output' })).toContainText('"message": "Ada"');
  await page.screenshot({ path: shot('editor-built-run') });

  // Test state again: now its input starts as the Choice's input in that run, which is named.
  const runId = page.url().split('/').pop()!;
  await page.goBack();
  await selectState(page, 'Choice');
  await inspector(page).getByTestId('test-state-open').click();
  const again = page.getByRole('dialog', { name: 'Test state Choice' });
  await expect(again.getByTestId('test-state-source')).toContainText(`run ${runId.slice(0, 8)}`);
  await expect(again.getByTestId('test-state-input')).toHaveValue(/"message": "Ada"/);
  await again.screenshot({ path: shot('editor-test-state-from-run') });
});

test('editing the JSON redraws the canvas, and a canvas edit rewrites the JSON; undo and redo span both', async ({ page }) => {
  await signIn(page, DEMO.designer, `/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
  await expect(node(page, 'CalculateScore')).toBeVisible();
  const doc = await documentOf(page);

  // JSON → canvas: a renamed state (and the Next pointing at it) is drawn under its new name.
  const renamed = JSON.parse(JSON.stringify(doc).replaceAll('"CalculateScore"', '"ScoreTheCall"')) as typeof doc;
  await replaceJson(page, `${JSON.stringify(renamed, null, 2)}\n`);
  await expect(node(page, 'ScoreTheCall')).toBeVisible();
  await expect(node(page, 'CalculateScore')).toHaveCount(0);

  // Canvas → JSON: a state dropped from the palette appears in the JSON view.
  await dropFromPalette(page, 'Wait', 120, 120);
  await expect(node(page, 'Wait')).toBeVisible();
  await openJson(page);
  await expect(jsonView(page)).toContainText('"Wait": {');

  // Copy and paste on the canvas (keyboard), then delete; undo brings the deleted state back.
  await node(page, 'Wait').click();
  await page.getByTestId('editor-canvas').press('ControlOrMeta+d');
  await expect(node(page, 'WaitCopy')).toBeVisible();
  await expect(selectedState(page)).toHaveAttribute('data-state', 'WaitCopy');
  await page.getByTestId('editor-canvas').press('Delete');
  await expect(node(page, 'WaitCopy')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(node(page, 'WaitCopy')).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(node(page, 'WaitCopy')).toHaveCount(0);
  // Undo steps back over the delete, the paste, the drop and the JSON edit, to the saved version.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Undo' }).click();
  await expect(node(page, 'CalculateScore')).toBeVisible();
  await expect(node(page, 'Wait')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('a stakeholder sees the editor read-only and the server refuses their saves', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, `/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
  await expect(node(page, 'TranscribeRecording')).toBeVisible();
  await expect(page.getByTestId('palette')).toHaveCount(0);
  for (const name of ['Save draft', 'Save version…', 'Run…']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await node(page, 'TranscribeRecording').click();
  await expect(inspector(page).getByRole('textbox', { name: 'Name', exact: true }).first()).toBeDisabled();
  await openJson(page);
  await expect(jsonView(page)).toHaveAttribute('contenteditable', 'false');
  const refused = await page.request.post('/api/trpc/workflows.save', { data: { json: { workflow: {} } } });
  expect(refused.status()).toBe(403);
  const draft = await page.request.post('/api/trpc/workflows.drafts.save', { data: { json: { text: '{}' } } });
  expect(draft.status()).toBe(403);
});

test('a draft keeps an invalid document; a copy saved from a saved version is REFINEMENT_OF it; versions compare side by side', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.designer, `/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
  await expect(node(page, 'TranscribeRecording')).toBeVisible();
  // Break it and keep it as a draft: the address bar names the draft, the catalog lists it.
  const doc = await documentOf(page);
  doc.asl.States.GetCallRecordings!.Next = 'Nowhere';
  await replaceJson(page, `${JSON.stringify(doc, null, 2)}\n`);
  await expect(verdict(page)).toHaveAttribute('data-valid', 'false');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/workflows\/edit\?draft=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(verdict(page)).toHaveAttribute('data-valid', 'false');
  await page.goto('/workflows');
  await expect(page.getByTestId('catalog-draft').first()).toContainText(SEEDED.standard.name);

  // Fix it and save it as a new workflow derived from the standard one.
  await page.getByTestId('catalog-draft').first().getByRole('link').click();
  doc.asl.States.GetCallRecordings!.Next = 'TranscribeRecording';
  await replaceJson(page, `${JSON.stringify(doc, null, 2)}\n`);
  await expect(verdict(page)).toHaveAttribute('data-valid', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save version…' }).click();
  const save = page.getByRole('dialog', { name: 'Save as a new version' });
  await save.getByLabel('A new workflow derived from this one (REFINEMENT_OF)').check();
  await save.getByLabel('Name of the new workflow').fill('Standard, refined in e2e');
  await save.getByRole('button', { name: 'Save v1.0.0' }).click();
  await expect(save).toBeHidden();
  const saved = await trpc<
    Array<{ workflowId: string; version: string; name: string; relation: string | null; parentWorkflowId: string | null }>
  >(page.request, 'graph.savedWorkflows', undefined, 'query');
  const refined = saved.find((w) => w.name === 'Standard, refined in e2e')!;
  expect(refined).toMatchObject({ version: '1.0.0', relation: 'REFINEMENT_OF', parentWorkflowId: SEEDED.standard.id });

  // Compare: the derived workflow against the standard one, graph and JSON.
  await page.goto(`/workflows/compare?left=${SEEDED.standard.id}@1.0.0&right=${refined.workflowId}@1.0.0`);
  await expect(page.getByTestId('compare-summary')).toContainText('0 added');
  await expect(page.getByTestId('json-diff')).toContainText('/workflow_name');
  await expect(page.locator('[data-testid="diff-entry"][data-path="/workflow_id"]')).toBeVisible();
});
