import { expect, test } from '@playwright/test';
import { newPlannerConversation, say } from './chat-helpers';
import { DEMO, shot, signIn } from './helpers';

/**
 * A multi-turn conversation with the offline Planner as a compliance manager types it (issue 15):
 * lower-case names, a pilot, follow-ups that refer back ("the same for June", "now for Tom"), a
 * "please don't" that runs nothing, "why did that call score low?" answered from the stored
 * result with a link to the call's review page, and a ranking from the stored QA results. On the
 * default console (the seeded workflow catalog, the demo clock 2024-07-08).
 */
test("a conversation with follow-ups: pilot, the same for June, now for Tom, please don't, why did that call score low", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);

  const confirm = await say(page, 'can u QA priya shah calls for last week pls');
  await expect(confirm).toContainText("To confirm: for Priya Shah's calls last week (1–7 Jul 2024)");

  const report = await say(page, 'sure, go ahead');
  await expect(report).toContainText(/QA score: \d+\/100/);
  await expect(page.getByTestId('chat-run-card').last()).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });

  await expect(await say(page, 'the same for June')).toContainText("To confirm: for Priya Shah's calls in June (1–30 Jun 2024)");
  await expect(await say(page, 'now for Tom')).toContainText("To confirm: for Tom Ellis's calls in June");
  const declined = await say(page, "Please don't");
  await expect(declined).toContainText("I won't run anything");
  await expect(page.getByTestId('chat-run-card')).toHaveCount(1);

  const why = await say(page, 'why did that call score low?');
  await expect(why).toContainText(/REC-\d+ \(Priya Shah/);
  await expect(why).toContainText(/scored \d+\/100/);
  await page.screenshot({ path: shot('planner-followups'), fullPage: true });
  await why.getByRole('link', { name: /review page/ }).click();
  await expect(page).toHaveURL(/\/qa\/[0-9a-f-]{36}/);
});

test('an unknown advisor is a question with a suggestion; "yes" takes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);
  await expect(await say(page, "Review Alex Wang's calls last week")).toContainText('Did you mean Alex Wong?');
  await expect(await say(page, 'yes')).toContainText("To confirm: for Alex Wong's calls last week");
  await expect(page.getByTestId('chat-run-card')).toHaveCount(0);
});
