import { describe, expect, it } from 'vitest';
import { bytesText, quotaPercent, splitPath } from './memory-files-format';

describe('memory files formatting', () => {
  it('writes sizes in en-GB binary units', () => {
    expect(bytesText(0)).toBe('0 bytes');
    expect(bytesText(1)).toBe('1 byte');
    expect(bytesText(1023)).toBe('1,023 bytes');
    expect(bytesText(1536)).toBe('1.5 KiB');
    expect(bytesText(32 * 1024 * 1024)).toBe('32 MiB');
    expect(bytesText(150 * 1024)).toBe('150 KiB');
  });
  it('gives the quota share rounded up, capped at 100', () => {
    expect(quotaPercent(0, 100)).toBe(0);
    expect(quotaPercent(1, 1000)).toBe(1);
    expect(quotaPercent(2000, 1000)).toBe(100);
    expect(quotaPercent(5, 0)).toBe(0);
  });
  it('splits a path into folder and name', () => {
    expect(splitPath('a/b/c.md')).toEqual({ folder: 'a/b', name: 'c.md' });
    expect(splitPath('c.md')).toEqual({ folder: '', name: 'c.md' });
  });
});
