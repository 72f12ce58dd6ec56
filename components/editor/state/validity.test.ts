import { describe, expect, it } from 'vitest';
import { dataValidOf, validityOf } from './validity';

const failed = new Error('Failed to fetch');

describe('validityOf', () => {
  it('a failed validation request is unchecked, not invalid (the badge said "0 errors", the panel "no problems")', () => {
    expect(validityOf({ syntaxError: null, checking: false, valid: false, error: failed })).toBe('unchecked');
    expect(dataValidOf('unchecked')).toBe('unchecked');
  });
  it('a syntax error and a running check come first; a report of errors is invalid', () => {
    expect(validityOf({ syntaxError: { line: 1 }, checking: true, valid: false, error: failed })).toBe('syntax');
    expect(validityOf({ syntaxError: null, checking: true, valid: false, error: failed })).toBe('checking');
    expect(validityOf({ syntaxError: null, checking: false, valid: false, error: null })).toBe('invalid');
    expect(validityOf({ syntaxError: null, checking: false, valid: true, error: null })).toBe('valid');
    expect(['syntax', 'invalid'].map((v) => dataValidOf(v as 'syntax'))).toEqual(['false', 'false']);
    expect(dataValidOf('checking')).toBe('pending');
    expect(dataValidOf('valid')).toBe('true');
  });
});
