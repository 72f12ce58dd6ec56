import { describe, expect, it } from 'vitest';
import { parseUkDate, parseUkTime, ukFieldText } from './uk-date-field.ts';

describe('a date field in UK order', () => {
  it.each([
    ['1/6/2024', '2024-06-01'],
    ['01/06/2024', '2024-06-01'],
    ['7/8/2024', '2024-08-07'], // 7 August, never 8 July
    ['01-06-2024', '2024-06-01'],
    ['1.6.2024', '2024-06-01'],
    ['1 6 2024', '2024-06-01'],
    ['1 Jun 2024', '2024-06-01'],
    ['1st June 2024', '2024-06-01'],
    ['30 Sept 2024', '2024-09-30'],
    ['2024-06-01', '2024-06-01'],
    ['  29/02/2024 ', '2024-02-29'],
    ['', ''],
  ])('%s → %s', (typed, iso) => {
    expect(parseUkDate(typed)).toBe(iso);
  });

  it.each(['1/6/20', '1.6.24', '31/06/2024', '29/02/2023', '13/13/2024', '06/01', 'June 1 2024', '1 Junk 2024', 'yesterday', '2024-6-31'])(
    '%s is no day',
    (typed) => {
      expect(parseUkDate(typed)).toBeNull();
    },
  );

  it('shows an ISO day day-first, and nothing for anything else', () => {
    expect(ukFieldText('2024-08-07')).toBe('07/08/2024');
    expect(ukFieldText('')).toBe('');
    expect(ukFieldText('2024-08-07T10:00:00Z')).toBe('');
    expect(ukFieldText(undefined)).toBe('');
  });
});

describe('parseUkTime', () => {
  it.each([
    ['9:00', '09:00'],
    ['09:00', '09:00'],
    ['9.30', '09:30'],
    ['0930', '09:30'],
    ['9', '09:00'],
    ['23:59', '23:59'],
    [' 0:05 ', '00:05'],
    ['', ''],
  ])('%s → %s', (typed, time) => {
    expect(parseUkTime(typed)).toBe(time);
  });

  it.each(['24:00', '9:60', '9pm', '9:5', 'noon', '-1:00'])('%s is no time', (typed) => {
    expect(parseUkTime(typed)).toBeNull();
  });
});
