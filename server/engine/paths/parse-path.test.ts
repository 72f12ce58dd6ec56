import { describe, expect, it } from 'vitest';
import { parsePath } from './parse-path.ts';
import { loadFixture } from '../__fixtures__/load.ts';

interface PathCases {
  valid: Array<{ path: string; isReferencePath: boolean; ast?: unknown }>;
  invalid: Array<{ path: string; position: number; error: string }>;
}
const cases = loadFixture<PathCases>('path-cases.json');

describe('parsePath', () => {
  it.each(cases.valid)('parses $path', ({ path, isReferencePath, ast }) => {
    const r = parsePath(path);
    expect(r.ok, r.ok ? '' : `${r.error} at ${r.position}`).toBe(true);
    if (!r.ok) return;
    expect(r.isReferencePath).toBe(isReferencePath);
    if (ast) expect(r.ast).toEqual(ast);
  });

  it.each(cases.invalid)('rejects $path at offset $position', ({ path, position, error }) => {
    const r = parsePath(path);
    expect(r).toMatchObject({ ok: false, position });
    if (!r.ok) expect(r.error).toContain(error);
  });

  it('rejects non-strings without throwing', () => {
    expect(parsePath(42 as unknown as string)).toMatchObject({ ok: false, position: 0 });
  });

  it('bounds expression nesting instead of exhausting the stack', () => {
    const deep = `$[?(${'('.repeat(5000)}1${')'.repeat(5000)})]`;
    const r = parsePath(deep);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('nests deeper');
  });

  it('accepts nesting within the limit', () => {
    expect(parsePath(`$[?(${'('.repeat(30)}@.a${')'.repeat(30)} == 1)]`).ok).toBe(true);
  });
});
