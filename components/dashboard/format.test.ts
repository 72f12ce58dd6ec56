import { describe, expect, it } from 'vitest';
import { cellText, countText, msText, rateText, signedText } from './format';

describe('dashboard numbers in words', () => {
  it('writes counts, rates, differences and durations en-GB', () => {
    expect(countText(12345)).toBe('12,345');
    expect(rateText(0.8)).toBe('80.0%');
    expect(rateText(0.6667)).toBe('66.7%');
    expect(signedText(2.5)).toBe('+2.5');
    expect(signedText(-3)).toBe('−3');
    expect(signedText(0)).toBe('0');
    expect(msText(850)).toBe('850 ms');
    expect(msText(1234)).toBe('1.2 s');
    expect(msText(95_000)).toBe('1 min 35 s');
    expect(msText(120_000)).toBe('2 min');
  });

  it('shows a dash, never a zero, where nothing was measured', () => {
    for (const kind of ['count', 'score', 'rate', 'ms', 'signed', 'week', 'text'] as const) expect(cellText(kind, null)).toBe('—');
    expect(rateText(null)).toBe('—');
    expect(cellText('count', 0)).toBe('0');
  });

  it('shows days and weeks en-GB and flags as yes/no', () => {
    expect(cellText('week', '2024-07-01')).toBe('1 Jul 2024');
    expect(cellText('day', '2024-12-25')).toBe('25 Dec 2024');
    expect(cellText('flag', true)).toBe('Yes');
    expect(cellText('score', 66.66)).toBe('66.7');
  });
});
