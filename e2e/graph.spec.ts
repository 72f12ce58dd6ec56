import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED, trpc } from './trpc';

const { standard, allCalls, productCompliance } = SEEDED;
const graphUrl = (w: { id: string; version: string }) => `/graph?workflow=${w.id}&version=${w.version}`;
const node = (page: Page, w: { id: string; version: string }) =>
  page.locator(`[data-testid="lineage-node"][data-workflow-id="${w.id}"][data-version="${w.version}"]`);
const panel = (page: Page) => page.getByTestId('graph-side-panel');

test('the Graph page draws the seeded lineage; a refinement shows its diff to the parent and no runs', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/graph');
  await expect(page.getByRole('heading', { level: 1, name: 'Graph' })).toBeVisible();
  const canvas = page.getByTestId('lineage-canvas');
  // The seeded three (other specs on this console may have saved more workflows).
  for (const w of [standard, allCalls, productCompliance]) await expect(node(page, w)).toContainText(w.name);
  // A REFINEMENT_OF edge from each seeded child up to the standard workflow (ELK puts the parent on top).
  for (const child of [allCalls, productCompliance]) {
    await expect(
      canvas
        .getByRole('group', { name: `${child.name} 1.0.0 REFINEMENT_OF ${standard.name} 1.0.0` })
        .or(canvas.locator(`[aria-label="${child.name} 1.0.0 REFINEMENT_OF ${standard.name} 1.0.0"]`))
        .first(),
    ).toBeVisible();
  }
  const top = (await node(page, standard).boundingBox())!;
  for (const child of [allCalls, productCompliance]) expect((await node(page, child).boundingBox())!.y).toBeGreaterThan(top.y + top.height);
  await page.screenshot({ path: shot('graph-lineage') });

  await node(page, productCompliance)
    .getByRole('button', { name: `${productCompliance.name} version 1.0.0` })
    .click();
  await expect(page).toHaveURL(new RegExp(`workflow=${productCompliance.id}&version=1\\.0\\.0`));
  const p = panel(page);
  await expect(p.getByRole('heading', { level: 2, name: productCompliance.name })).toBeVisible();
  await expect(p.getByText('REFINEMENT_OF')).toBeVisible();
  // The diff to the parent: readable paths with the values before and after.
  const diff = p.getByTestId('parent-diff');
  const nameChange = diff.locator('[data-testid="diff-entry"][data-path="/workflow_name"]');
  await expect(nameChange).toHaveAttribute('data-kind', 'changed');
  await expect(nameChange).toContainText(`"${standard.name}"`);
  await expect(nameChange).toContainText(`"${productCompliance.name}"`);
  await expect(diff.locator('[data-testid="diff-entry"][data-path="/workflow_id"]')).toContainText(productCompliance.id);
  await expect(diff).toContainText(/\d+ changed, \d+ added, \d+ removed/);
  // Never run: the knowledge graph has no run of it, and nothing inherits from it.
  await expect(p.getByRole('heading', { name: 'Runs (0)' })).toBeVisible();
  await expect(p.getByTestId('version-runs-empty')).toContainText('No runs yet');
  await expect(p.getByText('No workflow inherits from this version.')).toBeVisible();
  await page.screenshot({ path: shot('graph-version') });

  // Its parent lists both refinements as descendants and has no parent of its own.
  await p.getByRole('button', { name: `${standard.name} v1.0.0`, exact: true }).click();
  await expect(p.getByRole('heading', { level: 2, name: standard.name })).toBeVisible();
  await expect(p.getByTestId('version-descendants')).toContainText(allCalls.name);
  await expect(p.getByTestId('version-descendants')).toContainText(productCompliance.name);
  await expect(p.getByText('This version has no parent')).toBeVisible();
});

test('a skill chip shows the saved workflows that use the skill and its reliability', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/graph');
  const saved = await trpc<Array<{ workflowId: string; version: string; skills: string[] }>>(
    page.request,
    'graph.savedWorkflows',
    undefined,
    'query',
  );
  const users = saved.filter((w) => w.skills.includes('skill://whisper-transcribe@1.0.0'));
  expect(users.length).toBeGreaterThanOrEqual(1);

  await node(page, standard).getByRole('button', { name: 'Skill whisper-transcribe@1.0.0' }).click();
  await expect(page).toHaveURL(/skill=skill%3A%2F%2Fwhisper-transcribe%401\.0\.0/);
  const p = panel(page);
  await expect(p.getByRole('heading', { level: 2, name: 'whisper-transcribe@1.0.0' })).toBeVisible();
  await expect(p.getByTestId('skill-used-by').getByRole('listitem')).toHaveCount(users.length);
  await expect(p.getByTestId('skill-used-by')).toContainText(standard.name);
  await expect(p.getByTestId('skill-alternatives')).toContainText('skill://assemblyai-transcribe@1.2.0');
  // The chip is pressed in every version that binds the skill.
  await expect(page.getByRole('button', { name: 'Skill whisper-transcribe@1.0.0', pressed: true })).toHaveCount(users.length);

  // A workflow in the list opens that version.
  await p
    .getByTestId('skill-used-by')
    .getByRole('button', { name: new RegExp(allCalls.name.replace(/[()]/g, '\\$&')) })
    .click();
  await expect(p.getByRole('heading', { level: 2, name: allCalls.name })).toBeVisible();
});

test('a designer runs a health check on the standard workflow', async ({ page }) => {
  await signIn(page, DEMO.designer, graphUrl(standard));
  const p = panel(page);
  await expect(p.getByRole('heading', { level: 2, name: standard.name })).toBeVisible();
  await p.getByRole('button', { name: 'Run health check' }).click();
  const result = p.getByTestId('health-result');
  await expect(result).toContainText(/Healthy|Needs attention/);
  if ((await result.textContent())!.includes('Healthy')) {
    // No skill of it has failed (yet): nothing to propose.
    await expect(result).toContainText('No bound skill’s recent failure rate is above 5%');
  } else {
    // The data has failures with a better alternative: the proposal is listed, pending, with its diff.
    await expect(result.getByTestId('health-proposal')).toBeVisible();
    const proposal = page.getByTestId('proposal').first();
    await expect(proposal).toHaveAttribute('data-status', 'pending');
    await expect(proposal.getByTestId('json-diff')).toBeVisible();
    await expect(proposal.getByRole('button', { name: /^Accept as v/ })).toBeEnabled();
  }
  await page.screenshot({ path: shot('graph-health-check') });
});

test('a stakeholder sees no health-check or accept actions, and the server refuses them', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, graphUrl(standard));
  await expect(page.getByTestId('role-notice')).toContainText('read-only');
  const p = panel(page);
  await expect(p.getByRole('heading', { level: 2, name: standard.name })).toBeVisible();
  await expect(p.getByTestId('version-descendants-section')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run health check' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Proposals/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  const res = await page.request.post('/api/trpc/graph.checkHealth', {
    data: { json: { workflow_id: standard.id, version: standard.version } },
  });
  expect(res.status()).toBe(403);
});
