import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

/**
 * The Agents view (admins): the admin starts a Planner and a Conductor conversation in Chat,
 * finds their agents, reads the Planner's memory and messages, edits a block (a revision with the
 * admin as writer), and is refused a value that breaks the Conductor's session_context.
 * Other specs make agents too: this one finds its own by their conversation tags.
 */
test.describe.configure({ mode: 'serial' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const block = (page: Page, label: string) => page.locator(`[data-testid="memory-block"][data-label="${label}"]`);

/** Starts a conversation of this kind in Chat and returns its id. */
async function startConversation(page: Page, mode: 'planner' | 'conductor'): Promise<string> {
  await page.goto('/chat');
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId(`chat-new-${mode}`).click();
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}/);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  return new URL(page.url()).searchParams.get('c')!;
}

/** Sends a chat message and waits until the agent's turn is over. */
async function say(page: Page, text: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  const before = await answers.count();
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-input')).toBeEnabled({ timeout: 170_000 });
  await expect.poll(() => answers.count(), { timeout: 10_000 }).toBeGreaterThan(before);
}

async function searchAgents(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(query);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query).replace(/%20/g, '\\+')}`));
}

let plannerConversation = '';
let conductorConversation = '';

test('an admin finds the agents of their Planner and Conductor conversations', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.admin, '/chat');
  plannerConversation = await startConversation(page, 'planner');
  // Two turns: the Planner confirms the request, then finds the seeded workflow and runs it (tool calls).
  await say(page, 'Hi, I need to check the quality of advice calls made by Alex Wong last week.');
  await say(page, 'Yes. Please use the existing QA scorecard.');
  conductorConversation = await startConversation(page, 'conductor');

  await mainNav(page).getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await searchAgents(page, `conversation:${conductorConversation}`);
  await expect(page.getByTestId('agent-row')).toHaveCount(1);
  await expect(page.getByTestId('agent-row')).toHaveAttribute('data-role', 'conductor');

  // The Conductor's session tag finds its Strategist too; the role filter narrows the search.
  await page.getByTestId('agent-row').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('conductor-admin@demo.dcf');
  await page
    .getByRole('list', { name: 'Tags' })
    .getByRole('link', { name: /^session:/ })
    .click();
  await expect(page.getByTestId('agent-row')).toHaveCount(2);
  await page.getByLabel('Role').selectOption('strategist');
  await expect(page.getByTestId('agent-row')).toHaveCount(1);
  await expect(page.getByTestId('agent-row')).toHaveAttribute('data-role', 'strategist');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/agents$/);

  // Words and phrases match the conversation's title.
  await searchAgents(page, `"quality of advice calls" conversation:${plannerConversation}`);
  await expect(page.getByTestId('agent-row')).toHaveCount(1);
  await expect(page.getByTestId('agent-table')).toContainText('Hi, I need to check the quality');
  await page.screenshot({ path: shot('agents-list'), fullPage: true });
});

test('an admin reads the Planner’s messages and tool calls, and edits its memory as a revision', async ({ page }) => {
  await signIn(page, DEMO.admin, `/agents?q=conversation:${plannerConversation}`);
  await page.getByTestId('agent-row').getByRole('link').click();
  await expect(block(page, 'human')).toBeVisible();
  await expect(block(page, 'console_user')).toContainText('Avery Admin <admin@demo.dcf>');
  await expect(block(page, 'persona').getByRole('meter', { name: 'Characters used' })).toBeVisible();

  await page.getByRole('tab', { name: 'Messages and tool calls' }).click();
  await expect(page).toHaveURL(/tab=messages/);
  // Newest turn first: the confirmation, with its tool calls and their returns.
  const turns = page.getByTestId('agent-turn');
  await expect(turns).toHaveCount(2);
  await expect(turns.first().getByRole('heading')).toHaveText('Message from Avery Admin');
  await expect(turns.first().locator('[data-testid="chat-message"][data-role="user"]')).toContainText(
    'Please use the existing QA scorecard',
  );
  await expect(turns.first().locator('[data-testid="chat-tool-card"][data-status="ok"]').first()).toBeVisible();
  await expect(turns.last().locator('[data-testid="chat-message"][data-role="user"]')).toContainText('Alex Wong last week');
  await page.screenshot({ path: shot('agents-messages'), fullPage: true });

  await page.getByRole('tab', { name: /Core memory/ }).click();
  const human = block(page, 'human');
  await human.getByRole('button', { name: 'Edit the value of human' }).click();
  const editor = human.getByRole('textbox', { name: 'New value of human' });
  await expect(editor).toBeFocused();
  await editor.fill('x'.repeat(20_001));
  await expect(human.getByTestId('block-problem')).toHaveText(
    'human would be 20,001 characters, over its limit of 20,000: remove at least 1.',
  );
  await expect(human.getByRole('button', { name: 'Save value' })).toBeDisabled();
  await human.getByRole('button', { name: 'Cancel' }).click();
  await expect(human.getByTestId('block-editor')).toHaveCount(0);
  await expect(human.getByRole('button', { name: 'Edit the value of human' })).toBeFocused();

  await page.keyboard.press('Enter'); // the focused button opens the editor again
  await expect(editor).toBeFocused();
  await editor.fill('Avery is an admin who prefers dates in en-GB.');
  await human.getByRole('textbox', { name: /^Why/ }).fill('set by the e2e test');
  await editor.press('Control+Enter');
  await expect(human.getByTestId('block-notice')).toHaveText('Saved as revision 2.');
  await expect(human.getByTestId('block-value')).toHaveText('Avery is an admin who prefers dates in en-GB.');
  await expect(human.getByRole('button', { name: 'Edit the value of human' })).toBeFocused();

  await human.getByText('History (2 revisions)').click();
  const latest = human.locator('[data-testid="block-revision"][data-revision="2"]');
  await expect(latest).toContainText('by Avery Admin <admin@demo.dcf>');
  await expect(latest).toContainText('set by the e2e test');
  await expect(latest.getByRole('region', { name: /Changes to human/ })).toContainText('+Avery is an admin');
  await page.screenshot({ path: shot('agents-block-edited'), fullPage: true });

  // A block written by someone else while the editor is open is not overwritten unasked.
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  const cu = block(page, 'console_user');
  await cu.getByRole('button', { name: 'Edit the value of console_user' }).click();
  const cuEditor = cu.getByRole('textbox', { name: 'New value of console_user' });
  const before = await cuEditor.inputValue();
  const detail = await trpc<{ blocks: Array<{ id: string; label: string }> }>(page.request, 'agents.get', { agent_id: agentId }, 'query');
  const blockId = detail.blocks.find((b) => b.label === 'console_user')!.id;
  await trpc(
    page.request,
    'agents.updateBlock',
    { agent_id: agentId, block_id: blockId, value: `${before} Changed elsewhere.`, expected_value: before },
    'mutation',
  );
  await cuEditor.fill(`${before} Edited here.`);
  await cu.getByRole('button', { name: 'Save value' }).click();
  await expect(cu.getByRole('alert')).toContainText('console_user changed since you opened it');
  await cu.getByRole('button', { name: 'Keep my text over the new value' }).click();
  await cu.getByRole('button', { name: 'Save value' }).click();
  await expect(cu.getByTestId('block-notice')).toHaveText('Saved as revision 3.');
  await expect(cu.getByTestId('block-value')).toHaveText(`${before} Edited here.`);
});

test('an admin edits the Conductor’s shared session_context, which must stay JSON, and the Strategist sees it', async ({ page }) => {
  await signIn(page, DEMO.admin, `/agents?q=conversation:${conductorConversation}`);
  await page.getByTestId('agent-row').getByRole('link').click();
  const sc = block(page, 'session_context');
  await expect(sc).toContainText('read-only for agents');
  await sc.getByRole('button', { name: 'Edit the value of session_context' }).click();
  const editor = sc.getByRole('textbox', { name: 'New value of session_context' });
  const current = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
  await editor.fill('{"session_id": ');
  await expect(sc.getByTestId('block-problem')).toContainText(
    'session_context holds a JSON document that tools read; the new value is not valid JSON',
  );
  await expect(sc.getByRole('button', { name: 'Save value' })).toBeDisabled();
  await page.screenshot({ path: shot('agents-session-block'), fullPage: true });

  await editor.fill(JSON.stringify({ ...current, preferences: { speed: 'over thoroughness' } }));
  await sc.getByRole('button', { name: 'Save value' }).click();
  await expect(sc.getByTestId('block-notice')).toHaveText(/^Saved as revision \d+\.$/);
  await expect(sc.getByTestId('block-editor')).toHaveCount(0);

  // The block is shared: the Strategist's core memory holds the same value.
  await sc.getByRole('link', { name: /^strategist-/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('strategist-');
  await expect(block(page, 'session_context').getByTestId('block-value')).toContainText('"speed": "over thoroughness"');
});

test('the Agents view is for admins only', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/runs');
  await expect(mainNav(page).getByRole('link', { name: 'Agents' })).toHaveCount(0);
  await page.goto('/agents');
  await expect(page.getByTestId('role-notice')).toContainText('for admins');
  await expect(page.getByTestId('agent-list')).toHaveCount(0);
});
