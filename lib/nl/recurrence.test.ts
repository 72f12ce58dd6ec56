import { describe, expect, it } from 'vitest';
import { findRecurrence } from './recurrence.ts';

const cron = (text: string) => {
  const f = findRecurrence(text);
  return f?.recurrence?.kind === 'cron' ? { cron: f.recurrence.cron, words: f.recurrence.words, rest: f.rest } : f;
};

describe('findRecurrence', () => {
  it.each([
    ["Every Monday at 9am, review every advisor's calls from the previous week", '0 9 * * 1', 'every Monday at 09:00'],
    ['Schedule a weekly QA review of the whole team on Fridays at 5pm', '0 17 * * 5', 'every Friday at 17:00'],
    ['each weekday at 07:30 rank the advisors by QA score for yesterday', '30 7 * * 1-5', 'every weekday at 07:30'],
    ['every Monday and Thursday at noon check vulnerable customers', '0 12 * * 1,4', 'every Monday and Thursday at 12:00'],
    ['on the 1st of every month at 8am review the Home Finance North team', '0 8 1 * *', 'on the 1st of every month at 08:00'],
    ['daily at 18:15 show calls with vulnerable customers', '15 18 * * *', 'every day at 18:15'],
    ["every day review Tom Ellis's calls", '0 9 * * *', 'every day at 09:00'],
    ['weekly on wednesday review Priya', '0 9 * * 3', 'every Wednesday at 09:00'],
  ])('%s', (text, expected, words) => {
    const r = cron(text) as { cron: string; words: string };
    expect(r.cron).toBe(expected);
    expect(r.words).toBe(words);
  });

  it('keeps the request in the rest, without the schedule words', () => {
    expect(findRecurrence("Every Monday at 9am, review every advisor's calls from the previous week")?.rest).toBe(
      "review every advisor's calls from the previous week",
    );
    expect(findRecurrence('Schedule a weekly QA review of the whole team on Fridays at 5pm')?.rest).toBe(
      'Schedule a QA review of the whole team',
    );
  });

  it('takes a part of the day said beside the recurrence out of the request, and reads its hour', () => {
    const cases: Array<[string, string, string]> = [
      [
        "Every weekday morning, review yesterday's calls covering vulnerable customers",
        '0 9 * * 1-5',
        "review yesterday's calls covering vulnerable customers",
      ],
      [
        "Review yesterday's calls every weekday morning, covering vulnerable customers",
        '0 9 * * 1-5',
        "Review yesterday's calls, covering vulnerable customers",
      ],
      [
        "Can you review last week's calls every Monday morning at 8, covering affordability?",
        '0 8 * * 1',
        "Can you review last week's calls, covering affordability?",
      ],
      ["each morning at 7 check the previous day's calls", '0 7 * * *', "check the previous day's calls"],
      ['on Fridays in the afternoon rank the teams', '0 14 * * 5', 'rank the teams'],
      [
        'review all calls from yesterday, every evening, covering the failures',
        '0 18 * * *',
        'review all calls from yesterday, covering the failures',
      ],
    ];
    for (const [text, expected, rest] of cases) expect(cron(text)).toMatchObject({ cron: expected, rest });
    expect(findRecurrence('every weekday morning review the team')?.recurrence).toMatchObject({ timeSaid: false });
  });

  it('a part of the day alone is not a schedule', () => {
    expect(findRecurrence("review this morning's calls")).toBeNull();
    expect(findRecurrence('show calls from yesterday afternoon')).toBeNull();
  });

  it('says when no time was given, so the caller can say it took 09:00', () => {
    const r = findRecurrence('every day review the team')?.recurrence;
    expect(r).toMatchObject({ kind: 'cron', timeSaid: false });
    expect(findRecurrence('every day at 9 review the team')?.recurrence).toMatchObject({ timeSaid: true });
  });

  it('reads intervals of minutes and hours', () => {
    expect(findRecurrence('every 15 minutes check the queue')?.recurrence).toEqual({
      kind: 'interval',
      seconds: 900,
      words: 'every 15 minutes',
    });
    expect(findRecurrence('hourly rank the rules')?.recurrence).toEqual({ kind: 'interval', seconds: 3600, words: 'every hour' });
    expect(findRecurrence('every six hours rank the rules')?.recurrence).toEqual({
      kind: 'interval',
      seconds: 21600,
      words: 'every 6 hours',
    });
  });

  it.each([
    ['weekly review of every advisor', /needs a day of the week/],
    ['every other week review the team', /not every other week/],
    ['fortnightly review the team', /not every other week/],
    ['every 30 seconds check', /at most once a minute/],
    ['on the 31st of every month review', /1st to the 28th/],
    ['every 2 months review', /not every other week/],
  ])('refuses what cannot be a schedule: %s', (text, problem) => {
    const f = findRecurrence(text);
    expect(f?.recurrence).toBeNull();
    expect(f?.problem).toMatch(problem);
  });

  it.each([
    "review every advisor's calls last week",
    'How did Priya do in June?',
    "review Alex Wong's calls at 5pm yesterday",
    'which advisor has the lowest score this month',
    'every advisor on the team',
  ])('finds no schedule in a plain request: %s', (text) => {
    expect(findRecurrence(text)).toBeNull();
  });
});

describe('findRecurrence in replies', () => {
  it.each([
    ['mondays at 8am', '0 8 * * 1'],
    ['Tuesdays and Thursdays at 17:30', '30 17 * * 2,4'],
    ['on Fridays', '0 9 * * 5'],
  ])('a day said in the plural recurs: %s', (text, cron) => {
    expect(findRecurrence(text)?.recurrence).toMatchObject({ kind: 'cron', cron });
  });

  it('a single day is not a schedule on its own ("on Monday" is a date)', () => {
    expect(findRecurrence('review Alex on Monday at 9am')?.recurrence ?? null).toBeNull();
  });
});
