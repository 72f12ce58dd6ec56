import { describe, expect, it } from 'vitest';
import { formatJson, parseJson, parseList, parseNumber } from './json-text';

describe('parseJson', () => {
  it('reads any JSON value', () => {
    expect(parseJson('"a"')).toEqual({ ok: true, value: 'a' });
    expect(parseJson(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseJson('null')).toEqual({ ok: true, value: null });
    expect(parseJson('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
  });
  it('refuses empty text and text that is not JSON, with a message', () => {
    expect(parseJson('').ok).toBe(false);
    const bad = parseJson('{a: 1}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^Not JSON/);
  });
  it('requires an object when asked', () => {
    expect(parseJson('[1]', 'object')).toEqual({ ok: false, message: 'Must be a JSON object ({ … }).' });
    expect(parseJson('{}', 'object')).toEqual({ ok: true, value: {} });
  });
});

describe('formatJson', () => {
  it('indents by two spaces, or writes compactly', () => {
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJson({ a: 1 }, true)).toBe('{"a":1}');
    expect(formatJson(undefined)).toBe('');
  });
});

describe('parseNumber', () => {
  it('reads numbers and treats empty text as not set', () => {
    expect(parseNumber('')).toEqual({ ok: true, value: undefined });
    expect(parseNumber(' 2.5 ')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumber('1e3')).toEqual({ ok: true, value: 1000 });
  });
  it('refuses what is not a number, a fraction where an integer is wanted, and values out of range', () => {
    expect(parseNumber('12abc').ok).toBe(false);
    expect(parseNumber('0x10').ok).toBe(false);
    expect(parseNumber('Infinity').ok).toBe(false);
    expect(parseNumber('1.5', { integer: true })).toEqual({ ok: false, message: 'Enter a whole number.' });
    expect(parseNumber('0', { min: 1 })).toEqual({ ok: false, message: 'At least 1.' });
    expect(parseNumber('101', { max: 100 })).toEqual({ ok: false, message: 'At most 100.' });
  });
});

describe('parseList', () => {
  it('splits on commas, trims and drops empty and repeated items', () => {
    expect(parseList(' qa, compliance,,qa , ')).toEqual(['qa', 'compliance']);
  });
});
