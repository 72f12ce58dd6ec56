import { describe, expect, it } from 'vitest';
import { newRowKey, rowsOf, templateOf, toggleDynamic } from './payload-rows';

describe('rowsOf', () => {
  it('shows a dynamic value as its path and a static one as JSON (objects indented)', () => {
    expect(rowsOf({ 'text.$': '$.transcript.data.text', limit: 3, mode: 'fast', nested: { a: 1 } })).toEqual([
      { key: 'text.$', text: '$.transcript.data.text' },
      { key: 'limit', text: '3' },
      { key: 'mode', text: '"fast"' },
      { key: 'nested', text: '{\n  "a": 1\n}' },
    ]);
  });
  it('shows a dynamic key with a non-string value as JSON, and nothing for a non-object', () => {
    expect(rowsOf({ 'a.$': 5 })).toEqual([{ key: 'a.$', text: '5' }]);
    expect(rowsOf(null)).toEqual([]);
    expect(rowsOf([1])).toEqual([]);
  });
});

describe('templateOf', () => {
  it('builds the template back: paths as strings, static text parsed as JSON', () => {
    const rows = rowsOf({ 'text.$': '$.t', n: 1, o: { b: [true] } });
    expect(templateOf(rows)).toEqual({ ok: true, value: { 'text.$': '$.t', n: 1, o: { b: [true] } } });
  });
  it('keeps an unfinished path as typed (validation reports it)', () => {
    expect(templateOf([{ key: 'x.$', text: '$.' }])).toEqual({ ok: true, value: { 'x.$': '$.' } });
  });
  it('names each faulty row: empty key, repeated field, a beside a.$, text that is not JSON', () => {
    const r = templateOf([
      { key: '', text: '1' },
      { key: 'a', text: '1' },
      { key: 'a.$', text: '$.a' },
      { key: 'b', text: 'hello' },
      { key: 'b', text: '2' },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([...r.problems.keys()]).toEqual([0, 2, 3, 4]);
    expect(r.problems.get(2)).toMatch(/already produces the field "a"/);
    expect(r.problems.get(3)).toMatch(/^Not JSON/);
  });
});

describe('toggleDynamic', () => {
  it('turns a static row into a path row, keeping a path-looking string', () => {
    expect(toggleDynamic({ key: 'a', text: '"$.x"' })).toEqual({ key: 'a.$', text: '$.x' });
    expect(toggleDynamic({ key: 'a', text: '3' })).toEqual({ key: 'a.$', text: '$.' });
  });
  it('turns a path row into a static string', () => {
    expect(toggleDynamic({ key: 'a.$', text: '$.x' })).toEqual({ key: 'a', text: '"$.x"' });
  });
});

describe('newRowKey', () => {
  it('names a new row after the row count, skipping names in use', () => {
    expect(newRowKey([], true)).toBe('field1.$');
    expect(newRowKey([{ key: 'field2.$', text: '$' }], false)).toBe('field3');
    expect(newRowKey([{ key: 'a', text: '1' }], false)).toBe('field2');
  });
});
