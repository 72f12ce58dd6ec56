import { describe, expect, it } from 'vitest';
import { ago, clockTime, count, dateTime, dayTime, durationWords, secondsBetween, skillName } from './format';

const NOW = Date.parse('2024-07-08T12:00:00Z');

describe('times in Europe/London, dates in en-GB', () => {
  it('says summer times in BST and winter times in GMT, day before month', () => {
    expect(dateTime('2024-07-08T09:00:05Z')).toBe('8 Jul 2024, 10:00:05');
    expect(dateTime('2024-01-15T09:00:05Z')).toBe('15 Jan 2024, 09:00:05');
    expect(clockTime('2024-07-08T23:30:00Z')).toBe('00:30:00');
    expect(dateTime(null)).toBe('—');
    expect(dateTime('not a date')).toBe('—');
  });

  it('names the London day: today, yesterday, a date this year, a date with its year', () => {
    expect(dayTime('2024-07-08T08:15:00Z', NOW)).toBe('today 09:15:00');
    // 23:30 UTC on the 7th is already the 8th in London.
    expect(dayTime('2024-07-07T23:30:00Z', NOW)).toBe('today 00:30:00');
    expect(dayTime('2024-07-07T10:00:00Z', NOW)).toBe('yesterday 11:00:00');
    expect(dayTime('2024-07-01T10:00:00Z', NOW)).toBe('1 Jul 11:00:00');
    expect(dayTime('2023-12-24T10:00:00Z', NOW)).toBe('24 Dec 2023 10:00:00');
  });

  it('says how long ago in words', () => {
    expect(ago('2024-07-08T11:59:30Z', NOW)).toBe('just now');
    expect(ago('2024-07-08T11:59:00Z', NOW)).toBe('1 minute ago');
    expect(ago('2024-07-08T11:30:00Z', NOW)).toBe('30 minutes ago');
    expect(ago('2024-07-08T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(ago('2024-07-07T10:00:00Z', NOW)).toBe('yesterday');
    expect(ago('2024-07-04T12:00:00Z', NOW)).toBe('4 days ago');
    expect(ago('2024-06-01T12:00:00Z', NOW)).toBe('1 Jun 2024');
  });
});

describe('durations in words', () => {
  it('from under a second to days, leaving out zero parts', () => {
    expect(durationWords(0.4)).toBe('under a second');
    expect(durationWords(1)).toBe('1 second');
    expect(durationWords(42.4)).toBe('42 seconds');
    expect(durationWords(60)).toBe('1 minute');
    expect(durationWords(65)).toBe('1 minute 5 seconds');
    expect(durationWords(3600 + 120 + 5)).toBe('1 hour 2 minutes');
    expect(durationWords(2 * 86_400 + 3 * 3600)).toBe('2 days 3 hours');
    expect(durationWords(null)).toBe('—');
    expect(durationWords(-1)).toBe('—');
  });

  it('measures to now while a task is open', () => {
    expect(secondsBetween('2024-07-08T11:59:00Z', null, NOW)).toBe(60);
    expect(secondsBetween('2024-07-08T11:59:00Z', '2024-07-08T11:59:30Z', NOW)).toBe(30);
  });

  it('names skills and counts things', () => {
    expect(skillName('skill://whisper-transcribe@1.0.0')).toBe('whisper-transcribe@1.0.0');
    expect(count(1, 'Companion')).toBe('1 Companion');
    expect(count(3, 'Companion')).toBe('3 Companions');
  });
});
