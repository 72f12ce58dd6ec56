import { describe, expect, it } from 'vitest';
import { blockValueProblems, isJsonDocument } from './block-rules.ts';

describe('blockValueProblems', () => {
  const persona = { label: 'persona', limit: 20_000, value: 'I am the Planner.' };

  it('accepts a value up to the limit', () => {
    expect(blockValueProblems(persona, 'x'.repeat(20_000))).toEqual([]);
    expect(blockValueProblems(persona, '')).toEqual([]);
  });

  it('says by how much a value is over the limit, in en-GB numbers', () => {
    expect(blockValueProblems(persona, 'x'.repeat(21_234))).toEqual([
      { code: 'over_limit', message: 'persona would be 21,234 characters, over its limit of 20,000: remove at least 1,234.' },
    ]);
  });

  it('keeps a JSON document a JSON document (object or array), naming the parse error', () => {
    const sc = { label: 'session_context', limit: 8000, value: '{"session_id":"s-1"}' };
    expect(blockValueProblems(sc, '{"session_id":"s-2","preferences":{}}')).toEqual([]);
    expect(blockValueProblems(sc, '[1, 2]')).toEqual([]);
    const [broken] = blockValueProblems(sc, '{"session_id": ');
    expect(broken?.code).toBe('not_json');
    expect(broken?.message).toMatch(/^session_context holds a JSON document that tools read; the new value is not valid JSON \(.+\)\.$/);
    expect(blockValueProblems(sc, '"just a string"')).toEqual([
      {
        code: 'not_json',
        message: 'session_context holds a JSON document that tools read; the new value is JSON but not an object or array.',
      },
    ]);
  });

  it('lets a text block take any text, braces included', () => {
    expect(blockValueProblems(persona, '{ not json')).toEqual([]);
  });

  it('reports both problems at once', () => {
    const small = { label: 'guidelines', limit: 10, value: '{}' };
    expect(blockValueProblems(small, 'not json at all').map((p) => p.code)).toEqual(['over_limit', 'not_json']);
  });
});

describe('isJsonDocument', () => {
  it('is true for objects and arrays only', () => {
    expect(isJsonDocument(' {"a":1} ')).toBe(true);
    expect(isJsonDocument('[]')).toBe(true);
    expect(isJsonDocument('{nope')).toBe(false);
    expect(isJsonDocument('42')).toBe(false);
    expect(isJsonDocument('Today is Monday.')).toBe(false);
  });
});
