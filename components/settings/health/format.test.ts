import { describe, expect, it } from 'vitest';
import { bytesText, secondsText, whenText } from './format';

describe('health page figures in words', () => {
  it('writes sizes in binary units, as Redis and PostgreSQL count them', () => {
    expect(bytesText(512)).toBe('512 bytes');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(70 * 1024 * 1024)).toBe('70 MB');
    expect(bytesText(null)).toBe('—');
  });

  it('writes ages as the console writes durations', () => {
    expect(secondsText(75)).toBe('1 min 15 s');
    expect(secondsText(0)).toBe('0 s');
    expect(secondsText(null)).toBe('—');
  });

  it('writes a time of today in London without its date, another day with it', () => {
    const now = new Date('2026-07-01T22:30:00Z'); // 23:30 BST on 1 July
    expect(whenText('2026-07-01T12:00:05Z', now)).toBe('13:00:05');
    expect(whenText('2026-06-30T08:00:00Z', now)).toBe('30 Jun 2026, 09:00');
    expect(whenText(null, now)).toBe('—');
  });
});
