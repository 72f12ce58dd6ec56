import { describe, expect, it } from 'vitest';
import { parsePath } from '@/server/engine/paths/parse-path';
import { assignShape, selectShape } from './shape-paths';
import { UNKNOWN, arrayShape, objectShape, type Shape } from './shape';

const S: Shape = { kind: 'string' };
const I: Shape = { kind: 'integer' };
const segments = (path: string) => {
  const r = parsePath(path);
  if (!r.ok) throw new Error(r.error);
  return r.ast.segments;
};

const data = objectShape({
  name: S,
  calls: arrayShape(objectShape({ id: I, tags: arrayShape(S) })),
  pair: arrayShape(UNKNOWN, [S, I]),
  nested: objectShape({ a: S, b: I }),
});

describe('selectShape', () => {
  it.each<[string, Shape]>([
    ['$', data],
    ['$.name', S],
    ["$['name']", S],
    ['$.calls[0].id', I],
    ['$.pair[0]', S],
    ['$.pair[1]', I],
    ['$.pair[-1]', I],
    ['$.pair[5]', UNKNOWN],
    ['$.calls[*].id', arrayShape(I)],
    ['$.calls[*].tags[*]', arrayShape(S)],
    ['$.calls[0:2]', arrayShape(objectShape({ id: I, tags: arrayShape(S) }))],
    ['$.nested.*', arrayShape({ kind: 'unknown' })],
    ["$.nested['a','a']", arrayShape(S)],
    ['$..id', arrayShape(UNKNOWN)],
    ['$.missing', UNKNOWN],
    ['$.name.length', UNKNOWN],
    ['$.calls.id', UNKNOWN],
  ])('%s', (path, shape) => {
    expect(selectShape(data, segments(path))).toEqual(shape);
  });
});

describe('assignShape', () => {
  it.each<[string, Shape, Shape]>([
    ['$', objectShape({ a: S }), I],
    ['$.a', objectShape({ a: S, b: S }), objectShape({ a: I, b: S })],
    ['$.x.y', objectShape({ a: S }), objectShape({ a: S, x: objectShape({ y: I }) })],
    ['$.a', S, objectShape({ a: I })],
    ['$.a.b', objectShape({ a: objectShape({ c: S }) }), objectShape({ a: objectShape({ c: S, b: I }) })],
  ])('%s into %j', (path, target, expected) => {
    expect(assignShape(target, segments(path), I)).toEqual(expected);
  });
});
