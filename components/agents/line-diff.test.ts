import { describe, expect, it } from 'vitest';
import { diffCounts, lineDiff } from './line-diff';
import { revisionChanges } from './revision-changes';

describe('lineDiff', () => {
  it('keeps common lines and marks the rest, removals first', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('handles empty texts on either side', () => {
    expect(lineDiff('', 'x')).toEqual([{ kind: 'added', text: 'x' }]);
    expect(lineDiff('x', '')).toEqual([{ kind: 'removed', text: 'x' }]);
    expect(lineDiff('', '')).toEqual([]);
  });

  it('finds an appended line in a long text', () => {
    const before = Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n');
    const ops = lineDiff(before, `${before}\nThe user said: hello`);
    expect(diffCounts(ops)).toEqual({ added: 1, removed: 0 });
    expect(ops.at(-1)).toEqual({ kind: 'added', text: 'The user said: hello' });
  });

  it('shows texts that differ in more than 2,000 lines as replaced whole, a common line included', () => {
    const text = (prefix: string) => [...Array.from({ length: 1500 }, (_, i) => `${prefix} ${i}`), 'kept', 'also kept'].join('\n');
    const ops = lineDiff(text('old'), text('new'));
    expect(diffCounts(ops)).toEqual({ added: 1502, removed: 1502 });
    expect(ops.filter((o) => o.text === 'kept').map((o) => o.kind)).toEqual(['removed', 'added']);
    // Under the bound (the last 102 lines of each) the common lines are found.
    const last102 = (t: string) => t.split('\n').slice(-102).join('\n');
    expect(
      lineDiff(last102(text('old')), last102(text('new')))
        .slice(-2)
        .map((o) => o.kind),
    ).toEqual(['same', 'same']);
  });
});

describe('revisionChanges', () => {
  it('diffs JSON documents by member, text by line, and the first revision not at all', () => {
    expect(revisionChanges(null, 'x')).toEqual({ kind: 'first' });
    expect(revisionChanges('{"a":1,"b":[1]}', '{"a":2,"b":[1]}')).toEqual({
      kind: 'json',
      entries: [{ kind: 'changed', path: '/a', before: 1, after: 2 }],
    });
    expect(revisionChanges('I am.', 'I am.\nI help.')).toEqual({
      kind: 'lines',
      ops: [
        { kind: 'same', text: 'I am.' },
        { kind: 'added', text: 'I help.' },
      ],
    });
    expect(revisionChanges('{"a":1}', 'not json').kind).toBe('lines');
  });
});
