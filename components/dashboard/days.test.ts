import { describe, expect, it } from 'vitest';
import { addDays, dayText, daysOf, isDay, mondayOf, periodText, weekInPeriod, weeksOf, weekText } from './days';

describe('calendar days', () => {
  it('finds the Monday of a day’s week (ISO weeks: Sunday belongs to the week before)', () => {
    expect(mondayOf('2024-07-01')).toBe('2024-07-01');
    expect(mondayOf('2024-07-07')).toBe('2024-07-01');
    expect(mondayOf('2024-07-08')).toBe('2024-07-08');
    expect(mondayOf('2024-03-31')).toBe('2024-03-25'); // the day the clocks go forward
  });

  it('lists every week a period spans, the partial first and last ones included', () => {
    expect(weeksOf({ from: '2024-06-05', to: '2024-07-01' })).toEqual([
      '2024-06-03',
      '2024-06-10',
      '2024-06-17',
      '2024-06-24',
      '2024-07-01',
    ]);
    expect(weeksOf({ from: '2024-07-01', to: '2024-07-01' })).toEqual(['2024-07-01']);
  });

  it('cuts a week to the period for drill-downs', () => {
    const period = { from: '2024-06-05', to: '2024-07-03' };
    expect(weekInPeriod('2024-06-03', period)).toEqual({ from: '2024-06-05', to: '2024-06-09' });
    expect(weekInPeriod('2024-06-10', period)).toEqual({ from: '2024-06-10', to: '2024-06-16' });
    expect(weekInPeriod('2024-07-01', period)).toEqual({ from: '2024-07-01', to: '2024-07-03' });
  });

  it('counts days across month ends and clock changes', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
    expect(daysOf('2024-06-29', '2024-07-02')).toEqual(['2024-06-29', '2024-06-30', '2024-07-01', '2024-07-02']);
    expect(isDay('2024-02-30')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
  });

  it('writes days en-GB', () => {
    expect(dayText('2024-07-01')).toBe('1 Jul 2024');
    expect(dayText('2024-12-31')).toBe('31 Dec 2024');
    expect(weekText('2024-07-01')).toBe('w/c 1 Jul 2024');
    expect(periodText({ from: '2024-04-15', to: '2024-07-08' })).toBe('15 Apr 2024 – 8 Jul 2024');
    expect(periodText({ from: '2024-07-08', to: '2024-07-08' })).toBe('8 Jul 2024');
  });
});
