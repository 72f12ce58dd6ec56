import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO, signIn } from './helpers';
import { mcp } from './mcp';
import { trpc } from './trpc';

/**
 * Issue 29's probe, replayed on the running console: a 5,000-character search (it took 256 s and
 * held /api/health for as long) and compare_models with 100,000 ids (over 5 minutes) must each be
 * refused by their input bounds (`invalid_input`: refused before any work, not cut short after
 * it) while /api/health keeps answering. No times are asserted (tests assert behaviour; the tool
 * calls' times are bench/tool-fuzz.bench.ts's).
 */

/** Polls /api/health until `done` settles; how many polls answered 200 while it was in flight. */
async function healthWhile(request: APIRequestContext, done: Promise<unknown>): Promise<number> {
  let settled = false;
  void done.finally(() => (settled = true));
  let answered = 0;
  while (!settled) {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    answered++;
    await new Promise((r) => setTimeout(r, 50));
  }
  return answered;
}

test('a 5,000-character search and compare_models with 100,000 ids are refused at once; /api/health keeps answering', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.admin, '/settings');
  const { token } = await trpc<{ token: string }>(
    page.request,
    'apiTokens.create',
    {
      name: `robustness ${Date.now()}`,
      agentName: 'probe-agent',
      scopes: ['read'],
    },
    'mutation',
  );

  const search = page.request.get(
    `/api/trpc/graph.search?input=${encodeURIComponent(JSON.stringify({ json: { query: 'A'.repeat(5000) } }))}`,
  );
  const ids = Array.from({ length: 100_000 }, (_, i) => `agent-${String(i).padStart(6, '0')}`);
  const compare = mcp(request, token, 'tools/call', { name: 'compare_models', arguments: { model_ids: ids } });
  const health = await healthWhile(request, Promise.all([search, compare]));

  const searched = await search;
  expect(searched.status()).toBe(400);
  expect(await searched.json()).toMatchObject({ error: { json: { data: { error_code: 'invalid_input' } } } });

  const compared = await compare;
  expect(compared.body.result).toMatchObject({ isError: true, structuredContent: { error_code: 'invalid_input' } });

  expect(health).toBeGreaterThan(0);
});

/**
 * An address that names nothing says so in words — no error codes ("(not_found)", "run_id:
 * Invalid UUID") and no "Try again" where trying again cannot help.
 */
test('a run or a call that does not exist is said in words, without a pointless retry', async ({ page }) => {
  await signIn(page, DEMO.admin, '/runs');
  await page.goto('/runs/not-a-run');
  // The page's own alert (Next's route announcer is an alert too).
  const alert = page.getByRole('alert').filter({ hasText: /^No such/ });
  await expect(alert).toContainText('No such run');
  await expect(alert).toContainText('“not-a-run” is not the id of a run.');
  await page.goto('/runs/00000000-0000-4000-8000-000000000000');
  await expect(alert).toContainText('No such run');
  await expect(alert).not.toContainText(/not_found|Invalid UUID|\(\w+_\w+\)/);
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.goto('/qa/00000000-0000-4000-8000-000000000000');
  await expect(alert).toContainText('No such QA result');
  await expect(alert).not.toContainText(/not_found|\(\w+_\w+\)/);
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

/**
 * A list whose read fails says the failure's sentence, not its code ("… (not_found)" was shown), and
 * offers "Try again" only when the code says a retry can help. The failure is the server's answer
 * as the tool layer gives it (a tool failure inside a successful tRPC response), made here.
 */
test('the run list says a failed read in words and offers a retry only when one can help', async ({ page }) => {
  await signIn(page, DEMO.admin, '/skills');
  let code = 'not_found';
  await page.route(/\/api\/trpc\/[^?]*runs\.list/, async (route) => {
    // The list's read may share its batch with other reads: only its own answer is replaced.
    const calls = new URL(route.request().url()).pathname.split('/').pop()!.split(',');
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    const failed = { result: { data: { json: { status: 'error', error: 'the run store is not there', error_code: code } } } };
    await route.fulfill({ response, json: body.map((answer, i) => (calls[i] === 'runs.list' ? failed : answer)) });
  });
  await page.goto('/runs');
  const alert = page.getByRole('alert').filter({ hasText: 'Runs could not be listed' });
  await expect(alert).toContainText('the run store is not there');
  await expect(alert).not.toContainText(/not_found|\(\w+_\w+\)/);
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  code = 'unavailable';
  await page.reload();
  await expect(alert).toContainText('the run store is not there');
  await expect(alert).not.toContainText('unavailable');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
});

/** An address that is no page of the console says so in the console's words, with the way back (it was Next's bare 404). */
test('an address that is no page says so, in English for the UK, with a way back to the console', async ({ page }) => {
  await signIn(page, DEMO.admin, '/runs');
  const res = await page.goto('/settings/health');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No page at this address');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expectNoAxeViolations(page, 'the not-found page');
  await page.getByRole('link', { name: 'Go to the console' }).click();
  await expect(page).not.toHaveURL(/\/settings\/health/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
});
