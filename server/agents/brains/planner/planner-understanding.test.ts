import { describe, expect, it } from 'vitest';
import { fakeTools } from './testing/fake-tools.ts';
import { ScriptedConversation } from './testing/script.ts';
import { names, withCoveringCatalog } from './testing/planner-fixtures.ts';
/**
 * What people actually type (issue 15), over the scripted tool layer with the demo CRM's own
 * directory (list_advisors, count_calls answered by the crm-directory skill's functions). Today
 * is 2024-07-08 (the demo clock): "last week" is 1–7 July.
 */
const catalog = withCoveringCatalog;

describe('the Planner reads people, periods and products the way users type them', () => {
  it('"can u QA alex wong calls for last week pls": any case, resolved through the CRM, ' + 'calls counted before asking', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn('can u QA alex wong calls for last week pls');
    expect(names(t.calls)).toEqual(['list_advisors', 'count_calls']);
    expect(t.calls[1]!.args).toEqual({ start_date: '2024-07-01', end_date: '2024-07-07', advisor_names: ['Alex Wong'] });
    expect(t.reply).toContain("To confirm: for Alex Wong's calls last week (1–7 Jul 2024)");
  });

  it.each([
    ["Score Alex Wong's calls from last week", 'Alex Wong'],
    ["Please review James O'Connor’s calls last week", "James O'Connor"],
    ['How did Priya do last week?', 'Priya Shah'],
  ])('%s → %s', async (text, who) => {
    const t = await new ScriptedConversation(fakeTools()).turn(text);
    expect(t.reply).toContain(`To confirm: for ${who}'s calls`);
  });

  it('"How did Priya Shah do in June?" is a QA review of June', async () => {
    const t = await new ScriptedConversation(fakeTools()).turn('How did Priya Shah do in June?');
    expect(t.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({ start_date: '2024-06-01', end_date: '2024-06-30' });
    expect(t.reply).toContain("Priya Shah's calls");
  });

  it('an unknown advisor is a question with suggestions, and no run; ' + '"yes" to a single suggestion takes it', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn("Check the quality of John Smith's calls last week");
    expect(names(t.calls)).toEqual(['list_advisors']);
    expect(t.reply).toMatch(/^I can't find John Smith in the CRM\. Did you mean .+\?$/);
    const typo = await new ScriptedConversation(fakeTools()).turn("Check the quality of Alex Wang's calls last week");
    expect(typo.reply).toBe("I can't find “Alex Wang” in the CRM. Did you mean Alex Wong?");
    const c2 = new ScriptedConversation(fakeTools());
    await c2.turn("Check the quality of Alex Wang's calls last week");
    expect((await c2.turn('yes')).reply).toContain("To confirm: for Alex Wong's calls last week");
    expect(c.calls.some((x) => x.name === 'start_workflow_run')).toBe(false);
  });

  it('a reversed period is a question, not a swapped range and not a failed run', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn("Review Alex Wong's calls between July 7 and July 1");
    expect(names(t.calls)).toEqual(['list_advisors']);
    expect(t.reply).toContain('ends before it starts. Shall I take it as 1–7 Jul 2024?');
    expect(t.reply).toContain('Which period should I use?');
    expect((await c.turn('yes')).reply).toContain("To confirm: for Alex Wong's calls");
  });

  it('a period that has not started is a question, its days and today in en-GB', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn("Review Alex Wong's calls in December 2024");
    expect(t.reply).toContain('(1–31 Dec 2024) has not started yet — today is 8 Jul 2024, so there are no calls to look at.');
    expect(c.calls.some((x) => x.name === 'count_calls')).toBe(false);
  });

  it('a period with no calls is a question, with no run', async () => {
    const c = new ScriptedConversation(fakeTools());
    const t = await c.turn("Review Alex Wong's calls in May");
    expect(names(t.calls)).toEqual(['list_advisors', 'count_calls']);
    expect(t.reply).toContain('I found no recorded calls for Alex Wong');
    const again = await c.turn('last week then');
    expect(again.reply).toContain("To confirm: for Alex Wong's calls last week");
  });
});

describe('confirmations: only a clear yes acts', () => {
  const asked = async () => {
    const c = new ScriptedConversation(catalog());
    await c.turn("Check the quality of Alex Wong's calls last week");
    return c;
  };
  it.each(["Please don't", 'Absolutely not', 'not yet'])('"%s" runs nothing', async (text) => {
    const c = await asked();
    const t = await c.turn(text);
    expect(t.calls).toEqual([]);
    expect(t.reply).toContain("I won't run anything");
  });
  it('"hmm, maybe" asks again', async () => {
    const c = await asked();
    const t = await c.turn('hmm, maybe');
    expect(t.calls).toEqual([]);
    expect(t.reply).toMatch(/^Sorry, I'm not sure whether that is a yes or a no\./);
  });
  it('"no, go ahead" runs the pilot', async () => {
    const c = await asked();
    const t = await c.turn('no, go ahead');
    expect(names(t.calls)).toContain('start_workflow_run');
  });
});
