import { describe, expect, it } from 'vitest';
import { schemaRows, typeLabel } from './schema-rows';

describe('schemaRows', () => {
  it('lists top-level parameters in order with type, required and description', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        transcript_text: { type: 'string', description: 'The text.' },
        max_results: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
        mode: { type: 'string', enum: ['fast', 'full'] },
      },
      required: ['transcript_text'],
    });
    expect(rows.map((r) => [r.name, r.type, r.required, r.depth])).toEqual([
      ['transcript_text', 'string', true, 0],
      ['max_results', 'integer', false, 0],
      ['mode', 'string', false, 0],
    ]);
    expect(rows[0]!.description).toBe('The text.');
    expect(rows[1]!.constraints).toEqual(['minimum 1', 'maximum 20', 'default 5']);
    expect(rows[2]!.constraints).toEqual(['one of "fast", "full"']);
  });

  it('descends into array items and nested objects, with their own required lists', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        segments: {
          type: 'array',
          items: { type: 'object', properties: { label: { type: 'string' }, text: { type: 'string' } }, required: ['label'] },
        },
        options: { type: 'object', properties: { deep: { type: 'boolean' } } },
        grid: { type: 'array', items: { type: 'array', items: { type: 'object', properties: { v: { type: 'number' } } } } },
      },
    });
    expect(rows.map((r) => [r.name, r.type, r.required, r.depth])).toEqual([
      ['segments', 'array<object>', false, 0],
      ['segments[].label', 'string', true, 1],
      ['segments[].text', 'string', false, 1],
      ['options', 'object', false, 0],
      ['options.deep', 'boolean', false, 1],
      ['grid', 'array<array<object>>', false, 0],
      ['grid[][].v', 'number', false, 1],
    ]);
  });

  it('honours the top-level json_schema.required form and tolerates missing pieces', () => {
    expect(schemaRows({ properties: { a: { type: 'string' } } }, ['a'])[0]!.required).toBe(true);
    expect(schemaRows(undefined)).toEqual([]);
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({})).toBe('any');
  });
});
