import { describe, expect, it } from 'vitest';
import { lineColumnAt, parseJsonWithSourceMap } from './json-source-map';

function ok(text: string) {
  const r = parseJsonWithSourceMap(text);
  if (!r.ok) throw new Error(`expected ok, got ${r.error.message}`);
  return r;
}

describe('parseJsonWithSourceMap', () => {
  it('accepts and rejects exactly what JSON.parse does', () => {
    const cases = [
      '{}',
      '[]',
      '0',
      '-0',
      '1.5e+10',
      '-12.25E-3',
      '"a\\u00e9\\n"',
      'true',
      'null',
      ' \t\r\n{"a" : [1, {"b": false}]}\n',
      '{"__proto__": 1}',
      '{"a":1,"a":2}',
      '"\\/"',
      '',
      '   ',
      '{',
      '{"a"}',
      '{"a":}',
      '{"a":1,}',
      '[1,]',
      '[,1]',
      '01',
      '1.',
      '.5',
      '+1',
      '1e',
      '-',
      'tru',
      'True',
      'NaN',
      "{'a':1}",
      '{a:1}',
      '"tab\there"',
      '"\\x41"',
      '"\\u12"',
      '[1 2]',
      '{"a":1 "b":2}',
      '{} {}',
      '\uFEFF{}',
      '"unterminated',
      '// c\n{}',
    ];
    for (const text of cases) {
      let expected = true;
      try {
        JSON.parse(text);
      } catch {
        expected = false;
      }
      expect(parseJsonWithSourceMap(text).ok, JSON.stringify(text)).toBe(expected);
    }
  });

  it('returns the same value as JSON.parse, duplicate keys included', () => {
    const text = '{"a": {"b": [1, "x", null]}, "a": {"c": true}, "__proto__": {"p": 1}}';
    expect(ok(text).value).toEqual(JSON.parse(text));
  });

  it('records key and value ranges by JSON pointer, escaping ~ and /', () => {
    const text = '{\n  "asl": {\n    "States": {\n      "A/B~C": { "Next": "X" }\n    }\n  },\n  "list": [10, [20]]\n}';
    const { locations } = ok(text);
    const state = locations.get('/asl/States/A~1B~0C')!;
    expect(text.slice(state.key!.start, state.key!.end)).toBe('"A/B~C"');
    expect(text.slice(state.value.start, state.value.end)).toBe('{ "Next": "X" }');
    expect(lineColumnAt(text, state.key!.start)).toEqual({ line: 4, column: 7 });
    const next = locations.get('/asl/States/A~1B~0C/Next')!;
    expect(text.slice(next.value.start, next.value.end)).toBe('"X"');
    const nested = locations.get('/list/1/0')!;
    expect(nested.key).toBeUndefined();
    expect(text.slice(nested.value.start, nested.value.end)).toBe('20');
    expect(locations.get('')!.value).toEqual({ start: 0, end: text.length });
  });

  it('keeps the location of the last duplicate key, like the value', () => {
    const text = '{"a": 1,\n"a": 2}';
    const loc = ok(text).locations.get('/a')!;
    expect(text.slice(loc.value.start, loc.value.end)).toBe('2');
    expect(lineColumnAt(text, loc.key!.start).line).toBe(2);
  });

  it('reports syntax errors at the offending position with line and column', () => {
    const r = parseJsonWithSourceMap('{\n  "a": 1,\n  "b": 2,\n}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ line: 4, column: 1, offset: 22 });
    expect(r.error.message).toMatch(/trailing comma/i);

    const missingComma = parseJsonWithSourceMap('{"a": 1\n "b": 2}');
    expect(!missingComma.ok && missingComma.error).toMatchObject({ line: 2, column: 2 });
    expect(!missingComma.ok && missingComma.error.message).toMatch(/expected ',' or '}'/);

    const unterminated = parseJsonWithSourceMap('{"a": "abc');
    expect(!unterminated.ok && unterminated.error).toMatchObject({ offset: 6, line: 1, column: 7 });

    const empty = parseJsonWithSourceMap('  ');
    expect(!empty.ok && empty.error.message).toMatch(/empty/);
  });
});

describe('lineColumnAt', () => {
  it('counts LF, CRLF and lone CR as one line break each', () => {
    expect(lineColumnAt('a\nb\r\nc\rd', 7)).toEqual({ line: 4, column: 1 });
    expect(lineColumnAt('a\r\nb', 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumnAt('abc', 0)).toEqual({ line: 1, column: 1 });
  });
});
