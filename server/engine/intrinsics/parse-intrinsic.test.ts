import { describe, expect, it } from 'vitest';
import { MAX_INTRINSIC_NESTING, parseIntrinsic } from './parse-intrinsic.ts';
import { INTRINSIC_NAMES } from './intrinsic-ast.ts';
import { parseFormatTemplate } from './format-template.ts';
import { loadFixture } from '../__fixtures__/load.ts';

interface IntrinsicCases {
  valid: string[];
  invalid: Array<{ text: string; position: number; error: string }>;
}
const cases = loadFixture<IntrinsicCases>('intrinsic-cases.json');

describe('parseIntrinsic', () => {
  it.each(cases.valid)('parses %s', (text) => {
    const r = parseIntrinsic(text);
    expect(r.ok, r.ok ? '' : `${r.error} at ${r.position}`).toBe(true);
  });

  it.each(cases.invalid)('rejects $text at offset $position', ({ text, position, error }) => {
    const r = parseIntrinsic(text);
    expect(r).toMatchObject({ ok: false, position });
    if (!r.ok) expect(r.error).toContain(error);
  });

  it('covers all 18 functions in the valid cases', () => {
    const used = new Set(cases.valid.flatMap((t) => t.match(/States\.[A-Za-z0-9]+/g) ?? []));
    expect([...INTRINSIC_NAMES].filter((n) => !used.has(n))).toEqual([]);
    expect(INTRINSIC_NAMES).toHaveLength(18);
  });

  it('builds an AST of calls, literals and paths', () => {
    const r = parseIntrinsic("States.Array('Hi {} \\{x\\}', $.name, States.MathAdd(1, -2.5), true, null)");
    expect(r).toEqual({
      ok: true,
      ast: {
        type: 'call',
        name: 'States.Array',
        position: 0,
        args: [
          { type: 'string', value: 'Hi {} {x}', raw: 'Hi {} \\{x\\}', position: 13 },
          { type: 'path', source: '$.name', path: { root: '$', segments: [{ type: 'member', name: 'name' }] }, position: 28 },
          {
            type: 'call',
            name: 'States.MathAdd',
            position: 36,
            args: [
              { type: 'number', value: 1, position: 51 },
              { type: 'number', value: -2.5, position: 54 },
            ],
          },
          { type: 'boolean', value: true, position: 61 },
          { type: 'null', position: 67 },
        ],
      },
    });
  });

  it('checks nested calls by the kind they return', () => {
    expect(parseIntrinsic('States.ArrayLength(States.ArrayLength($.a))')).toMatchObject({ ok: false, position: 19 });
    expect(parseIntrinsic('States.ArrayLength(States.ArrayUnique($.a))').ok).toBe(true);
  });

  it(`allows ${MAX_INTRINSIC_NESTING} nested calls and no more`, () => {
    const nest = (n: number) => 'States.Array('.repeat(n - 1) + 'States.UUID()' + ')'.repeat(n - 1);
    expect(parseIntrinsic(nest(MAX_INTRINSIC_NESTING)).ok).toBe(true);
    const r = parseIntrinsic(nest(MAX_INTRINSIC_NESTING + 1));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('nest deeper');
  });
});

describe('parseFormatTemplate', () => {
  it('splits text and placeholders, resolving escapes', () => {
    expect(parseFormatTemplate('a {} \\{b\\} {}\\\\')).toEqual({
      ok: true,
      count: 2,
      parts: [
        { type: 'text', value: 'a ' },
        { type: 'placeholder' },
        { type: 'text', value: ' {b} ' },
        { type: 'placeholder' },
        { type: 'text', value: '\\' },
      ],
    });
  });

  it('rejects a lone closing brace', () => {
    expect(parseFormatTemplate('a } b')).toEqual({ ok: false, error: "unescaped '}' at offset 2 (write \\}, or {} for a placeholder)" });
  });
});
