import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadExampleIndex, REPO_ROOT } from './testing/example-files.ts';
import type { JsonPatchOperation } from '../testing/json-patch.ts';
import { applyJsonPatch } from '../testing/json-patch.ts';
import { SCHEMAS, validateAgainstSchema } from './registry.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;

const amendmentsSchema = z.object({
  amendments: z.array(
    z.object({
      id: z.string().regex(/^A\d+$/),
      schema: z.string(),
      title: z.string().min(1),
      reason: z.string().min(1),
      motivatedBy: z.array(z.string()).min(1),
      patch: z.array(z.custom<JsonPatchOperation>((op) => typeof op === 'object' && op !== null && 'op' in op && 'path' in op)).min(1),
    }),
  ),
});

const readJson = (...parts: string[]): unknown => JSON.parse(readFileSync(join(REPO_ROOT, ...parts), 'utf8'));
const { amendments } = amendmentsSchema.parse(readJson('schemas', 'amendments.json'));
const originals = readdirSync(join(REPO_ROOT, 'schemas/spec-originals'));
const examples = new Map(loadExampleIndex().map((e) => [e.id, e]));

/** Validators of the verbatim spec schemas, one ajv each (their $ids clash with the amended ones). */
const originalValidators = new Map<string, import('ajv').ValidateFunction>();
function originalValidator(file: string) {
  let validate = originalValidators.get(file);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    validate = ajv.compile(readJson('schemas/spec-originals', file) as object);
    originalValidators.set(file, validate);
  }
  return validate;
}

describe('schema amendments (schemas/amendments.json)', () => {
  it('keeps one verbatim original per shipped schema', () => {
    const shipped = readdirSync(join(REPO_ROOT, 'schemas')).filter((f) => f.endsWith('.json') && f !== 'amendments.json');
    expect(originals.sort()).toEqual(shipped.sort());
  });

  it.each(originals)('%s: the spec original plus the documented patches is exactly the shipped schema', (file) => {
    const patches = amendments.filter((a) => a.schema === file).flatMap((a) => a.patch);
    expect(applyJsonPatch(readJson('schemas/spec-originals', file), patches)).toEqual(readJson('schemas', file));
  });

  it('amends only schemas that exist, with unique ids', () => {
    expect(new Set(amendments.map((a) => a.id)).size).toBe(amendments.length);
    for (const a of amendments) expect(originals).toContain(a.schema);
  });

  describe.each(amendments)('$id $title', (a) => {
    it.each(a.motivatedBy)('is needed by %s: it fails the original schema and passes the amended one', (id) => {
      const e = examples.get(id);
      expect(e, `unknown example ${id}`).toBeDefined();
      if (!e) return;
      // A corrected example is judged in its corrected form, so that only this amendment is at stake.
      const doc = readJson(e.status === 'corrected' ? e.corrected : e.file);
      const original = originalValidator(a.schema);
      expect(original(doc)).toBe(false);
      expect(validateAgainstSchema(e.schema, doc)).toEqual([]);
      // The schema under test is the one this amendment changes.
      expect(SCHEMAS[e.schema].$id).toBe((readJson('schemas', a.schema) as { $id: string }).$id);
    });
  });

  it.each(Object.keys(SCHEMAS))('%s compiles under ajv strict mode', (name) => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats(ajv);
    expect(() => ajv.compile(SCHEMAS[name as keyof typeof SCHEMAS])).not.toThrow();
  });
});
