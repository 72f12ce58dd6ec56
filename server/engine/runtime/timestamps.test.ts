import { describe, expect, it } from 'vitest';
import { compareInstants, instantToDate, parseTimestamp } from './timestamps.ts';
import { StatesError } from './states-error.ts';

describe('parseTimestamp', () => {
  it.each([
    ['2016-03-14T01:59:00Z', '2016-03-14T01:59:00.000Z'],
    ['2016-03-14T01:59:00.5+01:00', '2016-03-14T00:59:00.500Z'],
    ['2016-03-14T23:30:00-02:30', '2016-03-15T02:00:00.000Z'],
    ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00.000Z'],
    ['0099-01-01T00:00:00Z', '0099-01-01T00:00:00.000Z'],
    ['2024-02-29T12:00:00.123456789Z', '2024-02-29T12:00:00.123Z'],
  ])('%s is %s', (text, iso) => {
    const instant = parseTimestamp(text);
    expect(instant && instantToDate(instant).toISOString()).toBe(iso);
  });

  it.each([
    '2016-03-14 01:59:00Z',
    '2016-03-14t01:59:00z',
    '2016-03-14T01:59:00',
    '2023-02-29T00:00:00Z',
    '2016-13-01T00:00:00Z',
    '',
    42,
    null,
  ])('%j is not a timestamp', (value) => {
    expect(parseTimestamp(value)).toBeNull();
  });

  it('orders sub-millisecond fractions and equal instants across offsets', () => {
    const a = parseTimestamp('2024-01-01T00:00:00.0001Z')!;
    const b = parseTimestamp('2024-01-01T00:00:00.0002Z')!;
    expect(compareInstants(a, b)).toBeLessThan(0);
    expect(compareInstants(b, a)).toBeGreaterThan(0);
    expect(compareInstants(parseTimestamp('2024-01-01T01:00:00+01:00')!, parseTimestamp('2024-01-01T00:00:00Z')!)).toBe(0);
  });
});

describe('StatesError', () => {
  it('carries the error name and cause', () => {
    const e = new StatesError('States.Runtime', 'it broke');
    expect(e).toBeInstanceOf(Error);
    expect([e.error, e.cause, e.message, e.name]).toEqual(['States.Runtime', 'it broke', 'States.Runtime: it broke', 'StatesError']);
  });
});
