import { describe, expect, it } from 'vitest';
import { shapeFromSchema } from './schema-shape';
import { OPEN_OBJECT, PENDING, UNKNOWN, arrayShape, mergeShapes, objectShape, shapeOfValue, type Shape } from './shape';

const S: Shape = { kind: 'string' };
const N: Shape = { kind: 'number' };
const I: Shape = { kind: 'integer' };
const B: Shape = { kind: 'boolean' };

describe('shapeOfValue', () => {
  it.each<[unknown, Shape]>([
    [null, { kind: 'null' }],
    ['x', S],
    [1, I],
    [1.5, N],
    [true, B],
    [{ a: 1, b: { c: 'x' } }, objectShape({ a: I, b: objectShape({ c: S }) })],
    [[1, 2.5], arrayShape(N, [I, N])],
    [[], arrayShape(UNKNOWN, [])],
    [undefined, UNKNOWN],
  ])('%j', (value, shape) => {
    expect(shapeOfValue(value)).toEqual(shape);
  });

  it('stops at the depth limit', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = { d: deep };
    let s = shapeOfValue(deep);
    let depth = 0;
    while (s.kind === 'object') {
      s = s.fields.d!;
      depth++;
    }
    expect([s.kind, depth]).toEqual(['unknown', 33]);
  });
});

describe('mergeShapes', () => {
  it.each<[string, Shape, Shape, Shape]>([
    ['objects union their fields', objectShape({ a: S }), objectShape({ b: I }), objectShape({ a: S, b: I })],
    [
      'common fields merge',
      objectShape({ a: objectShape({ x: S }) }),
      objectShape({ a: objectShape({ y: S }) }),
      objectShape({ a: objectShape({ x: S, y: S }) }),
    ],
    ['unknown gives way (left)', UNKNOWN, S, S],
    ['unknown gives way (right), opening an object', objectShape({ a: S }), UNKNOWN, objectShape({ a: S }, true)],
    ['unknown opens an array of objects', arrayShape(objectShape({})), UNKNOWN, arrayShape(objectShape({}, true))],
    ['a pending loop cut gives way without opening', objectShape({ a: S }), PENDING, objectShape({ a: S })],
    ['an open side opens the union', objectShape({ a: S }, true), objectShape({ b: S }), objectShape({ a: S, b: S }, true)],
    ['integer and number', I, N, N],
    ['formats that differ drop', { kind: 'string', format: 'date' }, S, S],
    ['same formats stay', { kind: 'string', format: 'date' }, { kind: 'string', format: 'date' }, { kind: 'string', format: 'date' }],
    ['different kinds', S, B, UNKNOWN],
    ['arrays merge items and equal-length tuples', arrayShape(I, [I, S]), arrayShape(N, [N, S]), arrayShape(N, [N, S])],
    ['tuples of different length drop', arrayShape(I, [I]), arrayShape(I, [I, I]), arrayShape(I)],
  ])('%s', (_what, a, b, merged) => {
    expect(mergeShapes(a, b)).toEqual(merged);
  });
});

describe('shapeFromSchema', () => {
  it('reads the spec workflow input schema', () => {
    const schema = {
      type: 'object',
      properties: {
        advisor_name: { type: 'string' },
        start_date: { type: 'string', format: 'date' },
        calls: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
      required: ['advisor_name'],
    };
    expect(shapeFromSchema(schema)).toEqual(
      objectShape({ advisor_name: S, start_date: { kind: 'string', format: 'date' }, calls: arrayShape(objectShape({ id: I })) }),
    );
  });

  it.each<[string, unknown, Shape]>([
    ['properties without type', { properties: { a: { type: 'boolean' } } }, objectShape({ a: B })],
    ['a nullable type', { type: ['string', 'null'] }, S],
    ['several types', { type: ['string', 'number'] }, UNKNOWN],
    ['an enum', { enum: ['a', 'b'] }, S],
    ['a const', { const: 3 }, I],
    [
      'anyOf',
      {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: 'number' } } },
        ],
      },
      objectShape({ a: S, b: N }),
    ],
    ['an object without properties is open', { type: 'object' }, OPEN_OBJECT],
    [
      'additionalProperties opens an object',
      { properties: { a: { type: 'boolean' } }, additionalProperties: {} },
      objectShape({ a: B }, true),
    ],
    ['a $ref', { $ref: '#/x' }, UNKNOWN],
    ['not a schema', 'string', UNKNOWN],
  ])('%s', (_what, schema, shape) => {
    expect(shapeFromSchema(schema)).toEqual(shape);
  });
});
