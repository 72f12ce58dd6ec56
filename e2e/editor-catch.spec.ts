import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generateWorkflow } from '../bench/generate-workflow';
import { DEMO, shot, signIn } from './helpers';
import { layoutSettled, node } from './editor-helpers';

/** "Add catcher" (issue 34): a new catcher goes to a Fail state, never on into the next step. */
test('Add catcher catches into a new Fail state of the scope, then into that one', async ({ page }) => {
  const doc = generateWorkflow(5) as { workflow_id: string; workflow_name: string };
  doc.workflow_id = randomUUID();
  doc.workflow_name = 'Catch e2e';
  await signIn(page, DEMO.designer, '/workflows');
  await page
    .getByLabel('Workflow file to open')
    .setInputFiles({ name: 'catch.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
  await expect(node(page, 'S1')).toBeVisible();
  await layoutSettled(page);
  await node(page, 'S1').click();
  const inspector = page.getByTestId('inspector');
  await inspector.getByTestId('add-catcher').click();
  await expect(node(page, 'S1Failed')).toHaveAttribute('data-kind', 'Fail');
  await expect(inspector.getByTestId('catcher')).toHaveCount(1);
  await expect(inspector.getByTestId('catcher').getByLabel('Next')).toHaveValue('S1Failed');

  // S2 is in the same scope: its catcher goes to the Fail state that is there now.
  await layoutSettled(page);
  await node(page, 'S2').click();
  await inspector.getByTestId('add-catcher').click();
  await expect(inspector.getByTestId('catcher').getByLabel('Next')).toHaveValue('S1Failed');
  await expect(page.locator('[data-testid="state-node"][data-kind="Fail"]')).toHaveCount(1);
  await page.screenshot({ path: shot('editor-catch-into-fail') });
});
