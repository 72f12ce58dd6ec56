import { expect, test } from '@playwright/test';
import { DEMO, shot, submitSignIn } from './helpers';

test('a demo user signs in and sees their name and role in the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await submitSignIn(page, DEMO.designer.email, DEMO.designer.password);
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByTestId('current-user')).toHaveText(DEMO.designer.name);
  await expect(page.getByTestId('current-role')).toHaveText(DEMO.designer.role);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Workflows/ });
  await expect(link).toHaveAttribute('aria-current', 'page');
});

/** Each role's home (lib/roles.ts ROLE_HOMES): where a sign-in without a return path lands, and `/` afterwards. */
const HOMES = [
  [DEMO.compliance, '/qa', /QA review/],
  [DEMO.designer, '/workflows', /Workflows/],
  [DEMO.admin, '/runs', /Runs/],
  [DEMO.stakeholder, '/dashboard', /Dashboard/],
] as const;

for (const [user, home, section] of HOMES) {
  test(`the ${user.role.toLowerCase()} lands on ${home} after signing in, and / leads there`, async ({ page }) => {
    await page.goto('/sign-in');
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByTestId('current-role')).toHaveText(user.role);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await page.goto('/skills');
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${home}$`));
  });
}

test('a return path still wins over the home', async ({ page }) => {
  await page.goto('/sign-in?next=%2Fgraph');
  await submitSignIn(page, DEMO.stakeholder.email, DEMO.stakeholder.password);
  await expect(page).toHaveURL(/\/graph$/);
});

test('a wrong password shows an error and keeps the visitor on the sign-in page', async ({ page }) => {
  await page.goto('/sign-in');
  await submitSignIn(page, DEMO.admin.email, 'not-the-password');
  // Next's route announcer is an (empty) alert region too, so pick ours by its text.
  await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: shot('sign-in-error') });
});

test('a signed-out visit to /workflows goes to sign-in and returns there afterwards', async ({ page }) => {
  await page.goto('/workflows');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkflows$/);
  await submitSignIn(page, DEMO.compliance.email, DEMO.compliance.password);
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
});

test('signing out ends the session: console pages ask to sign in again', async ({ page }) => {
  await page.goto('/sign-in?next=%2Fsettings');
  await submitSignIn(page, DEMO.stakeholder.email, DEMO.stakeholder.password);
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/skills');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fskills$/);
});

test('a session that ends while a page is open sends the user to sign in and back', async ({ page, context }) => {
  await page.goto('/sign-in?next=%2Fsettings');
  await submitSignIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Reachable').first()).toBeVisible();
  // The session ends behind the page's back (expiry, revocation): the next client call is refused.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
  await submitSignIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/settings$/);
});

/** A demo console says who its demo users are on the sign-in page; choosing one signs in as them. */
test('the sign-in page of a demo console lists its demo users, one per role, and signs in as the one chosen', async ({ page }) => {
  await page.goto('/sign-in');
  const demo = page.getByTestId('demo-users');
  await expect(demo.getByRole('listitem')).toHaveCount(4);
  for (const user of [DEMO.compliance, DEMO.designer, DEMO.admin, DEMO.stakeholder]) {
    await expect(demo).toContainText(`${user.email} · password ${user.password}`);
  }
  await page.screenshot({ path: shot('sign-in-demo-users') });
  await demo.getByRole('button', { name: new RegExp(`^${DEMO.stakeholder.role} · ${DEMO.stakeholder.name}`) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-user')).toHaveText(DEMO.stakeholder.name);
});
