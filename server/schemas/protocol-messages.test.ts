import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/example-files.ts';
import { validateAgainstSchema, type SchemaName } from './registry.ts';

/**
 * The delegated-mode message protocols against the spec's own JSON blocks
 * (schemas/examples/dcf-plus/index.json; spec-source.md is the spec document as given): each block as written fails for the documented reason
 * (placeholders where values go), and its corrected version validates.
 */
const dir = join(REPO_ROOT, 'schemas/examples/dcf-plus');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
  examples: Array<{
    schema: SchemaName;
    lines: [number, number];
    file: string;
    corrected: string;
    verbatimFailure: 'not_json' | Array<{ path: string; code: string }>;
  }>;
};
// The spec document, vendored unchanged (a fresh clone has no ../shared): the blocks are cut from it.
const spec = readFileSync(join(dir, 'spec-source.md'), 'utf8').split('\n');

describe.each(index.examples)('$schema example of the spec', (e) => {
  const text = readFileSync(join(dir, e.file), 'utf8');

  it('is the spec block verbatim', () => {
    expect(text).toBe(`${spec.slice(e.lines[0] - 1, e.lines[1]).join('\n')}\n`);
  });

  it('fails as written for the documented reason', () => {
    if (e.verbatimFailure === 'not_json') {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      return;
    }
    const issues = validateAgainstSchema(e.schema, JSON.parse(text)).map(({ path, code }) => ({ path, code }));
    expect(issues).toEqual(e.verbatimFailure);
  });

  it('validates once corrected', () => {
    expect(validateAgainstSchema(e.schema, JSON.parse(readFileSync(join(dir, e.corrected), 'utf8')))).toEqual([]);
  });
});
