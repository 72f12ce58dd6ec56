import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn, submitSignIn } from './helpers';
import { trpc } from './trpc';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const settingsTabs = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test('a stakeholder sees no admin sections in Settings and is told the console is read-only for them', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, '/settings');
  await expect(settingsTabs(page).getByRole('link')).toHaveText(['Health', 'Tools']);
  await expect(page.getByTestId('role-notice')).toContainText('read-only');
  await expect(page.getByTestId('health-table').getByRole('row')).toHaveCount(5); // header + database, redis, graph, agent runtime
  // The durable streams' dead letters: counts for everyone (none on a fresh console), Retry for admins only.
  await expect(page.getByTestId('dead-letter-stream')).toHaveCount(2);
  await expect(page.getByTestId('dead-letter-count')).toHaveText(['0', '0']);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.screenshot({ path: shot('settings-stakeholder') });

  await page.goto('/settings?tab=users');
  await expect(page.getByTestId('role-notice')).toContainText('admins only');
  await expect(page.getByRole('form', { name: 'Create user' })).toHaveCount(0);
  await expect(page.getByTestId('audit-table')).toHaveCount(0);

  // Sections a stakeholder will not have are not in the navigation; visiting one says why.
  await expect(mainNav(page).getByRole('link', { name: /Chat/ })).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: /Companions/ })).toHaveCount(0);
  await page.goto('/chat');
  await expect(page.getByTestId('role-notice')).toContainText('read-only access as a stakeholder');
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
});

test('every section is built: none is marked "soon" or shows a placeholder', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/runs');
  for (const [name, path, heading] of [
    [/graph/i, /\/graph$/, 'Graph'],
    [/runs/i, /\/runs$/, 'Runs'],
    [/companions/i, /\/companions/, 'Companions'],
  ] as const) {
    const link = mainNav(page).getByRole('link', { name });
    await expect(link).not.toContainText('soon');
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  }
});

test('an admin creates a user, sees the change in the audit log, and the new user can sign in', async ({ page, browser }) => {
  const email = `e2e-${Date.now()}@example.test`;
  const password = 'a-long-enough-password';
  await signIn(page, DEMO.admin, '/settings?tab=users');
  await expect(settingsTabs(page).getByRole('link')).toHaveText(['Health', 'Tools', 'Users', 'Audit log', 'API tokens']);

  const form = page.getByRole('form', { name: 'Create user' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Display name').fill('Erin Endtoend');
  await form.getByLabel('Role').selectOption('workflow_designer');
  await form.getByLabel('Initial password').fill(password);
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Created ${email} as Workflow designer.` })).toBeVisible();
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('workflow_designer');

  // The server's refusal is shown as it is: the email is taken now.
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Display name').fill('Erin Again');
  await form.getByLabel('Initial password').fill(password);
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByRole('alert')).toContainText(`A user with email ${email} already exists.`);
  await page.screenshot({ path: shot('settings-users') });

  await settingsTabs(page).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('users.create');
  await page.getByRole('button', { name: 'Filter' }).click();
  // Newest first: the refused duplicate, then the creation. Another spec may create a user meanwhile (the
  // specs share the console), so the creation is the first `ok` after the refusal, not necessarily next to it.
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'error' })).toHaveCount(1);
  const statuses = await rows.evaluateAll((els) => els.map((el) => (/\berror\b/.test(el.textContent ?? '') ? 'error' : 'ok')));
  const refused = statuses.indexOf('error');
  const created = statuses.indexOf('ok', refused);
  expect(created, statuses.join(', ')).toBeGreaterThan(refused);
  for (const i of [refused, created]) {
    await expect(rows.nth(i)).toContainText(DEMO.admin.email);
    await expect(rows.nth(i)).toContainText('users.create');
    await expect(rows.nth(i)).toContainText('sha256:');
  }
  await expect(rows.nth(created)).toContainText('ok');
  await page.screenshot({ path: shot('settings-audit') });

  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await newcomer.goto('/sign-in');
  await submitSignIn(newcomer, email, password);
  await expect(newcomer.getByTestId('current-user')).toHaveText('Erin Endtoend');
  await expect(newcomer.getByTestId('current-role')).toHaveText('Workflow designer');
  await other.close();
});

test('an admin cannot change their own role or disable themselves, and can disable another user', async ({ page }) => {
  await signIn(page, DEMO.admin, '/settings?tab=users');
  const self = page.locator(`[data-testid="user-row"][data-email="${DEMO.admin.email}"]`);
  await expect(self.getByLabel(`Role of ${DEMO.admin.email}`)).toBeDisabled();
  await expect(self.getByRole('button', { name: 'Disable' })).toBeDisabled();

  // A user of this test's own: disabling a demo user would end the sessions of specs running beside this one.
  const email = `disable-${Date.now()}@e2e.test`;
  await trpc(
    page.request,
    'users.create',
    { email, displayName: 'Dana Disable', role: 'stakeholder', password: 'a-long-enough-password' },
    'mutation',
  );
  await page.reload();
  const target = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await target.getByRole('button', { name: 'Disable' }).click();
  await expect(target.getByText('Disabled', { exact: true })).toBeVisible();
  await target.getByRole('button', { name: 'Enable' }).click();
  await expect(target.getByText('Active', { exact: true })).toBeVisible();
});
