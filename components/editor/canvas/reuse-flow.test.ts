import { describe, expect, it } from 'vitest';
import { reuseById } from './reuse-flow';

describe('reuseById', () => {
  const a = { id: 'a', data: { name: 'A', skills: ['x'] } };
  const b = { id: 'b', data: { name: 'B', skills: [] as string[] } };

  it('returns the previous list when every item is equal', () => {
    const prev = [a, b];
    expect(reuseById(prev, [structuredClone(a), structuredClone(b)])).toBe(prev);
  });

  it('keeps the previous object of every unchanged item, by id, and a new one for the changed', () => {
    const changed = { id: 'a', data: { name: 'A2', skills: ['x'] } };
    const out = reuseById([a, b], [structuredClone(b), changed]);
    expect(out[0]).toBe(b);
    expect(out[1]).not.toBe(a);
    expect(out[1]).toEqual(changed);
    // The unchanged part of a changed item is shared too.
    expect(out[1]!.data.skills).toBe(a.data.skills);
  });

  it('drops items that are gone and takes new ones as they are', () => {
    const c = { id: 'c', data: { name: 'C', skills: [] } };
    const out = reuseById([a, b], [structuredClone(a), c]);
    expect(out).toEqual([a, c]);
    expect(out[0]).toBe(a);
  });
});
