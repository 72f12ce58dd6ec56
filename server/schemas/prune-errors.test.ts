import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pruneSchemaErrors } from './prune-errors.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

/** A small schema with both branch styles: `$ref` variants and inline variants. */
const schema = {
  type: 'object',
  properties: {
    byRef: { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] },
    inline: {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' }, n: { type: 'integer' } }, required: ['kind'] },
        { type: 'object', properties: { kind: { const: 'b' }, s: { type: 'string' } }, required: ['kind'] },
      ],
    },
    leaf: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'integer' }] },
    id: { type: 'string', anyOf: [{ format: 'uuid' }, { pattern: '^skill://' }] },
    loose: { anyOf: [{ properties: { x: { type: 'integer' } } }, { properties: { y: { type: 'string' } } }] },
    ref: { anyOf: [{ type: 'string' }, { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false }] },
    task: { type: 'object', if: { properties: { t: { const: 'Task' } } }, then: { required: ['binding'] } },
  },
  $defs: {
    Cat: {
      type: 'object',
      properties: { type: { const: 'cat' }, lives: { type: 'integer' } },
      required: ['type', 'lives'],
      additionalProperties: false,
    },
    Dog: {
      type: 'object',
      properties: { type: { const: 'dog' }, bark: { type: 'string' } },
      required: ['type'],
      additionalProperties: false,
    },
  },
};
const ajv = new Ajv2020({ allErrors: true, strict: false });
require('ajv-formats')(ajv);
const validate = ajv.compile(schema);

function pruned(doc: unknown) {
  validate(doc);
  return pruneSchemaErrors(validate.errors ?? []).map((e) => ({ path: e.instancePath, keyword: e.keyword, message: e.message }));
}

describe('pruneSchemaErrors', () => {
  it('keeps only the errors of the branch the discriminator selects ($ref branches)', () => {
    expect(pruned({ byRef: { type: 'cat', lives: 'nine' } })).toEqual([
      { path: '/byRef/lives', keyword: 'type', message: 'must be integer' },
    ]);
  });

  it('keeps only the errors of the branch the discriminator selects (inline branches)', () => {
    expect(pruned({ inline: { kind: 'b', s: 5 } })).toEqual([{ path: '/inline/s', keyword: 'type', message: 'must be string' }]);
  });

  it('reports one enum error when the discriminator matches no branch', () => {
    validate({ byRef: { type: 'cow' } });
    const errors = pruneSchemaErrors(validate.errors ?? []);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ instancePath: '/byRef/type', keyword: 'enum', params: { allowedValues: ['cat', 'dog'] } });
  });

  it('joins leaf alternatives into one error on the field', () => {
    expect(pruned({ id: 'scoring' })).toEqual([
      { path: '/id', keyword: 'anyOf', message: 'must match format "uuid", or must match pattern "^skill://"' },
    ]);
  });

  it("prefers the alternative of the value's JSON type", () => {
    expect(pruned({ leaf: 'not-a-uuid' })).toEqual([{ path: '/leaf', keyword: 'format', message: 'must match format "uuid"' }]);
  });

  it('joins alternatives that fail on the field itself, whatever the keyword', () => {
    expect(pruned({ inline: 'text' })).toEqual([{ path: '/inline', keyword: 'oneOf', message: 'must be object' }]);
  });

  it('keeps the errors of the only branch of the right JSON type', () => {
    expect(pruned({ ref: { name: 'worker', extra: 1 } })).toEqual([
      { path: '/ref', keyword: 'additionalProperties', message: 'must NOT have additional properties' },
    ]);
    expect(pruned({ ref: 3 })).toEqual([{ path: '/ref', keyword: 'anyOf', message: 'must be string, or must be object' }]);
  });

  it('keeps every error when no discriminator tells the branches apart', () => {
    const out = pruned({ loose: { x: 'a', y: 1 } });
    expect(out.map((e) => [e.path, e.keyword])).toEqual([
      ['/loose/x', 'type'],
      ['/loose/y', 'type'],
      ['/loose', 'anyOf'],
    ]);
  });

  it('drops the "must match then" error that follows the then errors', () => {
    expect(pruned({ task: { t: 'Task' } })).toEqual([
      { path: '/task', keyword: 'required', message: "must have required property 'binding'" },
    ]);
  });

  it('leaves unrelated errors and their order alone', () => {
    const out = pruned({ byRef: { type: 'dog', bark: 1 }, leaf: 1.5, task: 3 });
    expect(out.map((e) => [e.path, e.keyword])).toEqual([
      ['/byRef/bark', 'type'],
      ['/leaf', 'anyOf'],
      ['/task', 'type'],
    ]);
  });
});
