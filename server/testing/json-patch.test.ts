import { describe, expect, it } from 'vitest';
import { applyJsonPatch, parsePointer } from './json-patch.ts';

describe('parsePointer', () => {
  it('splits and unescapes reference tokens (RFC 6901)', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/$defs/AgentRef')).toEqual(['$defs', 'AgentRef']);
    expect(parsePointer('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
  });
  it('rejects a pointer without the leading slash', () => {
    expect(() => parsePointer('a/b')).toThrow(/must start with/);
  });
});

describe('applyJsonPatch', () => {
  const doc = { a: { b: 1 }, list: ['x', 'y'] };

  it('adds, replaces and removes object members without touching the input', () => {
    const out = applyJsonPatch(doc, [
      { op: 'add', path: '/a/c', value: { d: true } },
      { op: 'replace', path: '/a/b', value: 2 },
      { op: 'remove', path: '/list' },
    ]);
    expect(out).toEqual({ a: { b: 2, c: { d: true } } });
    expect(doc).toEqual({ a: { b: 1 }, list: ['x', 'y'] });
  });

  it('inserts into, replaces in and removes from arrays; "-" appends', () => {
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/list/1', value: 'new' }]).list).toEqual(['x', 'new', 'y']);
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/list/-', value: 'z' }]).list).toEqual(['x', 'y', 'z']);
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/list/0', value: 'X' }]).list).toEqual(['X', 'y']);
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/list/0' }]).list).toEqual(['y']);
  });

  it('replaces the whole document at the root pointer', () => {
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '', value: 7 }])).toBe(7);
  });

  it('does not share the patch value with the result', () => {
    const value = { deep: [1] };
    const out = applyJsonPatch(doc, [{ op: 'add', path: '/v', value }]) as unknown as { v: { deep: number[] } };
    value.deep.push(2);
    expect(out.v.deep).toEqual([1]);
  });

  it.each([
    [{ op: 'replace' as const, path: '/missing', value: 1 }, /does not exist/],
    [{ op: 'remove' as const, path: '/a/missing' }, /does not exist/],
    [{ op: 'add' as const, path: '/missing/deeper', value: 1 }, /not an object or array/],
    [{ op: 'add' as const, path: '/list/5', value: 1 }, /out of range/],
    [{ op: 'remove' as const, path: '/list/2' }, /out of range/],
    [{ op: 'add' as const, path: '/list/x', value: 1 }, /not an array index/],
    [{ op: 'remove' as const, path: '' }, /root/],
  ])('refuses %j', (op, message) => {
    expect(() => applyJsonPatch(doc, [op])).toThrow(message);
  });
});
