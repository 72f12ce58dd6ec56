import { describe, expect, it } from 'vitest';
import { clockToday, resolveDateRange } from './relative-dates.ts';

// The demo clock: Monday 2024-07-08, the day after Alex Wong's week of spec §2.
const MONDAY = new Date('2024-07-08T09:00:00Z');
const SUNDAY = new Date('2024-07-14T23:59:00Z');

describe('resolveDateRange', () => {
  it.each([
    ['advice calls made by Alex Wong last week', MONDAY, '2024-07-01', '2024-07-07', 'last week'],
    ['last week', SUNDAY, '2024-07-01', '2024-07-07', 'last week'],
    ['in their calls since the start of the month', MONDAY, '2024-07-01', '2024-07-08', 'since the start of the month'],
    ['since the beginning of this month', new Date('2024-08-05T10:00:00Z'), '2024-08-01', '2024-08-05', 'since the beginning of this month'],
    ['this week', new Date('2024-07-10T00:00:00Z'), '2024-07-08', '2024-07-10', 'this week'],
    ['last month', MONDAY, '2024-06-01', '2024-06-30', 'last month'],
    ['last month', new Date('2024-03-15T00:00:00Z'), '2024-02-01', '2024-02-29', 'last month'],
    ['the past 3 days', MONDAY, '2024-07-06', '2024-07-08', 'past 3 days'],
    ['the last seven days', MONDAY, '2024-07-02', '2024-07-08', 'last seven days'],
    ['yesterday', MONDAY, '2024-07-07', '2024-07-07', 'yesterday'],
    ['calls from 2024-07-07 to 2024-07-01', MONDAY, '2024-07-01', '2024-07-07', 'from 2024-07-07 to 2024-07-01'],
    ['2024-06-03..2024-06-09 please', MONDAY, '2024-06-03', '2024-06-09', '2024-06-03..2024-06-09'],
    ['since 2024-06-20', MONDAY, '2024-06-20', '2024-07-08', 'since 2024-06-20'],
  ])('%s (today %s)', (text, today, start, end, phrase) => {
    expect(resolveDateRange(text, today)).toEqual({ start_date: start, end_date: end, phrase });
  });

  it('a year boundary: last week of 2024 seen from 2025-01-01 (a Wednesday)', () => {
    expect(resolveDateRange('last week', new Date('2025-01-01T12:00:00Z'))).toMatchObject({ start_date: '2024-12-23', end_date: '2024-12-29' });
  });

  it('no range named: null', () => {
    expect(resolveDateRange('check the quality of advice calls', MONDAY)).toBeNull();
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
