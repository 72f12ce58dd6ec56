import { describe, expect, it } from 'vitest';
import { clockToday, resolveDateRange, type DateRange } from './relative-dates.ts';

// The demo clock: Monday 2024-07-08, the day after Alex Wong's week of spec §2.
const MONDAY = new Date('2024-07-08T09:00:00Z');
/** 23:59 BST on Sunday 14 July (22:59 UTC). */
const SUNDAY = new Date('2024-07-14T22:59:00Z');
/** Wednesday 10 July 2024. */
const WEDNESDAY = new Date('2024-07-10T09:00:00Z');
/** Tuesday 4 February 2025 (winter: London is on GMT). */
const WINTER = new Date('2025-02-04T15:00:00Z');

const range = (start_date: string, end_date: string, phrase: string, extra: Partial<DateRange> = {}): DateRange => ({
  start_date,
  end_date,
  phrase,
  ...extra,
});

describe('resolveDateRange: the demo clock and the original phrasings', () => {
  it.each([
    ['advice calls made by Alex Wong last week', MONDAY, range('2024-07-01', '2024-07-07', 'last week')],
    ['last week', SUNDAY, range('2024-07-01', '2024-07-07', 'last week')],
    ['in their calls since the start of the month', MONDAY, range('2024-07-01', '2024-07-08', 'since the start of the month')],
    [
      'since the beginning of this month',
      new Date('2024-08-05T10:00:00Z'),
      range('2024-08-01', '2024-08-05', 'since the beginning of this month'),
    ],
    ['this week', new Date('2024-07-10T00:00:00Z'), range('2024-07-08', '2024-07-10', 'this week')],
    ['last month', MONDAY, range('2024-06-01', '2024-06-30', 'last month')],
    ['last month', new Date('2024-03-15T00:00:00Z'), range('2024-02-01', '2024-02-29', 'last month')],
    ['the past 3 days', MONDAY, range('2024-07-06', '2024-07-08', 'past 3 days')],
    ['the last seven days', MONDAY, range('2024-07-02', '2024-07-08', 'last seven days')],
    ['yesterday', MONDAY, range('2024-07-07', '2024-07-07', 'yesterday')],
    ['calls from 2024-07-07 to 2024-07-01', MONDAY, range('2024-07-01', '2024-07-07', 'from 2024-07-07 to 2024-07-01', { reversed: true })],
    ['2024-06-03..2024-06-09 please', MONDAY, range('2024-06-03', '2024-06-09', '2024-06-03..2024-06-09')],
    ['since 2024-06-20', MONDAY, range('2024-06-20', '2024-07-08', 'since 2024-06-20')],
  ])('%s (today %s)', (text, today, expected) => {
    expect(resolveDateRange(text, today)).toEqual(expected);
  });

  it('a year boundary: last week of 2024 seen from 2025-01-01 (a Wednesday)', () => {
    expect(resolveDateRange('last week', new Date('2025-01-01T12:00:00Z'))).toMatchObject({
      start_date: '2024-12-23',
      end_date: '2024-12-29',
    });
  });

  it('"today" is the London calendar day: 00:30 BST on Monday is still Sunday in UTC', () => {
    const mondayInLondon = new Date('2024-07-14T23:30:00Z');
    expect(resolveDateRange('today', mondayInLondon)).toEqual(range('2024-07-15', '2024-07-15', 'today'));
    expect(resolveDateRange('last week', mondayInLondon)).toMatchObject({ start_date: '2024-07-08', end_date: '2024-07-14' });
    // In winter London is on GMT: 23:30 UTC is the same day.
    expect(resolveDateRange('today', new Date('2025-01-05T23:30:00Z'))).toMatchObject({ start_date: '2025-01-05' });
  });

  it('no range named: null', () => {
    expect(resolveDateRange('check the quality of advice calls', MONDAY)).toBeNull();
  });

  it('refuses a today that is not a date, with a clear error', () => {
    expect(() => resolveDateRange('last week', new Date('not a date'))).toThrow(/today must be a valid Date/);
  });
});

describe('resolveDateRange on Wednesday 10 July 2024', () => {
  it.each([
    ['last week', range('2024-07-01', '2024-07-07', 'last week')],
    ['this week', range('2024-07-08', '2024-07-10', 'this week')],
    // Rolling: the 14 days ending today, today included (periods.ts).
    ['the last two weeks', range('2024-06-27', '2024-07-10', 'last two weeks')],
    ['over the past 2 weeks', range('2024-06-27', '2024-07-10', 'past 2 weeks')],
    ['in the last fortnight', range('2024-06-27', '2024-07-10', 'last fortnight')],
    ['last 30 days', range('2024-06-11', '2024-07-10', 'last 30 days')],
    ['the last 3 months', range('2024-04-11', '2024-07-10', 'last 3 months')],
    ['How did Priya Shah do in June?', range('2024-06-01', '2024-06-30', 'in June')],
    ['for June', range('2024-06-01', '2024-06-30', 'in June')],
    // A month without a year is the most recent one that has begun; in progress it ends today.
    ['calls in July', range('2024-07-01', '2024-07-10', 'in July')],
    ['calls in August', range('2023-08-01', '2023-08-31', 'in August')],
    ['in December', range('2023-12-01', '2023-12-31', 'in December')],
    ['June 2024', range('2024-06-01', '2024-06-30', 'in June 2024')],
    ['Jan 2024', range('2024-01-01', '2024-01-31', 'in Jan 2024')],
    ['August 2024', range('2024-08-01', '2024-08-31', 'in August 2024', { future: true })],
    // "first week of July" is days 1–7 of the month.
    ['the first week of July', range('2024-07-01', '2024-07-07', 'in the first week of July')],
    ['the second week of June', range('2024-06-08', '2024-06-14', 'in the second week of June')],
    ['the last week of June', range('2024-06-24', '2024-06-30', 'in the last week of June')],
    ['first week of July 2023', range('2023-07-01', '2023-07-07', 'in the first week of July 2023')],
    ['between July 1 and July 7', range('2024-07-01', '2024-07-07', 'between July 1 and July 7')],
    ['from 1 July to 7 July', range('2024-07-01', '2024-07-07', 'from 1 July to 7 July')],
    ['calls 1-7 July', range('2024-07-01', '2024-07-07', '1-7 July')],
    ['between 1 and 7 July', range('2024-07-01', '2024-07-07', 'between 1 and 7 July')],
    ['between July 1st and 7th', range('2024-07-01', '2024-07-07', 'between July 1st and 7th')],
    ['from the 1st of July to the 7th of July', range('2024-07-01', '2024-07-07', 'from the 1st of July to the 7th of July')],
    ['from June to July', range('2024-06-01', '2024-07-10', 'from June to July')],
    ['from 1 July until yesterday', range('2024-07-01', '2024-07-09', 'from 1 July until yesterday')],
    ['since the start of the month', range('2024-07-01', '2024-07-10', 'since the start of the month')],
    ['since June', range('2024-06-01', '2024-07-10', 'since June')],
    ['since last week', range('2024-07-01', '2024-07-10', 'since last week')],
    ['this month', range('2024-07-01', '2024-07-10', 'this month')],
    ['last month', range('2024-06-01', '2024-06-30', 'last month')],
    ['yesterday', range('2024-07-09', '2024-07-09', 'yesterday')],
    ['today', range('2024-07-10', '2024-07-10', 'today')],
    ['the day before yesterday', range('2024-07-08', '2024-07-08', 'the day before yesterday')],
    ['2024-07-01', range('2024-07-01', '2024-07-01', 'on 2024-07-01')],
    ['from 2024-07-01 to 2024-07-07', range('2024-07-01', '2024-07-07', 'from 2024-07-01 to 2024-07-07')],
    ['since 2024-07-01', range('2024-07-01', '2024-07-10', 'since 2024-07-01')],
    // UK order: day first.
    ['on 01/07/2024', range('2024-07-01', '2024-07-01', 'on 01/07/2024')],
    ['02.07.2024', range('2024-07-02', '2024-07-02', 'on 02.07.2024')],
    ['between 01/07/2024 and 07/07/2024', range('2024-07-01', '2024-07-07', 'between 01/07/2024 and 07/07/2024')],
    ['01/07/2024-07/07/2024', range('2024-07-01', '2024-07-07', '01/07/2024-07/07/2024')],
    ['on 3/7', range('2024-07-03', '2024-07-03', 'on 3/7')],
    ['1st July', range('2024-07-01', '2024-07-01', 'on 1st July')],
    ['calls on 3 July', range('2024-07-03', '2024-07-03', 'on 3 July')],
    // Times are not read: "from 3 July" is the day, not 03:00.
    ['calls from 3 July', range('2024-07-03', '2024-07-03', 'on 3 July')],
    ['the call at 3pm on 3 July', range('2024-07-03', '2024-07-03', 'on 3 July')],
    ['the week of 1 July', range('2024-07-01', '2024-07-07', 'in the week of 1 July')],
    ['w/c 24 June', range('2024-06-24', '2024-06-30', 'w/c 24 June')],
    ['Q2 2024', range('2024-04-01', '2024-06-30', 'in Q2 2024')],
    ['Q3 2024', range('2024-07-01', '2024-07-10', 'in Q3 2024')],
    ['last quarter', range('2024-04-01', '2024-06-30', 'last quarter')],
    ['in 2023', range('2023-01-01', '2023-12-31', 'in 2023')],
    ['next week', range('2024-07-15', '2024-07-21', 'next week', { future: true })],
    // An end after today is kept (callers decide); it is not in the future when it starts by today.
    ['between 1 July and 20 July', range('2024-07-01', '2024-07-20', 'between 1 July and 20 July')],
    // Across a year end, when the side without a year fits within half a year.
    ['from 20 December to 5 January', range('2023-12-20', '2024-01-05', 'from 20 December to 5 January')],
  ])('%s', (text, expected) => {
    expect(resolveDateRange(text, WEDNESDAY)).toEqual(expected);
  });

  it.each([
    ['between July 7 and July 1', range('2024-07-01', '2024-07-07', 'between July 7 and July 1', { reversed: true })],
    ['from 2024-07-07 to 2024-07-01', range('2024-07-01', '2024-07-07', 'from 2024-07-07 to 2024-07-01', { reversed: true })],
    ['7-1 July', range('2024-07-01', '2024-07-07', '7-1 July', { reversed: true })],
    ['between 7 and 1 July', range('2024-07-01', '2024-07-07', 'between 7 and 1 July', { reversed: true })],
    ['from 07/07/2024 to 01/07/2024', range('2024-07-01', '2024-07-07', 'from 07/07/2024 to 01/07/2024', { reversed: true })],
    // Half a year or more across the year end is not a reading: the words run backwards.
    ['from July to June', range('2024-06-01', '2024-07-10', 'from July to June', { reversed: true })],
  ])('words that run backwards are flagged, never silently swapped: %s', (text, expected) => {
    expect(resolveDateRange(text, WEDNESDAY)).toEqual(expected);
  });

  it.each([
    'May I ask how the calls went?',
    'may I see the scores',
    'Alex may want to check his calls',
    'march the calls through QA',
    'March them through QA',
    'Review May calls',
    'Priya, May and Tom',
    'review Theresa May',
    'Siobhan, May I ask something?',
    'scored 3/5 on disclosures',
    'Why did REC-88342 score so low?',
    'the new HELOC 2.0 product',
    'version 1.2.3',
    'show the top 10 advisors with a score below 60',
    '24/7 monitoring',
    'Re-run that for the whole team',
    'Which advisor has the lowest QA score?',
  ])('names no date: %s', (text) => {
    expect(resolveDateRange(text, WEDNESDAY)).toBeNull();
  });

  it.each([
    ['siobhan ni bhriain, March', '2024-03-01', '2024-03-31'],
    ['Priya Shah: May?', '2024-05-01', '2024-05-31'],
    ['Priya Shah, March please', '2024-03-01', '2024-03-31'],
    ['May', '2024-05-01', '2024-05-31'],
    ['march', '2024-03-01', '2024-03-31'],
  ])('"May" and "March" are months last in the message, with a capital, or as the whole answer: %s', (text, start, end) => {
    expect(resolveDateRange(text, WEDNESDAY)).toMatchObject({ start_date: start, end_date: end });
  });

  it('"May" and "March" are months after a period word', () => {
    expect(resolveDateRange('calls in May', WEDNESDAY)).toEqual(range('2024-05-01', '2024-05-31', 'in May'));
    expect(resolveDateRange('since March', WEDNESDAY)).toEqual(range('2024-03-01', '2024-07-10', 'since March'));
    expect(resolveDateRange('3 May', WEDNESDAY)).toEqual(range('2024-05-03', '2024-05-03', 'on 3 May'));
    // A follow-up asking about another month, in lower case ("how did Priya do in june?" … "what about may?").
    expect(resolveDateRange('what about may?', WEDNESDAY)).toMatchObject({ start_date: '2024-05-01', end_date: '2024-05-31' });
    expect(resolveDateRange('how about march', WEDNESDAY)).toMatchObject({ start_date: '2024-03-01', end_date: '2024-03-31' });
    // The phrase said back has no trailing punctuation ("in June, (1–30 Jun 2024)" read oddly).
    expect(resolveDateRange('who scored lowest in june, tom or priya?', WEDNESDAY)).toMatchObject({ phrase: 'in june' });
  });

  it.each([
    ["look at Tom's conversations from May", range('2024-05-01', '2024-05-31', 'in May')],
    ['from May', range('2024-05-01', '2024-05-31', 'in May')],
    ['since May', range('2024-05-01', '2024-07-10', 'since May')],
    ['from May onwards', range('2024-05-01', '2024-07-10', 'from May onwards')],
    ['from May to July', range('2024-05-01', '2024-07-10', 'from May to July')],
    ['May–June', range('2024-05-01', '2024-06-30', 'May–June')],
    ['March-April', range('2024-03-01', '2024-04-30', 'March-April')],
    ['May to June', range('2024-05-01', '2024-06-30', 'May to June')],
    ['for Q2', range('2024-04-01', '2024-06-30', 'in Q2')],
    ['last quarter', range('2024-04-01', '2024-06-30', 'last quarter')],
    // A month not yet begun this year is last year's (the clock's year rule).
    ['from August', range('2023-08-01', '2023-08-31', 'in August')],
    ['since August', range('2023-08-01', '2024-07-10', 'since August')],
  ])('a bare month after "from"/"since" or in a month range: %s', (text, expected) => {
    expect(resolveDateRange(text, WEDNESDAY)).toEqual(expected);
  });

  it('of several date words the longest reading wins, and a correction is read on its own', () => {
    expect(resolveDateRange('can u QA alex wong calls for last week pls', WEDNESDAY)).toMatchObject({ phrase: 'last week' });
    expect(resolveDateRange('yes, for June instead', WEDNESDAY)).toEqual(range('2024-06-01', '2024-06-30', 'in June'));
    expect(resolveDateRange('the same for the first week of July', WEDNESDAY)).toMatchObject({ phrase: 'in the first week of July' });
  });
});

describe('resolveDateRange on Tuesday 4 February 2025', () => {
  it.each([
    ['last week', range('2025-01-27', '2025-02-02', 'last week')],
    ['this week', range('2025-02-03', '2025-02-04', 'this week')],
    ['last two weeks', range('2025-01-22', '2025-02-04', 'last two weeks')],
    ['in June', range('2024-06-01', '2024-06-30', 'in June')],
    ['in January', range('2025-01-01', '2025-01-31', 'in January')],
    ['first week of July', range('2024-07-01', '2024-07-07', 'in the first week of July')],
    ['between July 1 and July 7', range('2024-07-01', '2024-07-07', 'between July 1 and July 7')],
    ['from 20 December to 5 January', range('2024-12-20', '2025-01-05', 'from 20 December to 5 January')],
    ['since the start of the month', range('2025-02-01', '2025-02-04', 'since the start of the month')],
    ['this month', range('2025-02-01', '2025-02-04', 'this month')],
    ['last month', range('2025-01-01', '2025-01-31', 'last month')],
    ['this year', range('2025-01-01', '2025-02-04', 'this year')],
    ['last year', range('2024-01-01', '2024-12-31', 'last year')],
    ['Q4', range('2024-10-01', '2024-12-31', 'in Q4')],
    ['yesterday', range('2025-02-03', '2025-02-03', 'yesterday')],
    ['01/02/2025', range('2025-02-01', '2025-02-01', 'on 01/02/2025')],
    ['on 3 July', range('2024-07-03', '2024-07-03', 'on 3 July')],
    ['last 30 days', range('2025-01-06', '2025-02-04', 'last 30 days')],
  ])('%s', (text, expected) => {
    expect(resolveDateRange(text, WINTER)).toEqual(expected);
  });
});

describe('clockToday', () => {
  it('a pinned date or date-time wins over the real clock', () => {
    expect(clockToday('2024-07-08').toISOString()).toBe('2024-07-08T00:00:00.000Z');
    expect(clockToday('2024-07-08T09:00:00Z').toISOString()).toBe('2024-07-08T09:00:00.000Z');
    const real = new Date('2030-01-01T00:00:00Z');
    expect(clockToday(undefined, real)).toBe(real);
  });
});
