import { describe, expect, it } from 'vitest';
import { samePrint } from './same-print';
import { docMark, hasText, printDoc, textMark } from './editor-text';

/** The contract: samePrint(a, b) is JSON.stringify(a) === JSON.stringify(b). */
const agrees = (a: unknown, b: unknown) => expect(samePrint(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));

describe('samePrint', () => {
  it('agrees with printing on values that print alike and on values that do not', () => {
    const states = { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Succeed' } };
    const pairs: Array<[unknown, unknown]> = [
      [
        { a: 1, b: [1, 'x', null] },
        { a: 1, b: [1, 'x', null] },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ], // key order prints
      [{ a: 1 }, { a: 1, b: undefined }], // undefined members are left out
      [{ a: () => 1 }, {}],
      [[undefined], [null]], // in arrays they print as null
      [
        [1, 2],
        [1, 2, 3],
      ],
      [{ a: [] }, { a: {} }],
      [0, -0],
      [Number.NaN, null],
      ['1', 1],
      [{ d: new Date(0) }, { d: new Date(0).toISOString() }], // toJSON
      [{ asl: { States: states } }, { asl: { States: { ...states, B: { Type: 'Succeed' } } } }],
      [{ asl: { States: states } }, { asl: { States: { ...states, B: { Type: 'Succeed', Comment: 'c' } } } }],
      [null, {}],
      [undefined, undefined],
    ];
    for (const [a, b] of pairs) {
      agrees(a, b);
      agrees(b, a);
    }
  });

  it('does not look inside subtrees the two share', () => {
    const shared = { big: 1 };
    // A getter that throws proves the shared object is compared by identity, never read.
    Object.defineProperty(shared, 'trap', { enumerable: true, get: () => expect.unreachable('read a shared subtree') });
    expect(samePrint({ s: shared, c: 'a' }, { s: shared, c: 'a' })).toBe(true);
    expect(samePrint({ s: shared, c: 'a' }, { s: shared, c: 'b' })).toBe(false);
  });
});

describe('text marks', () => {
  const doc = { asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } } };

  it('marks a print with its document and hand-spaced text with none', () => {
    expect(textMark(printDoc(doc)).doc).toEqual(doc);
    expect(textMark(JSON.stringify(doc)).doc).toBeNull();
    expect(textMark('not json').doc).toBeNull();
    expect(docMark(doc)).toEqual({ text: printDoc(doc), doc });
  });

  it('says whether the editor text is the marked text, printed or typed', () => {
    const mark = docMark(doc);
    const copy = structuredClone(doc);
    expect(hasText({ history: { present: copy }, typed: null }, mark)).toBe(true);
    expect(hasText({ history: { present: { ...copy, version: '1.0.0' } }, typed: null }, mark)).toBe(false);
    expect(hasText({ history: { present: copy }, typed: printDoc(doc) }, mark)).toBe(true);
    expect(hasText({ history: { present: copy }, typed: JSON.stringify(doc) }, mark)).toBe(false);
    const handSpaced = textMark(JSON.stringify(doc));
    expect(hasText({ history: { present: copy }, typed: null }, handSpaced)).toBe(false);
    expect(hasText({ history: { present: copy }, typed: JSON.stringify(doc) }, handSpaced)).toBe(true);
  });
});
