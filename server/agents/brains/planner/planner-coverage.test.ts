import { describe, expect, it } from 'vitest';
import { fakeTools } from './testing/fake-tools.ts';
import { ok, ScriptedConversation } from './testing/script.ts';

/**
 * How much of a period the stored results cover, said once (insight-flow.ts `coverage`, shared by
 * every question answered from the stored results): with nothing analysed the answer says so and
 * offers the review — never "Only 0 of the 9 calls … covers part of the period". An empty QA store
 * over the demo CRM; today is 2024-07-08, so last week is 1–7 Jul 2024.
 */
const LAST_WEEK = 'last week (1–7 Jul 2024)';
const EMPTY = fakeTools({ list_qa_results: () => ok({ items: [], total: 0 }) });

describe('nothing analysed in the period', () => {
  it.each([
    [
      'Which advisor has the lowest QA score last week?',
      `There are no analysed calls ${LAST_WEEK} for all advisors yet, so I cannot rank them.`,
    ],
    ['Show me the three worst calls last week', `There are no analysed calls ${LAST_WEEK} for all advisors yet.`],
    ['Which customers sounded vulnerable in calls last week?', `There are no analysed calls ${LAST_WEEK} for all advisors yet.`],
  ])('%s', async (question, lead) => {
    const t = await new ScriptedConversation(EMPTY).turn(question);
    const counted = t.calls.find((c) => c.name === 'count_calls')!;
    const recorded = Number((await EMPTY('count_calls', counted.args)).recorded_in_period);
    expect(recorded).toBeGreaterThan(0);
    expect(t.reply).toBe(`${lead} Shall I analyse the ${recorded} calls recorded ${LAST_WEEK}?`);
    expect(t.reply).not.toMatch(/Only 0\b|part of the period/);
  });
});
