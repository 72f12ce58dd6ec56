import { describe, expect, it } from 'vitest';
import { validateWorkflow } from './validate-workflow.ts';
import { validationReportSchema } from '../../validation/issue.ts';
import { validateAslStructure } from '../asl/validate-asl.ts';
import { parsePath } from '../paths/parse-path.ts';
import { parseIntrinsic } from '../intrinsics/parse-intrinsic.ts';
import { loadFixture } from '../__fixtures__/load.ts';
import { contextFromFixture } from '../__fixtures__/context.ts';
import { applyJsonPatch } from '../../testing/json-patch.ts';
import { ODD_VALUES, allPointers, randomStrings } from '../__fixtures__/odd-values.ts';

const base = loadFixture('rule-coverage.workflow.json');
/** The exhaustive replacement runs validate a few thousand documents; give them room on slow CI. */
const HEAVY = { timeout: 60_000 };
const ctx = contextFromFixture(loadFixture('rule-coverage.context.json'));

describe('validators never throw', () => {
  it.each(ODD_VALUES.map((v) => [v]))('validateWorkflow(%s) returns a report', (doc) => {
    const r = validateWorkflow(doc, ctx);
    expect(validationReportSchema.parse(r)).toEqual(r);
    expect(r.valid).toBe(false);
  });

  it('returns a well-formed report with every field of the workflow replaced by every odd value', HEAVY, () => {
    const pointers = allPointers(base).filter((p) => p !== '');
    expect(pointers.length).toBeGreaterThan(150);
    for (const pointer of pointers) {
      for (const value of ODD_VALUES) {
        const doc = applyJsonPatch(base, []);
        setAt(doc, pointer, value);
        const r = validateWorkflow(doc, ctx);
        expect(r.valid).toBe(r.errors.length === 0);
        for (const i of [...r.errors, ...r.warnings])
          expect(typeof i.path === 'string' && typeof i.code === 'string' && typeof i.message === 'string').toBe(true);
      }
    }
  });

  it('returns issues for the same replacements at the ASL level', HEAVY, () => {
    const asl = (base as { asl: unknown }).asl;
    for (const pointer of allPointers(asl)) {
      for (const value of ODD_VALUES) {
        const doc = applyJsonPatch({ asl }, []);
        setAt(doc, `/asl${pointer}`, value);
        expect(Array.isArray(validateAslStructure(doc.asl))).toBe(true);
      }
    }
  });

  it('parsers return results, not exceptions, for generated text', HEAVY, () => {
    for (const text of randomStrings(20000)) {
      const p = parsePath(text);
      const i = parseIntrinsic(text);
      expect(p.ok || (typeof p.error === 'string' && p.position >= 0 && p.position <= text.length)).toBe(true);
      expect(i.ok || (typeof i.error === 'string' && i.position >= 0 && i.position <= text.length)).toBe(true);
    }
  });
});

/** Sets (or, for undefined, deletes) the value at a pointer of a plain JSON document. */
function setAt(doc: unknown, pointer: string, value: unknown): void {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop()!;
  let parent = doc as Record<string, unknown>;
  for (const t of tokens) parent = parent[t] as Record<string, unknown>;
  parent[last] = value;
}
