import { describe, expect, it } from 'vitest';
import { londonDay, londonDayStart, londonNextDayStart, ukDate, ukDateTime, ukExact, ukTime } from './uk-time.ts';

describe('UK dates and times', () => {
  it('formats in en-GB, London time, summer and winter', () => {
    expect(ukDate('2024-07-03T23:30:00Z')).toBe('4 Jul 2024');
    expect(ukDateTime('2024-07-03T14:12:09Z')).toBe('3 Jul 2024, 15:12');
    expect(ukDateTime('2024-12-03T14:12:09Z')).toBe('3 Dec 2024, 14:12');
    expect(ukExact('2024-07-03T14:12:09Z')).toBe('3 Jul 2024, 15:12:09 BST');
    expect(ukDate(null)).toBe('—');
  });

  it('finds where a London day begins, across both clock changes', () => {
    expect(londonDayStart('2024-07-03')).toBe('2024-07-02T23:00:00.000Z');
    expect(londonDayStart('2024-12-03')).toBe('2024-12-03T00:00:00.000Z');
    expect(londonDayStart('2024-03-31')).toBe('2024-03-31T00:00:00.000Z');
    expect(londonDayStart('2024-04-01')).toBe('2024-03-31T23:00:00.000Z');
    expect(londonDayStart('2024-10-27')).toBe('2024-10-26T23:00:00.000Z');
    expect(londonDayStart('2024-10-28')).toBe('2024-10-28T00:00:00.000Z');
    expect(londonNextDayStart('2024-07-07')).toBe('2024-07-07T23:00:00.000Z');
    expect(londonDay('2024-07-07T23:30:00Z')).toBe('2024-07-08');
  });
});

describe('ukTime', () => {
  it('is the London clock time, from an ISO string, a number or a Date', () => {
    expect(ukTime('2024-07-03T14:12:09Z')).toBe('15:12:09');
    expect(ukTime(Date.parse('2024-12-03T14:12:09Z'))).toBe('14:12:09');
    expect(ukTime(new Date('2024-07-03T23:30:00Z'))).toBe('00:30:00');
    expect(ukTime(null)).toBe('—');
  });
});
