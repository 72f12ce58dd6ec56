import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeTools } from './registry.ts';
import { searchEmbeddingsTool } from './learning/search-embeddings.ts';
import { ARG_LIMITS, boundedJson, boundedRecord, jsonLengthOver, MAX_JSON_LENGTH_KEYWORD } from './limits.ts';

type Schema = Record<string, unknown>;
const ANNOTATIONS = new Set(['description', 'default', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * Every unbounded place in a JSON Schema, as `path: what`: a string without `maxLength` (an enum
 * or a const is bounded by its values), an array without `maxItems`, an open object (a record,
 * `additionalProperties` other than false) without `maxProperties`, and a free value (`{}`,
 * `true`) without the free-JSON length keyword. Composite schemas are walked through.
 */
export function unboundedPlaces(schema: unknown, path = ''): string[] {
  if (schema === true) return [`${path || '/'}: any value without ${MAX_JSON_LENGTH_KEYWORD}`];
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Schema;
  const found: string[] = [];
  const at = path || '/';
  const meaningful = Object.keys(s).filter((k) => !ANNOTATIONS.has(k) && !k.startsWith('$'));
  if (meaningful.length === 0 && s.$ref === undefined) found.push(`${at}: any value without ${MAX_JSON_LENGTH_KEYWORD}`);
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const fixed = s.enum !== undefined || s.const !== undefined;
  if (types.includes('string') && s.maxLength === undefined && !fixed) found.push(`${at}: string without maxLength`);
  if (types.includes('array') && s.maxItems === undefined && !(Array.isArray(s.prefixItems) && s.items === false)) {
    found.push(`${at}: array without maxItems`);
  }
  const open = s.additionalProperties !== undefined && s.additionalProperties !== false;
  if ((types.includes('object') || open) && open && s.maxProperties === undefined) found.push(`${at}: object without maxProperties`);
  if (s.propertyNames !== undefined) found.push(...unboundedPlaces(s.propertyNames, `${path}/<key>`));
  for (const [k, v] of Object.entries((s.properties ?? {}) as Schema)) found.push(...unboundedPlaces(v, `${path}/${k}`));
  if (s.items !== undefined && typeof s.items === 'object') found.push(...unboundedPlaces(s.items, `${path}/*`));
  if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((v, i) => found.push(...unboundedPlaces(v, `${path}/${i}`)));
  if (typeof s.additionalProperties === 'object') found.push(...unboundedPlaces(s.additionalProperties, `${path}/*`));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((v) => found.push(...unboundedPlaces(v, path)));
  }
  for (const [k, v] of Object.entries((s.$defs ?? {}) as Schema)) found.push(...unboundedPlaces(v, `#/$defs/${k}`));
  return found;
}

describe('bounded tool inputs (issue 29)', () => {
  it('every tool input bounds every string, array, open object and free value', () => {
    const unbounded = describeTools().flatMap((d) => unboundedPlaces(d.inputSchema).map((p) => `${d.name} ${p}`));
    expect(unbounded).toEqual([]);
  });

  it('the walk names what is unbounded and passes what is bounded', () => {
    const schema = z.toJSONSchema(
      z.object({
        s: z.string(),
        a: z.array(z.string().max(3)),
        r: z.record(z.string().max(3), z.number()),
        u: z.unknown(),
        ok: z.object({
          s: z.string().max(3),
          e: z.enum(['x']),
          a: z.array(z.number()).max(2),
          r: boundedRecord(z.string().max(3), z.number()),
        }),
        j: boundedJson(10),
      }),
      { io: 'input', unrepresentable: 'any' },
    );
    expect(unboundedPlaces(schema)).toEqual([
      '/s: string without maxLength',
      '/a: array without maxItems',
      '/r: object without maxProperties',
      `/u: any value without ${MAX_JSON_LENGTH_KEYWORD}`,
    ]);
  });

  it('boundedRecord refuses more keys than its limit and boundedJson a value longer than its limit', () => {
    const r = boundedRecord(z.string().max(5), z.number(), 2);
    expect(r.safeParse({ a: 1, b: 2 }).success).toBe(true);
    expect(r.safeParse({ a: 1, b: 2, c: 3 }).error?.issues[0]?.message).toBe('must have at most 2 keys');
    const j = boundedJson(20);
    expect(j.safeParse({ a: 'short' }).success).toBe(true);
    expect(j.safeParse({ a: 'x'.repeat(30) }).success).toBe(false);
    expect(j.safeParse('x'.repeat(30)).success).toBe(false);
  });

  it('measures JSON length close to JSON.stringify, never far below it', () => {
    const values = [{ a: [1, 2, 'three', { b: null, c: true }] }, 'plain', [[[]]], { 'key with spaces': 'é'.repeat(50) }];
    for (const v of values) {
      const real = JSON.stringify(v).length;
      expect(jsonLengthOver(v, real - 1), JSON.stringify(v)).toBe(true);
      expect(jsonLengthOver(v, real * 2), JSON.stringify(v)).toBe(false);
    }
    expect(ARG_LIMITS.document).toBeGreaterThan(ARG_LIMITS.text);
  });
});

describe('inputs the tool fuzz found to fail inside a handler (issue 29)', () => {
  it('search_embeddings refuses an empty kinds list (it became SQL `in ()`, an internal error)', () => {
    expect(searchEmbeddingsTool.input.safeParse({ query: 'x', kinds: [] }).success).toBe(false);
    expect(searchEmbeddingsTool.input.safeParse({ query: 'x', kinds: ['memory'] }).success).toBe(true);
  });
});
