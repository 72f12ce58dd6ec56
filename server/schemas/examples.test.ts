import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, parsePointer } from '../testing/json-patch.ts';
import { loadExampleIndex, REPO_ROOT } from './testing/example-files.ts';
import { validateAgainstSchema } from './registry.ts';

const examples = loadExampleIndex();
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const readJson = (path: string): unknown => JSON.parse(read(path));

/** The value at `pointer` inside `doc` (read-only use of the pointer parser). */
function at(doc: unknown, pointer: string): unknown {
  return parsePointer(pointer).reduce<unknown>((v, t) => (v as Record<string, unknown>)[t], doc);
}

describe('schemas/examples/index.json', () => {
  it('lists every fixture file exactly once, and only files that exist', () => {
    const listed = examples.map((e) => e.file);
    expect(new Set(listed).size).toBe(listed.length);
    const onDisk = ['schemas/examples/spec', 'schemas/examples/ours']
      .flatMap((dir) => readdirSync(join(REPO_ROOT, dir), { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => relative(REPO_ROOT, join(d.parentPath, d.name)));
    expect([...listed].sort()).toEqual(onDisk.sort());
  });

  it('uses every corrected fixture', () => {
    const used = examples.flatMap((e) => (e.status === 'corrected' ? [e.corrected] : []));
    const onDisk = readdirSync(join(REPO_ROOT, 'schemas/examples/corrected')).map((f) => `schemas/examples/corrected/${f}`);
    for (const f of onDisk) expect(used).toContain(f);
  });

  it('holds the seventeen covered JSON blocks of the worked example and marks the rest as ours', () => {
    expect(examples.filter((e) => e.origin === 'spec')).toHaveLength(17);
    for (const e of examples) {
      if (e.origin === 'spec') expect(e.lines, e.id).toBeDefined();
      else expect(e.note, e.id).toMatch(/^Ours, not the spec's/);
    }
  });
});

describe.each(examples.filter((e) => e.status === 'validates_as_is'))('$id ($schema) validates as is', (e) => {
  it('has no schema errors', () => {
    expect(validateAgainstSchema(e.schema, readJson(e.file))).toEqual([]);
  });
});

describe.each(examples.filter((e) => e.status === 'corrected'))('$id ($schema) is corrected', (e) => {
  if (e.status !== 'corrected') throw new Error('unreachable');

  it('fails verbatim for the documented reason', () => {
    const text = read(e.file);
    if (e.verbatimFailure.kind === 'not_json') {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    } else {
      const issues = validateAgainstSchema(e.schema, JSON.parse(text)).map(({ path, code }) => ({ path, code }));
      expect(issues).toEqual(e.verbatimFailure.issues);
    }
  });

  it('validates after correction', () => {
    expect(validateAgainstSchema(e.schema, readJson(e.corrected))).toEqual([]);
  });

  if (e.correctedPointer) {
    const pointer = e.correctedPointer;
    it('sits at its pointer in the corrected document, changed only in Parameters', () => {
      // The fragment is one member of asl.States; wrapped in braces it is an object with one key.
      const fragment = JSON.parse(`{${read(e.file)}}`) as Record<string, Record<string, unknown>>;
      const [name, state] = Object.entries(fragment)[0]!;
      expect(pointer.endsWith('/' + name)).toBe(true);
      const corrected = at(readJson(e.corrected), pointer) as Record<string, unknown>;
      const withoutParameters = (s: Record<string, unknown>) => applyJsonPatch(s, [{ op: 'remove', path: '/Parameters' }]);
      expect(withoutParameters(corrected)).toEqual(withoutParameters(state));
      expect(corrected.Parameters).not.toEqual(state.Parameters);
    });
  }
});
