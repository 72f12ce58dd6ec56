import { expect, type Page } from '@playwright/test';

/** The assistant's messages in the open chat thread. */
export const assistant = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

/**
 * Sends one message and waits for the turn to end: the input is enabled again and a new answer is
 * there. Returns the newest assistant message.
 */
export async function say(page: Page, text: string, timeout = 240_000) {
  const before = await assistant(page).count();
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').last()).toContainText(text.slice(0, 30));
  await expect(page.getByTestId('chat-input')).toBeEnabled({ timeout });
  await expect.poll(() => assistant(page).count(), { timeout: 10_000 }).toBeGreaterThan(before);
  return assistant(page).last();
}

/** A new Planner (workflow mode) conversation from the Chat page. */
export async function newPlannerConversation(page: Page) {
  await page.getByTestId('chat-new').click();
  await page.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-planner').click();
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}/);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
}
