import { describe, expect, it } from 'vitest';
import { reuseEqual } from './reuse-equal';

describe('reuseEqual', () => {
  const prev = { asl: { StartAt: 'A', States: { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Succeed' } } }, tags: ['x', 'y'] };

  it('returns prev itself when nothing changed', () => {
    expect(reuseEqual(prev, structuredClone(prev))).toBe(prev);
  });

  it('keeps unchanged subtrees and replaces only the changed path', () => {
    const next = structuredClone(prev);
    next.asl.States.A.Next = 'C';
    const r = reuseEqual(prev, next);
    expect(r).toEqual(next);
    expect(r).not.toBe(prev);
    expect(r.asl.States.B).toBe(prev.asl.States.B);
    expect(r.tags).toBe(prev.tags);
    expect(r.asl.States.A).not.toBe(prev.asl.States.A);
  });

  it('treats added, removed and reordered keys and array items as changes', () => {
    const added = reuseEqual(prev, { ...structuredClone(prev), extra: 1 });
    expect(added).not.toBe(prev);
    expect(added.tags).toBe(prev.tags);
    const reordered = reuseEqual(prev, { tags: ['x', 'y'], asl: structuredClone(prev.asl) });
    expect(Object.keys(reordered)).toEqual(['tags', 'asl']);
    expect(reordered).not.toBe(prev);
    expect(reuseEqual(prev.tags, ['x'])).toEqual(['x']);
    expect(reuseEqual(prev.tags, ['x', 'y', 'z'])).not.toBe(prev.tags);
  });

  it('handles type changes, nulls and primitives', () => {
    expect(reuseEqual({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
    expect(reuseEqual({ a: null }, { a: null })).toEqual({ a: null });
    expect(reuseEqual(1, 2)).toBe(2);
    expect(reuseEqual(null, { a: 1 })).toEqual({ a: 1 });
  });
});
