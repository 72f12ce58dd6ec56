import { expect, type Cookie, type Page } from '@playwright/test';

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

/**
 * The session cookies of each user this worker has signed in, so a spec that needs a user signed in does not
 * pay for the form (a page and a password hash) every time. The sign-in form itself is tested in auth.spec.ts.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens `next` as `user`: with the worker's session of that user when it still holds, else through the
 * sign-in form (a spec may have signed that session out). Waits for the console shell to show the user.
 */
export async function signIn(page: Page, user: DemoUser, next = '/skills'): Promise<void> {
  const saved = sessions.get(user.email);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(next);
  }
  if (!saved || new URL(page.url()).pathname === '/sign-in') {
    if (!saved) await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await submitSignIn(page, user.email, user.password);
  }
  await expect(page.getByTestId('current-user')).toHaveText(user.name);
  sessions.set(user.email, await page.context().cookies());
}

/** Where screenshots for the report go (inside test-results/, which Playwright owns). */
export const shot = (name: string) => `test-results/screenshots/${name}.png`;
