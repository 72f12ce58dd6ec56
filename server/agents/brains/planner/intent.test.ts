import { describe, expect, it } from 'vitest';
import { currentEpisode, questionKindOf } from './conversation.ts';
import { advisorIn, overridesIn, parseRequest, productIn, readReply, todayFrom } from './intent.ts';

const TODAY = new Date('2024-07-08T09:00:00Z');

describe('what the Planner reads in the user\'s words', () => {
  it('recognises an advisor QA review in paraphrases, with the advisor and the range resolved against today', () => {
    for (const text of [
      'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?',
      'Could you review the quality of Alex Wong’s calls from last week?',
      "Please analyse Alex Wong's advice calls from last week",
      'QA review for advisor Alex Wong, calls last week',
    ]) {
      expect(parseRequest(text, TODAY), text).toEqual({ kind: 'qa_review', advisor: 'Alex Wong', range: { start_date: '2024-07-01', end_date: '2024-07-07', phrase: 'last week' } });
    }
    expect(parseRequest('Check the quality of the calls from 2024-06-03 to 2024-06-09 made by Priya Shah', TODAY)).toMatchObject({ advisor: 'Priya Shah', range: { start_date: '2024-06-03', end_date: '2024-06-09' } });
    expect(parseRequest('check the quality of advice calls', TODAY)).toEqual({ kind: 'qa_review', advisor: null, range: null });
  });

  it('recognises a product-explanation check, and not the replies that mention the product', () => {
    expect(parseRequest('I need to check if advisors are explaining the new HELOC 2.0 product correctly in their calls since the start of the month.', TODAY)).toEqual({
      kind: 'product_check', product: 'HELOC 2.0', range: { start_date: '2024-07-01', end_date: '2024-07-08', phrase: 'since the start of the month' },
    });
    expect(parseRequest('Are advisors explaining the Homeowner Loan product correctly? Check their calls from 2024-07-01 to 2024-07-07.', TODAY)).toMatchObject({ product: 'Homeowner Loan' });
    expect(productIn('do advisors explain HELOC 2.0 well')).toBe('HELOC 2.0');
    expect(parseRequest('Yes, only the parts where the advisor describes the product matter.', TODAY)).toBeNull();
    expect(parseRequest('Yes. Please use the existing QA scorecard.', TODAY)).toBeNull();
    expect(parseRequest('Hello there', TODAY)).toBeNull();
  });

  it('finds advisor names but not greetings, firms or months', () => {
    expect(advisorIn('calls by Alex Wong last week')).toBe('Alex Wong');
    expect(advisorIn('Hi Selina Finance, calls from July')).toBeNull();
    expect(advisorIn('Jane Doe', true)).toBe('Jane Doe');
    expect(advisorIn('Jane Doe')).toBeNull();
  });

  it('reads yes, no, stop, retry and status answers', () => {
    expect(readReply('Yes. Please use the existing QA scorecard.')).toMatchObject({ yes: true, no: false });
    expect(readReply('Sure, go ahead.')).toMatchObject({ yes: true, no: false });
    expect(readReply('Looks good, yes — scale it up.')).toMatchObject({ yes: true });
    expect(readReply('No, not now.')).toMatchObject({ yes: false, no: true, stop: false });
    expect(readReply('No, cancel everything')).toMatchObject({ no: true, stop: true });
    expect(readReply("don't run it")).toMatchObject({ no: true, yes: false });
    expect(readReply('Hmm, what would that involve?')).toMatchObject({ yes: false, no: false });
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

  it('applies corrections from replies and keeps a yes/no reply in the episode it answers', () => {
    const req = parseRequest('check the quality of calls made by Alex Wong last week', TODAY)!;
    expect(overridesIn('make it the last 14 days', req, TODAY)).toEqual({ range: { start_date: '2024-06-25', end_date: '2024-07-08', phrase: 'last 14 days' } });
    const ep = currentEpisode(
      [
        { role: 'user', content: 'I need to check if advisors are explaining the new HELOC 2.0 product correctly in their calls since the start of the month.' },
        { role: 'assistant', content: 'I have a reusable Advice Call Analysis workflow. Shall I adapt it to isolate the advisor’s product explanation?' },
        { role: 'user', content: 'Yes, explaining the HELOC 2.0 product matters in their calls.' },
      ],
      TODAY,
    );
    expect(ep).toMatchObject({ start: 0, finals: [{ index: 1, kind: 'propose_adapt' }] });
    expect(questionKindOf('Sorry … Shall I proceed with this improved version? (If you prefer …)')).toBe('healing');
    expect(questionKindOf('Run x: SUCCEEDED.')).toBeNull();
  });
});
