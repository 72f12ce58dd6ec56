import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, submitSignIn } from './helpers';
import { SEEDED, trpc } from './trpc';
import { openJson } from './editor-helpers';

/**
 * Issue 14's browser-facing findings against the real server (`next start` behind nothing):
 * headers, the open redirect, cross-site posts, body limits and the sign-in lock-out.
 */

/** CSP violations the page reports (collected from the first script on, before the app's own). */
async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('pages carry a nonce CSP and anti-framing headers, and still work: sign-in, editor, layout', async ({ page }) => {
  const violations = await collectCspViolations(page);
  const res = (await page.goto('/sign-in'))!;
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['referrer-policy']).toBe('same-origin');
  // A fresh nonce per response.
  const again = (await page.request.get('/sign-in')).headers()['content-security-policy'];
  expect(again).not.toBe(csp);
  // API responses: a policy that allows nothing, and nosniff.
  const api = await page.request.get('/api/health');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');

  // Hydrated under the policy: the form signs in (client-side tRPC), the editor draws the
  // seeded workflow with CodeMirror and @xyflow, laid out by ELK in its worker.
  await submitSignIn(page, DEMO.designer.email, DEMO.designer.password);
  await expect(page.getByTestId('current-user')).toHaveText(DEMO.designer.name);
  await page.goto(`/workflows/edit?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
  await expect(page.locator('[data-testid="state-node"]').first()).toBeVisible();
  await openJson(page);
  await expect(page.getByLabel('Workflow JSON')).toContainText('"StartAt"');
  // Feature probes that try eval and fall back (zod's JIT check) may be reported; nothing else.
  expect((await violations()).filter((v) => !/^script-src(-elem)? eval$/.test(v))).toEqual([]);
});

test('sign-in never returns to another host (the probe’s /%5C127.0.0.1:9/phish and kin)', async ({ page }) => {
  await page.goto('/sign-in?next=/%5C127.0.0.1:9/phish');
  await submitSignIn(page, DEMO.stakeholder.email, DEMO.stakeholder.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  // Signed in, the page redirects on the server: the same rule applies there.
  const nasty = ['/%5Cevil.example', '//evil.example', 'https://evil.example/', '/%09/evil.example', 'javascript:alert(1)'];
  for (const next of nasty) {
    await page.goto(`/sign-in?next=${next}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  }
  await page.goto('/sign-in?next=%2Fworkflows');
  await expect(page).toHaveURL(/\/workflows$/);
});

test('a form on another site cannot post to the console; only JSON is taken', async ({ page, baseURL }) => {
  await signIn(page, DEMO.admin);
  // A page on another origin whose form posts to tRPC as text/plain (no CORS preflight needed).
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" enctype="text/plain" action="${baseURL}/api/trpc/auth.signOut">
        <input name='{"json":null,"x":"' value='"}'><button>Win a prize</button></form>`,
    }),
  );
  await page.goto('https://evil.example/');
  const posted = page.waitForResponse((r) => r.url().includes('/api/trpc/auth.signOut'));
  await page.getByRole('button', { name: 'Win a prize' }).click();
  const refused = await posted;
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ status: 'error', error_code: 'forbidden' });
  // Still signed in.
  await page.goto('/settings');
  await expect(page.getByTestId('current-user')).toHaveText(DEMO.admin.name);

  // Same-origin (no Origin header at all, as curl sends) but not JSON: 415 for tRPC and the chat.
  const form = await page.request.post('/api/trpc/auth.signOut', { multipart: { json: 'null' } });
  expect(form.status()).toBe(415);
  const text = await page.request.post('/api/chat/3f0c8a7e-0000-4000-8000-000000000001/messages', {
    headers: { 'content-type': 'text/plain' },
    data: '{"content":"hello"}',
  });
  expect(text.status()).toBe(415);
  expect(await text.json()).toMatchObject({ status: 'error', error_code: 'unsupported_media_type' });
});

const LIMITED = ['/api/trpc/workflows.validate', '/api/chat/3f0c8a7e-0000-4000-8000-000000000001/messages', '/api/mcp'];

test('a 20 MB body gets 413 on tRPC, the chat and MCP', async ({ request }) => {
  const body = Buffer.alloc(20 * 1024 * 1024, 0x20);
  for (const path of LIMITED) {
    const res = await request.post(path, { headers: { 'content-type': 'application/json' }, data: body });
    expect(res.status(), path).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error', error_code: 'payload_too_large' });
  }
});

/** POSTs only the headers of a request declaring `bytes` of JSON: the answer can only come before any of the body is read. */
function headersOnly(url: string, bytes: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

test('a declared 20 MB body is refused with 413 before any of it is sent (at once, by its Content-Length)', async ({ baseURL }) => {
  for (const path of LIMITED) {
    const res = await headersOnly(`${baseURL}${path}`, 20 * 1024 * 1024);
    expect(res.status, path).toBe(413);
    expect(res.body).toMatchObject({ status: 'error', error_code: 'payload_too_large' });
  }
});

test('after 5 wrong passwords an account is locked, even for the right one; the source is audited', async ({ page, browser }) => {
  await signIn(page, DEMO.admin, '/settings');
  const email = `locked-${Date.now()}@e2e.test`;
  const password = 'the-right-password';
  const user = { email, displayName: 'Locked Out', role: 'stakeholder', password };
  await trpc(page.request, 'users.create', user, 'mutation');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/sign-in');
  for (let i = 1; i <= 5; i++) {
    await submitSignIn(visitor, email, `wrong-${i}`);
    await expect(visitor.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  }
  await submitSignIn(visitor, email, password);
  const alert = visitor.getByRole('alert').filter({ hasText: 'Too many failed sign-ins for this email.' });
  await expect(alert).toContainText(/Try again after \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UK time, in 1[45] minutes\./);
  await expect(visitor).toHaveURL(/\/sign-in/);
  await visitor.context().close();

  // The audit log has each failure with where it came from: the TCP peer, not a header. Newest first; other
  // sign-ins may come between, so the fifth failure is the next account lock-out older than the refusal.
  type Lockout = { scope: string; until: string };
  type Row = { resultStatus: string; detail: { throttled?: Lockout; locked_out?: Lockout } & Record<string, unknown> };
  const log = await trpc<{ rows: Row[] }>(page.request, 'audit.list', { limit: 100, action: 'auth.signIn' }, 'query');
  const refused = log.rows.findIndex((r) => r.detail?.throttled?.scope === 'account');
  expect(log.rows[refused]).toMatchObject({ resultStatus: 'forbidden', detail: { throttled: { scope: 'account' } } });
  const fifth = log.rows.slice(refused + 1).find((r) => r.detail?.locked_out?.scope === 'account');
  expect(fifth).toMatchObject({
    resultStatus: 'forbidden',
    detail: { source: { address: '127.0.0.1' }, locked_out: { scope: 'account' } },
  });
  expect(String((fifth!.detail!.source as { user_agent: string }).user_agent)).toMatch(/Chrome/);
});
