import { expect, type Page } from '@playwright/test';

/** The demo users seeded by scripts/e2e-server.sh (server/auth/demo-users.ts). */
export const DEMO = {
  compliance: { email: 'compliance@demo.dcf', password: 'demo-compliance', name: 'Casey Compliance', role: 'Compliance manager' },
  designer: { email: 'designer@demo.dcf', password: 'demo-designer', name: 'Dana Designer', role: 'Workflow designer' },
  admin: { email: 'admin@demo.dcf', password: 'demo-admin', name: 'Avery Admin', role: 'Admin' },
  stakeholder: { email: 'stakeholder@demo.dcf', password: 'demo-stakeholder', name: 'Sam Stakeholder', role: 'Stakeholder' },
} as const;
export type DemoUser = (typeof DEMO)[keyof typeof DEMO];

/** Fills the sign-in form on the current page and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form and waits for the console shell to show the user. */
export async function signIn(page: Page, user: DemoUser, next = '/skills'): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByTestId('current-user')).toHaveText(user.name);
}

/** Where screenshots for the report go (inside test-results/, which Playwright owns). */
export const shot = (name: string) => `test-results/screenshots/${name}.png`;
