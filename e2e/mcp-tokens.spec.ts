import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { mcp } from './mcp';
import { trpc } from './trpc';

const settingsTabs = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test('an admin creates an API token in Settings; an agent lists and calls the tools with it; revoking stops it', async ({
  page,
  request,
}) => {
  const name = `e2e token ${Date.now()}`;
  await signIn(page, DEMO.admin, '/settings?tab=tokens');
  await expect(settingsTabs(page).getByRole('link', { name: 'API tokens' })).toHaveAttribute('aria-current', 'page');

  const form = page.getByRole('form', { name: 'Create API token' });
  await form.getByLabel('Token name').fill(name);
  await form.getByLabel('Agent name').fill('e2e-agent');
  await form.getByLabel('Read (read-only tools)').check();
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^dcf_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent())!;
  const row = page.locator(`[data-testid="api-token-row"][data-name="${name}"]`);
  await expect(row).toContainText('e2e-agent');
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).not.toContainText(token);
  await page.screenshot({ path: shot('settings-api-tokens') });

  const listed = await mcp(request, token, 'tools/list');
  expect(listed.status).toBe(200);
  const tools = listed.body.result!.tools as Array<{ name: string; annotations: { readOnlyHint: boolean } }>;
  expect(tools.length).toBe((await trpc<unknown[]>(page.request, 'tools.list', undefined, 'query')).length);
  expect(tools.find((t) => t.name === 'validate_workflow')?.annotations.readOnlyHint).toBe(true);

  const called = await mcp(request, token, 'tools/call', {
    name: 'get_skillset',
    arguments: { query: 'transcription' },
  });
  expect(called.body.result).toMatchObject({ structuredContent: { status: 'ok', error: null } });
  const refused = await mcp(request, token, 'tools/call', {
    name: 'store_memory',
    arguments: { kind: 'insight', text: 'not allowed' },
  });
  expect(refused.body.result).toMatchObject({
    isError: true,
    structuredContent: { status: 'error', error_code: 'forbidden' },
  });

  expect((await mcp(request, null, 'tools/list')).status).toBe(401);

  // The legacy HTTP+SSE transport through next start: the stream must arrive unbuffered.
  const viaSse = await page.evaluate(async (bearer) => {
    const headers = { authorization: `Bearer ${bearer}` };
    const stream = await fetch('/api/mcp/sse', { headers });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async (event: string) => {
      for (;;) {
        const m = new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`).exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return m[1]!;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const endpoint = await next('endpoint');
    const post = await fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });
    const answer = JSON.parse(await next('message')) as { id: number; result: { tools: unknown[] } };
    await reader.cancel();
    return { posted: post.status, id: answer.id, tools: answer.result.tools.length };
  }, token);
  expect(viaSse).toEqual({ posted: 202, id: 7, tools: tools.length });

  await page.reload();
  await expect(row).not.toContainText('never'); // last used is now set
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: `Revoke “${name}” now` }).click();
  await expect(row).toContainText('Revoked');
  expect((await mcp(request, token, 'tools/list')).status).toBe(401);
});

test('a non-admin sees no API tokens section', async ({ page }) => {
  await signIn(page, DEMO.designer, '/settings');
  await expect(settingsTabs(page).getByRole('link', { name: 'API tokens' })).toHaveCount(0);
  await page.goto('/settings?tab=tokens');
  await expect(page.getByTestId('role-notice')).toContainText('admins only');
  await expect(page.getByRole('form', { name: 'Create API token' })).toHaveCount(0);
  await expect(page.getByTestId('api-tokens-table')).toHaveCount(0);
});
