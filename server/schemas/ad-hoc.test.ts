import { describe, expect, it } from 'vitest';
import { validateAgainstJsonSchema } from './registry.ts';

/** A workflow's input schema as each run's copy of the workflow carries it: a fresh object every time. */
const inputSchema = () => ({
  $id: 'https://example.com/schemas/call-review-input.json',
  type: 'object',
  required: ['call_id'],
  properties: { call_id: { type: 'string' } },
});

describe('validateAgainstJsonSchema (schemas given as values)', () => {
  it('validates with a schema that has an $id on every call, not only the first (a workflow run again)', () => {
    for (let run = 0; run < 3; run++) {
      expect(validateAgainstJsonSchema(inputSchema(), { call_id: 'C-1' })).toEqual([]);
      expect(validateAgainstJsonSchema(inputSchema(), {})).toEqual([
        expect.objectContaining({ path: '/call_id', code: 'schema.required' }),
      ]);
    }
  });

  it('follows a schema changed in place', () => {
    const schema: { type: string; maximum?: number } = { type: 'number' };
    expect(validateAgainstJsonSchema(schema, 150)).toEqual([]);
    schema.maximum = 100;
    expect(validateAgainstJsonSchema(schema, 150)).toHaveLength(1);
  });

  it('reports a schema that does not compile as one issue at the root, each time', () => {
    for (let i = 0; i < 2; i++)
      expect(validateAgainstJsonSchema({ type: 'no-such-type' }, 1)).toEqual([
        expect.objectContaining({ path: '', code: 'schema.invalid_schema' }),
      ]);
  });

  it("refuses a schema that takes a meta-schema's $id, and goes on validating the next ones", () => {
    const taken = { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'object' };
    expect(validateAgainstJsonSchema(taken, {})).toEqual([expect.objectContaining({ path: '', code: 'schema.invalid_schema' })]);
    expect(validateAgainstJsonSchema(inputSchema(), { call_id: 'C-2' })).toEqual([]);
    expect(validateAgainstJsonSchema({ type: 'string', format: 'date' }, '2024-13-01')).toHaveLength(1);
    // The meta-schema is still there to refer to.
    expect(validateAgainstJsonSchema({ $ref: 'https://json-schema.org/draft/2020-12/schema' }, { type: 'object' })).toEqual([]);
  });
});
