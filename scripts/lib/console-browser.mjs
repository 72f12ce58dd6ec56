// Driving a running console in Chromium for the screenshot scripts (scripts/*-screenshots.mjs):
// the demo users, signing in as a role, one chat turn, and a named screenshot. Not used by tests.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEMO_USERS = {
  admin: ['admin@demo.dcf', 'demo-admin'],
  compliance: ['compliance@demo.dcf', 'demo-compliance'],
  designer: ['designer@demo.dcf', 'demo-designer'],
  stakeholder: ['stakeholder@demo.dcf', 'demo-stakeholder'],
};

/** A console in Chromium: `as(role)` signs in a new context; `snap` writes `<out>/<name>.png`. */
export async function consoleBrowser(base, out, { fullPage = false } = {}) {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  return {
    browser,
    async as(role) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
      const page = await ctx.newPage();
      await page.goto('/sign-in?next=%2Fdashboard');
      await page.getByLabel('Email').fill(DEMO_USERS[role][0]);
      await page.getByLabel('Password').fill(DEMO_USERS[role][1]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('current-user').waitFor();
      return page;
    },
    async snap(page, name) {
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${name}.png`, fullPage });
      console.log(`${out}/${name}.png`);
    },
  };
}

/** One chat turn: type, send, and wait for the agent's answer and the composer to open again. */
export async function say(page, text, timeout = 240_000) {
  const sel = '[data-testid="chat-message"][data-role="assistant"]';
  const before = await page.locator(sel).count();
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await page.waitForFunction(
    ([s, n]) => document.querySelectorAll(s).length > n && !document.querySelector('[data-testid="chat-input"]')?.hasAttribute('disabled'),
    [sel, before],
    { timeout },
  );
}
