import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { callTool } from './mcp';
import { trpc } from './trpc';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/**
 * Agent memory files (issue 18): a real agent (a Planner conversation's) writes and appends its
 * memory files over MCP with a token naming it, cannot leave its directory, and an admin browses
 * the files in the Agents view's "Memory files" tab (type, size, UK time, the file's text).
 */
test('an agent keeps memory files over MCP; an admin browses them in the Agents view', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin, '/agents');
  const conversation = await trpc<{ agentId: string }>(page.request, 'chat.create', { mode: 'planner' }, 'mutation');
  const agentId = conversation.agentId;
  const { token } = await trpc<{ token: string }>(
    page.request,
    'apiTokens.create',
    { name: `memory ${Date.now()}`, agentName: agentId, scopes: ['write'] },
    'mutation',
  );

  const journal = '# 8 July 2024\n\n- Reviewed Alex Wong’s calls';
  const journalPath = 'journal/2024-07-08.md';
  const journalArgs = { file_path: journalPath, content_base64: b64(journal) };
  expect(await callTool(request, token, 'write_agent_memory_file', journalArgs)).toMatchObject({
    structuredContent: { status: 'ok', file_path_written: 'journal/2024-07-08.md' },
  });
  expect(
    await callTool(request, token, 'append_to_agent_memory_file', {
      file_path: 'journal/2024-07-08.md',
      content_to_append_base64: b64('- Two calls need a second review'),
    }),
  ).toMatchObject({ structuredContent: { status: 'ok', status_message: 'Content appended successfully.' } });
  const settings = b64('threshold: 0.8\nteam: North\n');
  await callTool(request, token, 'write_agent_memory_file', { file_path: 'settings', content_base64: settings });
  const read = await callTool(request, token, 'read_agent_memory_file', { file_path: 'journal/2024-07-08.md' });
  expect(read.structuredContent).toMatchObject({ file_exists: true, file_type_hint: 'MARKDOWN' });
  expect(Buffer.from(String(read.structuredContent.content_base64), 'base64').toString()).toBe(
    `${journal}\n- Two calls need a second review`,
  );
  const escape = await callTool(request, token, 'read_agent_memory_file', { file_path: '../../pglite/PG_VERSION' });
  expect(escape).toMatchObject({ isError: true, structuredContent: { status: 'error', error_code: 'forbidden' } });

  await page.goto(`/agents/${encodeURIComponent(agentId)}?tab=files`);
  await expect(page.getByRole('tab', { name: 'Memory files' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByTestId('memory-file');
  await expect(rows).toHaveCount(2);
  const row = page.locator('[data-testid="memory-file"][data-path="journal/2024-07-08.md"]');
  await expect(row).toContainText('MARKDOWN');
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(page.locator('[data-testid="memory-file"][data-path="settings"]')).toContainText('YAML');
  await row.getByRole('button').click();
  await expect(page.getByTestId('memory-file-view')).toContainText('Two calls need a second review');
  await page.screenshot({ path: shot('agents-memory-files'), fullPage: true });
});
