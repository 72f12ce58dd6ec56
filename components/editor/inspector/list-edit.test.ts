import { describe, expect, it } from 'vitest';
import { asList, moveItem, removeItem, replaceItem } from './list-edit';

describe('list edits', () => {
  const list = ['a', 'b', 'c'] as const;
  it('moves an item up and down', () => {
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('removes and replaces an item', () => {
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
    expect(replaceItem(list, 1, 'x')).toEqual(['a', 'x', 'c']);
  });
  it('returns the same list for indexes out of range', () => {
    expect(moveItem(list, 0, 3)).toBe(list);
    expect(moveItem(list, -1, 0)).toBe(list);
    expect(removeItem(list, 5)).toBe(list);
    expect(replaceItem(list, 1.5, 'x')).toBe(list);
  });
  it('reads an array field as a list', () => {
    expect(asList([1])).toEqual([1]);
    expect(asList({ a: 1 })).toEqual([]);
    expect(asList(undefined)).toEqual([]);
  });
});
