import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { diskManifests } from './catalog-fixtures';

const manifests = diskManifests();

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.compliance, '/skills');
});

/** The built-in skills (echo, fail, sleep): their `registered` tool draws the one expected warning. */
const BUILTIN = ['skill://builtin.echo@1.0.0', 'skill://builtin.fail@1.0.0', 'skill://builtin.sleep@1.0.0'];

test('the catalog lists the twelve skills of skills/ a compliance manager works with, without the test-only ones', async ({ page }) => {
  expect(manifests).toHaveLength(15);
  expect(manifests.filter((m) => BUILTIN.includes(m.manifestId))).toHaveLength(3);
  const cards = page.getByTestId('skill-card');
  await expect(cards).toHaveCount(12);
  for (const m of manifests) {
    const card = cards.filter({ hasText: m.manifestId });
    await expect(card).toHaveCount(BUILTIN.includes(m.manifestId) ? 0 : 1);
    if (!BUILTIN.includes(m.manifestId)) await expect(card).not.toContainText('warning');
  }
  await expect(page.getByTestId('skill-count')).toHaveText('12 valid skills in skills/');
  await expect(page.getByRole('heading', { name: 'Invalid manifests and unreadable files (0)' })).toBeVisible();
  await page.screenshot({ path: shot('skills-list') });
});

test('a workflow designer sees all fifteen, the built-in test skills with their one warning', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, DEMO.designer, '/skills');
  const cards = page.getByTestId('skill-card');
  await expect(cards).toHaveCount(15);
  for (const uri of BUILTIN) await expect(cards.filter({ hasText: uri })).toContainText('1 tool · 1 warning');
  await expect(page.getByTestId('skill-count')).toHaveText('15 valid skills in skills/');
});

test('a built-in skill is valid with the one platform-tool warning', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, DEMO.designer, '/skills');
  await page.getByTestId('skill-card').filter({ hasText: 'skill://builtin.echo@1.0.0' }).click();
  const detail = page.getByTestId('skill-detail');
  await expect(detail.getByRole('heading', { level: 2, name: 'builtin.echo' })).toBeVisible();
  await expect(detail.getByText('with 1 warning:')).toBeVisible();
  await expect(detail.getByText('skill.platform_tool_required')).toBeVisible();
});

test("a skill's details show directives, tools with parameter schemas and definition, and validation", async ({ page }) => {
  const m = manifests.find((x) => x.skillName === 'compliance-analysis')!;
  const tool = m.requiredTools![0]!;
  await page.getByTestId('skill-card').filter({ hasText: m.manifestId }).click();
  await expect(page).toHaveURL(new RegExp(`skill=${encodeURIComponent(m.manifestId)}`));
  const detail = page.getByTestId('skill-detail');
  await expect(detail.getByRole('heading', { level: 2, name: m.skillName })).toBeVisible();
  await expect(detail.getByText(m.skillDirectives, { exact: true })).toBeVisible();
  await expect(detail.getByText('Valid manifest')).toBeVisible();
  await expect(detail.getByText('with no warnings')).toBeVisible();

  const toolCard = detail.getByTestId('skill-tool').filter({ hasText: tool.toolName });
  await expect(toolCard.getByText(tool.definition.endpointUrl!)).toBeVisible();
  await expect(toolCard.getByText(tool.definition.operationId!)).toBeVisible();
  const required = new Set(tool.json_schema!.parameters.required ?? []);
  for (const [name, schema] of Object.entries(tool.json_schema!.parameters.properties)) {
    const row = toolCard.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row).toContainText(schema.type);
    await expect(row).toContainText(required.has(name) ? 'required' : 'optional');
    if (schema.description) await expect(row).toContainText(schema.description);
  }
  await toolCard.getByRole('table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('skill-detail') });
});

test('data sources of a skill are listed', async ({ page }) => {
  const m = manifests.find((x) => (x.requiredDataSources ?? []).length > 0)!;
  await page.getByTestId('skill-card').filter({ hasText: m.manifestId }).click();
  const detail = page.getByTestId('skill-detail');
  await expect(detail.getByRole('heading', { name: `Tools (${m.requiredTools!.length})` })).toBeVisible();
  await expect(detail.getByRole('heading', { name: `Data sources (${m.requiredDataSources!.length})` })).toBeVisible();
  for (const ds of m.requiredDataSources!) await expect(detail.getByText(ds.dataSourceId, { exact: true })).toBeVisible();
});

test('search and the tag filter narrow the list through get_skillset', async ({ page }) => {
  const cards = page.getByTestId('skill-card');
  await expect(cards).toHaveCount(12);

  const audio = manifests.filter((m) => (m.tags ?? []).includes('audio'));
  expect(audio.length).toBeGreaterThan(0);
  await page.getByLabel('Filter by tag').selectOption('audio');
  await expect(cards).toHaveCount(audio.length);
  for (const m of audio) await expect(cards.filter({ hasText: m.manifestId })).toHaveCount(1);

  await page.getByLabel('Filter by tag').selectOption('');
  await page.getByLabel('Search skills').fill('compliance rules');
  await expect(page.getByTestId('skill-count')).toHaveText(/^\d+ of 12 skills match$/);
  await expect(cards.filter({ hasText: 'skill://compliance-analysis@' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'skill://whisper-transcribe@' })).toHaveCount(0);

  await page.getByLabel('Search skills').fill('zzz-no-such-skill');
  await expect(page.getByText('No skill matches')).toBeVisible();
});
