import { describe, expect, it } from 'vitest';
import { currentEpisode, questionKindOf } from './conversation.ts';
import { followUp } from './follow-up.ts';
import { describeRange, periodAfterNoun, readReply, todayFrom } from './intent.ts';
import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { parseRequest } from './request.ts';

const TODAY = new Date('2024-07-08T09:00:00Z');
const kind = (text: string) => parseRequest(text, TODAY)?.kind ?? null;

describe("what the Planner reads in the user's words", () => {
  it.each([
    ['Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?', 'qa_review'],
    ['can u QA alex wong calls for last week pls', 'qa_review'],
    ["Score Alex Wong's calls from last week", 'qa_review'],
    ['How did Priya Shah do in June?', 'qa_review'],
    ['Review the whole team’s calls in June', 'qa_review'],
    [
      'I need to check if advisors are explaining the new HELOC 2.0 product correctly in their calls since the start of the month.',
      'product_check',
    ],
    ['Are advisors explaining homeowner loans correctly?', 'product_check'],
    ['Show me all calls this month where the customer sounded vulnerable', 'vulnerability_scan'],
    ['Which advisor has the lowest QA score?', 'rank'],
    ['Who are the best advisors this month?', 'rank'],
    ['Which rule fails most?', 'rank'],
    ['Why did REC-88342 score so low?', 'explain_call'],
    ['Which calls missed disclosures last week?', 'rule_topic'],
    ['how are advisors doing on affordability checks in their calls?', 'rule_topic'],
    ['why did that call score low?', 'explain_call'],
    ['Yes, only the parts where the advisor describes the product matter.', null],
    ['Yes. Please use the existing QA scorecard.', null],
    ['Hello there', null],
    ['Book me a meeting room for Tuesday', null],
  ])('%s → %s', (text, expected) => {
    expect(kind(text)).toBe(expected);
  });

  it('reads the period and the ranking asked for', () => {
    expect(parseRequest('How did Priya Shah do in June?', TODAY)!.range).toMatchObject({
      start_date: '2024-06-01',
      end_date: '2024-06-30',
    });
    expect(parseRequest('Which advisor has the lowest QA score?', TODAY)!.rank).toEqual({ subject: 'advisors', order: 'worst' });
    expect(parseRequest('Who are the best advisors this month?', TODAY)!.rank).toEqual({ subject: 'advisors', order: 'best' });
    expect(parseRequest('Which rule fails most?', TODAY)!.rank).toMatchObject({ subject: 'rules' });
    expect(parseRequest('Why did rec-88342 score so low?', TODAY)!.call).toBe('REC-88342');
  });

  it('follow-ups: a new request of the previous kind with what the message changes', () => {
    const prev = parseRequest("Check Alex Wong's calls last week", TODAY)!;
    expect(followUp('the same for June', prev, TODAY)).toMatchObject({ kind: 'qa_review', range: { start_date: '2024-06-01' } });
    expect(followUp('now for Priya', prev, TODAY)!.texts.at(-1)).toBe('now for Priya');
    expect(followUp('re-run that for the whole team', prev, TODAY)).toMatchObject({ kind: 'qa_review', range: prev.range });
    expect(followUp('also check the speaker turns', prev, TODAY)!.outcomes.add).toEqual(['speaker_turns']);
    expect(followUp('thanks, that is great', prev, TODAY)).toBeNull();
  });

  it('reads yes, no, stop, retry and status answers (the full table is lib/nl/confirmation.test.ts)', () => {
    expect(readReply('Yes. Please use the existing QA scorecard.')).toMatchObject({ yes: true, no: false });
    expect(readReply("Please don't")).toMatchObject({ yes: false, no: true });
    expect(readReply('Absolutely not')).toMatchObject({ yes: false, no: true });
    expect(readReply('no, go ahead')).toMatchObject({ yes: true, no: false });
    expect(readReply('hmm, maybe')).toMatchObject({ yes: false, no: false });
    expect(readReply('No, cancel everything')).toMatchObject({ no: true, stop: true });
    expect(readReply('please retry')).toMatchObject({ retry: true });
    expect(readReply('is it finished?')).toMatchObject({ status: true });
  });

  it('takes today from the clock memory block, else from the real clock', () => {
    const block = (value: string) => [{ id: 'b', label: 'clock', value, limit: 100 }];
    expect(todayFrom(block('Today is 2024-07-08T09:00:00Z (Monday).')).toISOString()).toBe('2024-07-08T09:00:00.000Z');
    expect(todayFrom(block('2024-08-05')).toISOString()).toBe('2024-08-05T00:00:00.000Z');
    const real = new Date('2030-01-01T00:00:00Z');
    expect(todayFrom([], real)).toBe(real);
    expect(todayFrom(block('no date here'), real)).toBe(real);
  });

  it('replies amend the request; a yes/no reply stays in the episode it answers', () => {
    const ep = currentEpisode(
      [
        {
          role: 'user',
          content:
            'I need to check if advisors are explaining the new HELOC 2.0 product correctly in their calls ' +
            'since the start of the month.',
        },
        {
          role: 'assistant',
          content: 'I have a reusable Advice Call Analysis workflow. Shall I adapt it to isolate the advisor’s product explanation?',
        },
        { role: 'user', content: 'Yes, explaining the HELOC 2.0 product matters in their calls.' },
      ],
      TODAY,
    );
    expect(ep).toMatchObject({ start: 0, finals: [{ index: 1, kind: 'propose_adapt' }] });
    const corrected = currentEpisode(
      [
        { role: 'user', content: 'check the quality of calls made by Alex Wong last week' },
        { role: 'assistant', content: "Of course. To confirm: for Alex Wong's calls last week (…), should I check compliance?" },
        { role: 'user', content: 'make it the last 14 days' },
      ],
      TODAY,
    );
    expect(corrected!.request.range).toMatchObject({ start_date: '2024-06-25', end_date: '2024-07-08' });
    expect(questionKindOf('Sorry … Shall I proceed with this improved version? (If you prefer …)')).toBe('healing');
    expect(questionKindOf('Run x: SUCCEEDED.')).toBeNull();
  });
});

describe('periodAfterNoun: "recordings for last week", never "recordings for in June"', () => {
  it.each([
    ['calls last week', 'for last week'],
    ['calls in june', 'in June'],
    ['calls for JUNE 2024', 'in June 2024'],
    ['calls 1-5 july', 'for 1–5 July'],
    ['calls between july 1st and july 5th', 'between 1 July and 5 July'],
    ['calls since the start of the month', 'since the start of the month'],
  ])('%s → %s', (text, words) => {
    expect(periodAfterNoun(resolveDateRange(text, TODAY)!.phrase)).toBe(words);
  });
});

describe('describeRange: a period said back in en-GB, its days as lib/uk-time.ts says them', () => {
  const said = (text: string) => describeRange(resolveDateRange(text, TODAY)!);
  it.each([
    ['calls last week', 'last week (1–7 Jul 2024)'],
    ['calls in June', 'in June (1–30 Jun 2024)'],
    ['calls since the start of the month', 'since the start of the month (1–8 Jul 2024)'],
    ['calls the past two weeks', 'past two weeks (25 Jun – 8 Jul 2024)'],
    // Days typed as ISO are echoed back as days, never as ISO.
    ['calls from 2024-07-01 to 2024-07-07', 'from 1 Jul 2024 to 7 Jul 2024'],
    ['calls on 2024-07-03', 'on 3 Jul 2024'],
    // The user's words as the console writes them, however they were typed (seen in use: "in june (1–30 Jun 2024)").
    ['who scored lowest in june?', 'in June (1–30 Jun 2024)'],
    ['calls for JUNE 2024', 'in June 2024 (1–30 Jun 2024)'],
    ['calls between july 1st and july 5th', 'between 1 July and 5 July (1–5 Jul 2024)'],
    ['calls 1-5 july', '1–5 July (1–5 Jul 2024)'],
    ['calls in q2', 'in Q2 (1 Apr – 30 Jun 2024)'],
    ['calls on 03/07/2024', 'on 3 Jul 2024'],
  ])('%s → %s', (text, words) => {
    expect(said(text)).toBe(words);
  });

  it('says a range that crosses a year with both years, and ISO inside other words as a day', () => {
    expect(describeRange({ start_date: '2024-12-29', end_date: '2025-01-04', phrase: 'the week over new year' })).toBe(
      'the week over new year (29 Dec 2024 – 4 Jan 2025)',
    );
    expect(describeRange({ start_date: '2024-06-28', end_date: '2024-07-07', phrase: 'last week, from 2024-06-28 on' })).toBe(
      'from 28 Jun 2024 to 7 Jul 2024',
    );
    expect(describeRange({ start_date: '2024-07-01', end_date: '2024-07-07', phrase: 'up to 2024-07-07' })).toBe(
      'up to 7 Jul 2024 (1–7 Jul 2024)',
    );
  });
});
