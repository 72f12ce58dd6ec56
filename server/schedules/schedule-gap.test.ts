import { describe, expect, it } from 'vitest';
import { smallestGapSeconds } from './schedule-gap.ts';

const FROM = new Date('2026-01-10T10:00:00Z');
const london = (pattern: string) => ({ kind: 'cron' as const, pattern, timezone: 'Europe/London' });
const utc = (pattern: string) => ({ kind: 'cron' as const, pattern, timezone: 'UTC' });

describe('smallestGapSeconds: the closest two consecutive fires of a schedule (issue 29)', () => {
  it.each([
    ['* * * * * *', 1],
    ['*/10 * * * * *', 10],
    ['* * * * *', 60],
    ['0-59/1 * * * *', 60],
    ['*/5 * * * *', 300],
    ['0 * * * *', 3600],
    ['0,1 9 * * 1', 60], // two fires a minute apart, once a week: not judged by its seconds field
    ['0 0,23 * * *', 3600], // 23:00, then 00:00 the next day
    ['0 0,23 * * 1', 23 * 3600], // the same times on Mondays only: no next day
    ['0 0,23 28,29 2 *', 3600], // 28 February 23:00 to 29 February 00:00 in a leap year
  ])('%s in Europe/London: %i s', (pattern, gap) => {
    expect(smallestGapSeconds(london(pattern), FROM)).toBe(gap);
  });

  it('sees the clocks going forward: 00:59 and 02:00 London time are a minute apart on the last Sunday of March', () => {
    expect(smallestGapSeconds(london('0 59,0 0,2 * * *'), FROM)).toBe(60);
    expect(smallestGapSeconds(utc('0 59,0 0,2 * * *'), FROM)).toBe(59 * 60);
  });

  it('is exact below `enough` (at most a day); beyond it, at least `enough`', () => {
    // Daily at 09:00 is 23 real hours apart across the clocks going forward.
    expect(smallestGapSeconds(london('0 9 * * *'), FROM, 86_400)).toBe(23 * 3600);
    expect(smallestGapSeconds(utc('0 9 * * *'), FROM, 86_400)).toBe(86_400);
    expect(smallestGapSeconds(london('0 9 * * 1'), FROM, 86_400)).toBeGreaterThanOrEqual(86_400);
    expect(smallestGapSeconds(london('0 9 L * *'), FROM, 300)).toBeGreaterThanOrEqual(300);
    expect(smallestGapSeconds(london('0 9 * * 1#2'), FROM, 300)).toBeGreaterThanOrEqual(300);
  });

  it('is the interval of an interval schedule, and stops early once below `enough`', () => {
    expect(smallestGapSeconds({ kind: 'interval', seconds: 299 })).toBe(299);
    expect(smallestGapSeconds(london('* * * * *'), FROM, 300)).toBe(60);
  });
});
