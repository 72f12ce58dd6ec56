import { describe, expect, it } from 'vitest';
import { findingMarks, pinFor, resolvePointer } from './editor-pins';
import { parseJsonWithSourceMap } from './json-source-map';
import type { Finding } from './types';

const text = [
  '{', //                                   1
  '  "asl": {', //                          2
  '    "StartAt": "A",', //                 3
  '    "States": {', //                     4
  '      "A": {', //                        5
  '        "Type": "Pass",', //             6
  '        "Next": "Nope"', //              7
  '      }', //                             8
  '    }', //                               9
  '  },', //                                10
  '  "tags": [{"x": 1}, "b"]', //           11
  '}', //                                   12
].join('\n');
const parsed = parseJsonWithSourceMap(text);

const finding = (severity: Finding['severity'], path: string): Finding => ({ severity, path, code: 'c', message: 'm', key: `${severity}${path}` });

describe('resolvePointer', () => {
  it('puts a member on its key line, selects the key and spans the value', () => {
    const r = resolvePointer(text, parsed, '/asl/States/A')!;
    expect(r).toMatchObject({ line: 5, column: 7, endLine: 8, exact: true });
    expect(text.slice(r.reveal.start, r.reveal.end)).toBe('"A"');
    const next = resolvePointer(text, parsed, '/asl/States/A/Next')!;
    expect(next).toMatchObject({ line: 7, column: 9, endLine: 7 });
  });

  it('selects a one-line array item and reports a missing member at its parent', () => {
    const item = resolvePointer(text, parsed, '/tags/1')!;
    expect(text.slice(item.reveal.start, item.reveal.end)).toBe('"b"');
    expect(resolvePointer(text, parsed, '/asl/States/A/Parameters')).toMatchObject({ found: '/asl/States/A', exact: false, line: 5 });
  });

  it('gives nothing when the text does not parse', () => {
    expect(resolvePointer('{', parseJsonWithSourceMap('{'), '/a')).toBeNull();
  });
});

describe('findingMarks', () => {
  it('marks each finding line, an error outranking a warning on the same line', () => {
    const marks = findingMarks(text, parsed, [finding('warning', '/asl/States/A/Next'), finding('error', '/asl/States/A/Next'), finding('warning', '/tags')]);
    expect([...marks]).toEqual([
      [7, 'error'],
      [11, 'warning'],
    ]);
  });
});

describe('pinFor', () => {
  it('prefers a shown syntax error, else pins the selected finding', () => {
    const bad = parseJsonWithSourceMap('{\n  "a": ,\n}');
    if (bad.ok) throw new Error('fixture must fail');
    expect(pinFor('', bad, bad.error, null).highlight).toEqual({ line: 2, endLine: 2, tone: 'parse' });
    const { pin, highlight } = pinFor(text, parsed, null, finding('error', '/asl/States/A/Next'));
    expect(pin).toMatchObject({ kind: 'finding', line: 7, exact: true });
    expect(highlight).toEqual({ line: 7, endLine: 7, tone: 'error' });
    expect(pinFor('{', parseJsonWithSourceMap('{'), null, finding('error', '/a')).pin).toEqual({ kind: 'unlocatable', pointer: '/a' });
  });

  it('marks only the parent line of a missing member, not the whole parent', () => {
    const { pin, highlight } = pinFor(text, parsed, null, finding('error', '/asl/States/A/Parameters'));
    expect(pin).toMatchObject({ kind: 'finding', found: '/asl/States/A', exact: false, line: 5 });
    expect(highlight).toEqual({ line: 5, endLine: 5, tone: 'error' });
    expect(pinFor(text, parsed, null, finding('error', '/workflow_name')).highlight).toEqual({ line: 1, endLine: 1, tone: 'error' });
  });
});
