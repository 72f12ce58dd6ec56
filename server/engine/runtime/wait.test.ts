import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { waitUntil } from './wait.ts';

const now = new Date('2024-05-01T10:00:00.000Z');
const input = {
  secs: 90,
  zero: 0,
  when: '2024-06-01T12:30:00+02:00',
  frac: '2024-05-01T10:00:00.1239Z',
  neg: -5,
  float: 1.5,
  text: '10',
  bad: '2024-05-01 10:00:00',
  huge: 1e300,
  year275761: 8.64e12,
  max: 99_999_999,
  overMax: 100_000_000,
  farYear: '275761-01-01T00:00:00Z',
  lastDay: '9999-12-31T23:59:60Z',
};

describe('waitUntil', () => {
  it.each([
    ['Seconds', { Seconds: 30 }, '2024-05-01T10:00:30.000Z'],
    ['Seconds 0', { Seconds: 0 }, '2024-05-01T10:00:00.000Z'],
    ['Timestamp (Z)', { Timestamp: '2024-05-02T00:00:00Z' }, '2024-05-02T00:00:00.000Z'],
    ['Timestamp with an offset', { Timestamp: '2024-05-02T00:00:00-05:30' }, '2024-05-02T05:30:00.000Z'],
    ['Timestamp in the past is returned as is', { Timestamp: '2020-01-01T00:00:00Z' }, '2020-01-01T00:00:00.000Z'],
    ['SecondsPath', { SecondsPath: '$.secs' }, '2024-05-01T10:01:30.000Z'],
    ['SecondsPath 0', { SecondsPath: '$.zero' }, '2024-05-01T10:00:00.000Z'],
    ['TimestampPath with an offset', { TimestampPath: '$.when' }, '2024-06-01T10:30:00.000Z'],
    ['TimestampPath truncated to milliseconds', { TimestampPath: '$.frac' }, '2024-05-01T10:00:00.123Z'],
    ['SecondsPath at the 99999999 s limit', { SecondsPath: '$.max' }, '2027-07-02T19:46:39.000Z'],
    ['TimestampPath on the last second of year 9999', { TimestampPath: '$.lastDay' }, '+010000-01-01T00:00:00.000Z'],
  ])('%s', (_name, fields, expected) => {
    expect(waitUntil({ Type: 'Wait', ...fields }, input, now).toISOString()).toBe(expected);
  });

  it('reads $$ when given a context', () => {
    const state = { Type: 'Wait', TimestampPath: '$$.Execution.StartTime' };
    expect(waitUntil(state, input, now, testContext()).toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it.each([
    ['SecondsPath naming nothing', { SecondsPath: '$.nope' }, 'could not be found'],
    ['negative SecondsPath', { SecondsPath: '$.neg' }, 'SecondsPath must give a non-negative integer number of seconds, got -5'],
    ['fractional SecondsPath', { SecondsPath: '$.float' }, 'got 1.5'],
    ['string SecondsPath', { SecondsPath: '$.text' }, 'got "10"'],
    ['TimestampPath not RFC 3339', { TimestampPath: '$.bad' }, 'TimestampPath must give an RFC 3339 timestamp'],
    ['TimestampPath to a number', { TimestampPath: '$.secs' }, 'got 90'],
    ['TimestampPath naming nothing', { TimestampPath: '$.nope' }, 'could not be found'],
    ['no duration field', {}, 'a Wait state needs'],
    [
      'SecondsPath beyond the date range (1e300)',
      { SecondsPath: '$.huge' },
      'SecondsPath gives 1e+300 seconds; a Wait lasts at most 99999999 seconds',
    ],
    ['SecondsPath ending in year 275761', { SecondsPath: '$.year275761' }, 'SecondsPath gives 8640000000000 seconds'],
    ['SecondsPath over the 99999999 s limit', { SecondsPath: '$.overMax' }, 'SecondsPath gives 100000000 seconds'],
    ['TimestampPath in year 275761', { TimestampPath: '$.farYear' }, 'TimestampPath must give an RFC 3339 timestamp'],
  ])('%s is States.Runtime', (_name, fields, cause) => {
    const e = failure(() => waitUntil({ Type: 'Wait', ...fields }, input, now));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });
});
