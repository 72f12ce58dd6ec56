import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPlannerConversation, say } from './chat-helpers';
import { DEMO, shot, signIn, type DemoUser } from './helpers';

/**
 * Issue 28, "Published versions only", in Chromium on the seeded console: a workflow designer saves
 * a new version of Standard Advice Call Analysis in the editor; it is a draft, and the Planner
 * keeps running the published version — saying which — until the designer publishes the new one
 * from the workflow list. An admin then rolls back (publishes the earlier version again), which
 * leaves the catalog as the other specs expect it.
 */
const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const NAME = 'Standard Advice Call Analysis';
const REQUEST = 'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?';

async function as(browser: Browser, user: DemoUser, next: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, user, next);
  return page;
}

/** The Planner's answer to the QA request, confirmed, in a new conversation of the compliance manager. */
async function plannerPilot(chat: Page) {
  await chat.goto('/chat');
  await newPlannerConversation(chat);
  await say(chat, REQUEST);
  let report = await say(chat, 'Yes. Please use the existing QA scorecard.');
  // Other specs on this shared console may have made a skill unreliable: the Planner then offers a healed version
  // first. What this test is about is the version in use, so the user declines, as the Planner suggests.
  if (/improved version\?/.test((await report.textContent()) ?? '')) report = await say(chat, 'No, run it as it is.');
  await expect(chat.getByTestId('chat-run-card').last()).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 60_000 });
  return report;
}

test("a designer's new version is not used by the Planner until it is published", async ({ browser }) => {
  test.setTimeout(400_000);
  const designer = await as(browser, DEMO.designer, '/workflows');
  const row = designer.locator(`[data-testid="catalog-workflow"][data-workflow-id="${STANDARD}"]`);
  await expect(designer.getByTestId('clock-note')).toContainText('Times are UK time (Europe/London).');
  await expect(row.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'published');
  const inUse = (await row.getByTestId('version-lifecycle').getAttribute('data-version'))!;

  // 1. The designer saves a new version in the editor: a draft, saved by them, not in use.
  await row.getByRole('link', { name: /^Edit / }).click();
  await designer.getByRole('button', { name: 'Save version…' }).click();
  const save = designer.getByRole('dialog', { name: 'Save as a new version' });
  await save.getByLabel('Change note').fill('e2e: a new version nobody has published yet');
  await save.getByRole('button', { name: /^Save v/ }).click();
  await expect(save).toBeHidden();
  await expect(designer).toHaveURL(/version=/);
  const saved = new URL(designer.url()).searchParams.get('version')!;
  expect(saved).not.toBe(inUse);
  await designer.getByRole('tab', { name: 'Versions' }).click();
  const panel = designer.getByTestId('versions-panel');
  await expect(panel).toContainText('Times are UK time (Europe/London).');
  const draft = panel.locator(`[data-testid="editor-version"][data-version="${saved}"]`);
  await expect(draft.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'draft');
  await expect(draft).toContainText(new RegExp(`Saved \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} by ${DEMO.designer.email}`));
  await expect(panel.locator(`[data-testid="editor-version"][data-version="${inUse}"]`).getByTestId('version-lifecycle')).toHaveAttribute(
    'data-status',
    'published',
  );
  await designer.screenshot({ path: shot('versions-editor-draft') });

  // 2. The Planner still runs the published version, and says which.
  const chat = await as(browser, DEMO.compliance, '/chat');
  const before = await plannerPilot(chat);
  await expect(before).toContainText(`I ran «${NAME}» v${inUse}, the published version (published `);
  await expect(before).not.toContainText(`v${saved}`);

  // 3. The designer publishes the new version from the workflow list; the one in use before is retired.
  await designer.goto('/workflows');
  await row.getByLabel(`Version of ${NAME}`).selectOption(saved);
  await row.getByRole('button', { name: `Publish ${NAME} v${saved}` }).click();
  await expect(row.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'published');
  await expect(row.getByTestId('version-lifecycle')).toContainText(`by ${DEMO.designer.email}`);
  await expect(row.getByTestId('version-lifecycle')).toContainText(/Published \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(row).toContainText(`in use: v${saved}`);
  await row.getByLabel(`Version of ${NAME}`).selectOption(inUse);
  await expect(row.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'retired');
  await expect(row.getByTestId('version-lifecycle')).toContainText(`(superseded by v${saved})`);
  await designer.screenshot({ path: shot('versions-list-designer'), fullPage: true });

  // 4. Now the Planner runs the published new version.
  const after = await plannerPilot(chat);
  await expect(after).toContainText(`I ran «${NAME}» v${saved}, the published version (published `);
  await expect(after).toContainText(`by ${DEMO.designer.email})`);

  // 5. An admin rolls back: the earlier version is published again, the new one retired.
  const admin = await as(browser, DEMO.admin, '/workflows');
  const adminRow = admin.locator(`[data-testid="catalog-workflow"][data-workflow-id="${STANDARD}"]`);
  await adminRow.getByLabel(`Version of ${NAME}`).selectOption(inUse);
  await adminRow.getByRole('button', { name: `Publish ${NAME} v${inUse}` }).click();
  await expect(adminRow.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'published');
  await expect(adminRow.getByTestId('version-lifecycle')).toContainText(`by ${DEMO.admin.email}`);
  await expect(adminRow).toContainText(`in use: v${inUse}`);
  await admin.screenshot({ path: shot('versions-list-admin'), fullPage: true });
});

test("a compliance manager sees each version's lifecycle but cannot publish or retire", async ({ browser }) => {
  const page = await as(browser, DEMO.compliance, '/workflows');
  const row = page.locator(`[data-testid="catalog-workflow"][data-workflow-id="${STANDARD}"]`);
  await expect(row.getByTestId('version-lifecycle')).toHaveAttribute('data-status', 'published');
  await expect(row.getByTestId('version-lifecycle')).toContainText(/Saved \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} by /);
  await expect(row.getByRole('button', { name: /^(Publish|Retire) / })).toHaveCount(0);
});
