import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generateWorkflow } from '../bench/generate-workflow';
import { DEMO, shot, signIn } from './helpers';
import { node, replaceJson } from './editor-helpers';

/**
 * Saving versions from the editor (issue 34, the designer's rough edges): after "Save version…"
 * the header names the saved version and the draft it came from is gone from the list; a change to
 * the graph proposes a minor bump, a change inside a state a patch; "Compare…" shows what the open
 * version changed against the one before it. A check that could not be made says so.
 */

type Doc = { workflow_id: string; workflow_name: string; version: string; asl: { States: Record<string, Record<string, unknown>> } };

test('a saved version replaces its draft, proposes minor for a graph change and compares with the version before', async ({ page }) => {
  test.setTimeout(120_000);
  const doc = generateWorkflow(5) as Doc;
  doc.workflow_id = randomUUID();
  doc.workflow_name = `Versions e2e ${doc.workflow_id.slice(0, 8)}`;
  await signIn(page, DEMO.designer, '/workflows');
  // The server cannot be reached for the first check: the editor says it is not checked (it said
  // "0 errors" and "No problems", and could not be asked again), and checks again when asked.
  const unreachable = /\/api\/trpc\/[^?]*workflows\.validate/;
  await page.route(unreachable, (route) => route.abort('connectionfailed'));
  await page
    .getByLabel('Workflow file to open')
    .setInputFiles({ name: 'versions.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
  await expect(node(page, 'S0')).toBeVisible();
  const verdict = page.getByTestId('validation-verdict');
  await expect(verdict).toHaveAttribute('data-valid', 'unchecked', { timeout: 20_000 });
  await expect(verdict).toContainText('Not checked');
  await page.unroute(unreachable);
  await verdict.getByRole('button', { name: 'Check again' }).click();
  await expect(verdict).toHaveAttribute('data-valid', 'true', { timeout: 20_000 });

  // Kept as a draft first, then saved as the first version: the header says where it now comes from,
  // and the draft is no longer listed.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\?draft=/);
  const save = page.getByRole('dialog', { name: 'Save as a new version' });
  await page.getByRole('button', { name: 'Save version…' }).click();
  await save.getByRole('button', { name: 'Save v1.0.0' }).click();
  await expect(save).toBeHidden();
  const toolbar = page.getByTestId('editor-toolbar');
  await expect(toolbar).toContainText(`From saved ${doc.workflow_name} v1.0.0`);
  await expect(toolbar).not.toContainText('From draft');

  // A comment only: a patch is proposed.
  doc.asl.States.S1!.Comment = 'reads the call';
  await replaceJson(page, `${JSON.stringify(doc, null, 2)}\n`);
  await expect(verdict).toHaveAttribute('data-valid', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save version…' }).click();
  await expect(save.getByRole('radio', { name: 'patch' })).toBeChecked();
  await expect(save.getByRole('button', { name: 'Save v1.0.1' })).toBeVisible();
  await save.getByRole('button', { name: 'Cancel' }).click();

  // A new state at the end: the graph changed, so a minor bump is proposed.
  delete doc.asl.States.S4!.End;
  doc.asl.States.S4!.Next = 'Done';
  doc.asl.States.Done = { Type: 'Succeed' };
  await replaceJson(page, `${JSON.stringify(doc, null, 2)}\n`);
  await expect(verdict).toHaveAttribute('data-valid', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save version…' }).click();
  await expect(save.getByRole('radio', { name: 'minor' })).toBeChecked();
  await page.screenshot({ path: shot('editor-save-minor') });
  await save.getByRole('button', { name: 'Save v1.1.0' }).click();
  await expect(save).toBeHidden();
  await expect(toolbar).toContainText(`From saved ${doc.workflow_name} v1.1.0`);

  // Compare… shows v1.1.0 against v1.0.0: one state added.
  await page.getByRole('link', { name: 'Compare…' }).click();
  await expect(page).toHaveURL(new RegExp(`left=${doc.workflow_id}%401\\.0\\.0&right=${doc.workflow_id}%401\\.1\\.0`));
  await expect(page.getByTestId('compare-summary')).toContainText('1 added');

  await page.goto('/workflows');
  await expect(page.getByTestId('catalog-draft').filter({ hasText: doc.workflow_name })).toHaveCount(0);
});
