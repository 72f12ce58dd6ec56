import { describe, expect, it } from 'vitest';
import { countText, dateTimeText, exactTimeText, plural, timeText } from './format';

describe('Agents view formats (en-GB, Europe/London)', () => {
  it('shows summer times in BST and winter times in GMT', () => {
    expect(dateTimeText('2024-07-08T09:00:00Z')).toBe('8 Jul 2024, 10:00');
    expect(dateTimeText('2024-01-08T09:00:00Z')).toBe('8 Jan 2024, 09:00');
    expect(timeText('2024-07-08T23:30:05Z')).toBe('00:30:05');
    expect(exactTimeText('2024-07-08T09:00:05Z')).toBe('8 Jul 2024, 10:00:05 BST');
    expect(exactTimeText('2024-12-24T17:45:00.123Z')).toBe('24 Dec 2024, 17:45:00 GMT');
  });

  it('keeps text that is not a date as it is', () => {
    expect(dateTimeText('soon')).toBe('soon');
  });

  it('groups thousands the UK way', () => {
    expect(countText(20000)).toBe('20,000');
    expect(plural(1, 'agent')).toBe('1 agent');
    expect(plural(1200, 'character')).toBe('1,200 characters');
  });
});
