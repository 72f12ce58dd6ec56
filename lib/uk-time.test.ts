import { describe, expect, it } from 'vitest';
import {
  londonDay,
  londonDayStart,
  londonDayTime,
  londonInstant,
  londonWallInstant,
  londonNextDayStart,
  ukDate,
  ukDateTime,
  ukDay,
  ukDayRange,
  ukExact,
  ukTime,
} from './uk-time.ts';

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

  it('turns a London clock time on a London day into its instant and back, in BST and GMT', () => {
    expect(londonInstant('2024-07-01', '09:00')).toBe('2024-07-01T08:00:00.000Z');
    expect(londonInstant('2024-12-01', '09:00')).toBe('2024-12-01T09:00:00.000Z');
    expect(londonInstant('2024-07-01', '00:30')).toBe('2024-06-30T23:30:00.000Z');
    // The clocks go forward at 01:00 on 31 Mar 2024 and back at 02:00 on 27 Oct 2024.
    expect(londonInstant('2024-03-31', '03:00')).toBe('2024-03-31T02:00:00.000Z');
    expect(londonInstant('2024-10-27', '03:00')).toBe('2024-10-27T03:00:00.000Z');
    expect(londonDayTime('2024-07-01T08:00:00Z')).toEqual({ day: '2024-07-01', time: '09:00' });
    expect(londonDayTime('2024-06-30T23:30:00Z')).toEqual({ day: '2024-07-01', time: '00:30' });
    expect(londonDayTime('2024-12-01T09:00:00.000Z')).toEqual({ day: '2024-12-01', time: '09:00' });
    expect(londonDayTime('no')).toBeNull();
  });

  it('reads a date-time without a zone on London’s clock; one with a zone, or no real day, is not its business', () => {
    expect(londonWallInstant('2024-07-01T09:00')).toBe('2024-07-01T08:00:00Z');
    expect(londonWallInstant('2024-12-01T09:00:30')).toBe('2024-12-01T09:00:30Z');
    expect(londonWallInstant('2024-07-01T09:00Z')).toBeNull();
    expect(londonWallInstant('2024-07-01T09:00+01:00')).toBeNull();
    expect(londonWallInstant('2024-02-30T09:00')).toBeNull();
    expect(londonWallInstant('2024-07-01T24:00')).toBeNull();
    expect(londonWallInstant('2024-07-01')).toBeNull();
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

describe('ukDay and ukDayRange: calendar days as a UK reader reads them', () => {
  it('says a day the same in BST and in GMT, on the days the clocks change too', () => {
    expect(ukDay('2024-07-08')).toBe('8 Jul 2024');
    expect(ukDay('2024-12-03')).toBe('3 Dec 2024');
    expect(ukDay('2024-03-31')).toBe('31 Mar 2024');
    expect(ukDay('2024-10-27')).toBe('27 Oct 2024');
    expect(ukDay('2025-01-01')).toBe('1 Jan 2025');
  });

  it('leaves what is not a real day as given, and says none as a dash', () => {
    expect(ukDay('2024-02-30')).toBe('2024-02-30');
    expect(ukDay('next Tuesday')).toBe('next Tuesday');
    expect(ukDay('2024-07-08T10:00:00Z')).toBe('2024-07-08T10:00:00Z');
    expect(ukDay(null)).toBe('—');
    expect(ukDay('')).toBe('—');
  });

  it('says a range once per shared part: within a month, across a month, across a year', () => {
    expect(ukDayRange('2024-07-01', '2024-07-07')).toBe('1–7 Jul 2024');
    expect(ukDayRange('2024-06-28', '2024-07-04')).toBe('28 Jun – 4 Jul 2024');
    expect(ukDayRange('2024-12-29', '2025-01-04')).toBe('29 Dec 2024 – 4 Jan 2025');
    expect(ukDayRange('2024-10-21', '2024-11-03')).toBe('21 Oct – 3 Nov 2024');
    expect(ukDayRange('2024-01-01', '2024-12-31')).toBe('1 Jan – 31 Dec 2024');
  });

  it('says a one-day range as the day, and a range with a part that is not a day with both as given', () => {
    expect(ukDayRange('2024-07-08', '2024-07-08')).toBe('8 Jul 2024');
    expect(ukDayRange('2024-07-01', 'soon')).toBe('1 Jul 2024 – soon');
  });
});
