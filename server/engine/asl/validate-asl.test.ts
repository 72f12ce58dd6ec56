import { describe, expect, it } from 'vitest';
import { validateAslStructure } from './validate-asl.ts';
import { isRfc3339Timestamp } from './timestamp.ts';
import { MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_NODES } from '../document-guard.ts';
import { loadFixture } from '../__fixtures__/load.ts';
import { applyJsonPatch } from '../../testing/json-patch.ts';
import { ASL_CASES } from '../__fixtures__/asl-rule-cases.ts';

const minimal = loadFixture('minimal.asl.json');
const codes = (asl: unknown, base?: string) => validateAslStructure(asl, base).map((i) => [i.code, i.path]);

describe('validateAslStructure', () => {
  it('accepts the minimal state machine', () => {
    expect(validateAslStructure(minimal)).toEqual([]);
  });

  it.each(ASL_CASES)('$rule', ({ ops, errors }) => {
    expect(codes(applyJsonPatch(minimal, ops))).toEqual(errors);
  });

  it('builds pointers under the given base', () => {
    const broken = applyJsonPatch(minimal, [{ op: 'replace', path: '/States/Work/Catch/0/Next', value: 'Nope' }]);
    expect(codes(broken, '')).toEqual([['asl.unknown_target', '/States/Work/Catch/0/Next']]);
    expect(codes(broken, '/definition')).toEqual([['asl.unknown_target', '/definition/States/Work/Catch/0/Next']]);
  });

  it('escapes state names in pointers (RFC 6901)', () => {
    const def = { StartAt: 'a~c', States: { 'a~c': { Type: 'Pass', Next: 'x' } } };
    expect(codes(def)).toEqual([['asl.unknown_target', '/asl/States/a~0c/Next']]);
  });

  it("refuses a '/' in a state name at any depth (a Parallel inside a Map's processor)", () => {
    const branch = { StartAt: 'Inner/Step', States: { 'Inner/Step': { Type: 'Pass', End: true } } };
    const processor = { StartAt: 'Fork', States: { Fork: { Type: 'Parallel', Branches: [branch], End: true } } };
    const def = { StartAt: 'Each', States: { Each: { Type: 'Map', ItemProcessor: processor, End: true } } };
    expect(validateAslStructure(def)).toEqual([
      {
        path: '/asl/States/Each/ItemProcessor/States/Fork/Branches/0/States/Inner~1Step',
        code: 'asl.invalid_state_name',
        message: expect.stringContaining(`state name "Inner/Step" contains '/'`),
      },
    ]);
  });

  it.each([null, 'x', 42, [], true])('reports a non-object state machine (%j)', (asl) => {
    expect(codes(asl)).toEqual([['asl.invalid_type', '/asl']]);
  });

  it('refuses documents nested deeper than the limit instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DOCUMENT_DEPTH + 5; i++) deep = { a: deep };
    const def = applyJsonPatch(minimal, [{ op: 'replace', path: '/States/Work/Parameters', value: deep }]);
    expect(codes(def)).toEqual([['document.too_deep', '/asl']]);
  });

  it('bounds the walk of JavaScript input that shares sub-objects', () => {
    let shared: unknown = {};
    for (let i = 0; i < 24; i++) shared = { left: shared, right: shared }; // 2^24 paths, 24 objects
    expect(2 ** 24).toBeGreaterThan(MAX_DOCUMENT_NODES);
    const def = applyJsonPatch(minimal, []) as { States: Record<string, Record<string, unknown>> };
    def.States.Work!.Parameters = shared;
    expect(codes(def)).toEqual([['document.too_large', '/asl']]);
  });

  it('refuses cyclic input', () => {
    const def = structuredClone(minimal) as { States: Record<string, Record<string, unknown>> };
    def.States.Work!.Parameters = def;
    expect(codes(def)).toEqual([['document.cyclic', '/asl']]);
  });
});

describe('isRfc3339Timestamp', () => {
  it.each(['2016-03-14T01:59:00Z', '2016-03-14T01:59:00.123Z', '2024-02-29T23:59:60+01:00', '1999-12-31T00:00:00-08:30'])(
    'accepts %s',
    (t) => {
      expect(isRfc3339Timestamp(t)).toBe(true);
    },
  );

  it.each([
    '2016-03-14',
    '2016-03-14 01:59:00Z',
    '2016-03-14t01:59:00z',
    '2023-02-29T00:00:00Z',
    '2016-13-01T00:00:00Z',
    '2016-04-31T00:00:00Z',
    '2016-03-14T24:00:00Z',
    '2016-03-14T01:59:00+25:00',
    '2016-03-14T01:59:00',
  ])('rejects %s', (t) => {
    expect(isRfc3339Timestamp(t)).toBe(false);
  });
});
