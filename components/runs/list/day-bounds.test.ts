import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayEndIso, dayOfIso, dayStartIso, lastDayOfIso } from './day-bounds';

describe('day bounds in the reader’s time zone', () => {
  const tz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = tz;
  });

  it('a "from" day starts at local midnight; a "to" day ends at the next one (exclusive)', () => {
    expect(dayStartIso('2024-07-01')).toBe('2024-06-30T22:00:00.000Z');
    expect(dayEndIso('2024-07-07')).toBe('2024-07-07T22:00:00.000Z');
    expect(dayEndIso('2024-12-31')).toBe('2024-12-31T23:00:00.000Z');
  });

  it('reads the input values back from the instants', () => {
    expect(dayOfIso('2024-06-30T22:00:00.000Z')).toBe('2024-07-01');
    expect(lastDayOfIso('2024-07-07T22:00:00.000Z')).toBe('2024-07-07');
    for (const day of ['2024-01-01', '2024-02-29', '2024-03-31', '2024-10-27', '2024-12-31']) {
      expect(dayOfIso(dayStartIso(day)!)).toBe(day);
      expect(lastDayOfIso(dayEndIso(day)!)).toBe(day);
    }
  });

  it('refuses blank, malformed and impossible days', () => {
    expect(dayStartIso('')).toBeUndefined();
    expect(dayStartIso('2024-7-1')).toBeUndefined();
    expect(dayStartIso('2023-02-29')).toBeUndefined();
    expect(dayEndIso('2024-13-01')).toBeUndefined();
    expect(dayOfIso('not a time')).toBe('');
    expect(lastDayOfIso('')).toBe('');
  });
});
