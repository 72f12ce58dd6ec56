import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, parseJsonText } from './json-text.ts';

describe('parseJsonText', () => {
  it('parses JSON, and reports a syntax error by line and column without quoting the text', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ value: { a: [1, 2] } });
    // Node 20's own message for this text is `Unexpected token 's', "secretvalu"... is not valid JSON`.
    const secret = parseJsonText('secretvalue-0123456789');
    expect(secret).toEqual({
      error: 'unexpected character at line 1, column 1',
      at: { line: 1, column: 1, offset: 0, problem: 'unexpected character' },
    });
    expect(JSON.stringify(secret)).not.toMatch(/secret|0123/);
    const third = parseJsonText('{\n  "a": 1,\n  "b" 2\n}');
    expect(third).toMatchObject({ error: "expected ':' after a property name at line 3, column 7" });
  });

  it('locates each kind of error', () => {
    const cases: Array<[string, number, string]> = [
      ['', 0, 'unexpected end of input'],
      ['[1, 2', 5, 'unexpected end of input'],
      ['{"a":}', 5, 'unexpected character'],
      ['{a: 1}', 1, 'expected a property name in double quotes'],
      ['[1 2]', 3, "expected ',' or ']' in an array"],
      ['{"a": 1 "b"}', 8, "expected ',' or '}' in an object"],
      ['[1] x', 4, 'unexpected text after the JSON value'],
      ['"ab\u0001"', 0, 'control character in a string'],
      ['"a\\x"', 0, 'bad escape in a string'],
      ['"abc', 0, 'unterminated string'],
      ['[01]', 2, "expected ',' or ']' in an array"],
      ['-', 0, 'invalid number'],
      ['1.e5', 0, 'invalid number'],
      ['[1,]', 3, 'unexpected character'],
      ['\uFEFF{}', 0, 'unexpected character'],
    ];
    for (const [text, offset, problem] of cases) {
      expect(findJsonSyntaxError(text), JSON.stringify(text)).toMatchObject({ offset, problem });
    }
  });

  it('agrees with JSON.parse on which texts are JSON', () => {
    const alphabet = ['{', '}', '[', ']', '"', ':', ',', ' ', '1', '0', '-', '.', 'e', 'a', '\\', 'u', 'true', 'null'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      for (let k = Math.floor(next() * 10); k > 0; k--) text += alphabet[Math.floor(next() * alphabet.length)];
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(findJsonSyntaxError(text) === null, JSON.stringify(text)).toBe(valid);
    }
  });

  it('scans 100 000 nested arrays without recursion', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(99_999);
    expect(findJsonSyntaxError(deep)).toMatchObject({ offset: deep.length, problem: 'unexpected end of input' });
    expect(findJsonSyntaxError(deep + ']')).toBeNull();
  });
});
