import { describe, expect, it } from 'vitest';
import { deepFreeze } from './__fixtures__/workflows';
import { getAt, updateAt } from './pointer-access';

const doc = () => deepFreeze({ a: { b: [10, { c: 'x' }], 'd/e': 1, 'f~g': 2 }, n: null });

describe('getAt', () => {
  it.each([
    ['', doc()],
    ['/a/b/0', 10],
    ['/a/b/1/c', 'x'],
    ['/a/d~1e', 1],
    ['/a/f~0g', 2],
    ['/n', null],
    ['/a/b/2', undefined],
    ['/a/b/x', undefined],
    ['/a/zz', undefined],
    ['/n/deeper', undefined],
    ['no-slash', undefined],
    ['/a/toString', undefined],
  ])('%s', (p, expected) => {
    expect(getAt(doc(), p)).toEqual(expected);
  });
});

describe('updateAt', () => {
  it('replaces a value, copying only the containers on the way', () => {
    const before = doc();
    const after = updateAt(before, '/a/b/1/c', () => 'y')!;
    expect(after).toEqual({ a: { b: [10, { c: 'y' }], 'd/e': 1, 'f~g': 2 }, n: null });
    expect(before.a.b[1]).toEqual({ c: 'x' });
    expect(after).not.toBe(before);
    expect(after.n).toBe(before.n);
  });

  it('adds a member, deletes a member and deletes an array element', () => {
    expect(updateAt(doc(), '/a/new', () => [1])!.a).toMatchObject({ new: [1] });
    expect(Object.keys(updateAt(doc(), '/a/d~1e', () => undefined)!.a)).toEqual(['b', 'f~g']);
    expect(updateAt(doc(), '/a/b/0', () => undefined)!.a.b).toEqual([{ c: 'x' }]);
  });

  it('can set null (a JSON value, not a failure)', () => {
    expect(updateAt(doc(), '/a/b/0', () => null)!.a.b).toEqual([null, { c: 'x' }]);
  });

  it('returns the same object when nothing changes', () => {
    const before = doc();
    expect(updateAt(before, '/a/b/0', (v) => v)).toBe(before);
    expect(updateAt(before, '/a/missing', () => undefined)).toBe(before);
  });

  it.each(['', 'bad', '/a/missing/deeper', '/a/b/5', '/a/b/x', '/n/x'])('gives null for %j', (p) => {
    expect(updateAt(doc(), p, () => 1)).toBeNull();
  });
});
