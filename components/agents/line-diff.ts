import { diffArrays } from 'diff';

/** One line of a diff between two texts. */
export type LineOp = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * Beyond this many changed lines jsdiff gives up (its cost grows with the number of edits times
 * the length): the whole text is then shown replaced.
 */
const MAX_EDIT_LENGTH = 2_000;

/**
 * The lines of `before` and `after` as a diff (jsdiff's Myers diff over the lines split on "\n",
 * so a last line with or without a newline is the same line): lines both keep are `same`, others
 * `removed` or `added`, in reading order (removals before additions at a change). Pure.
 */
export function lineDiff(before: string, after: string): LineOp[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) {
    return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  }
  return changes.flatMap((c) => {
    const kind = c.added ? 'added' : c.removed ? 'removed' : 'same';
    return c.value.map((text) => ({ kind, text }));
  });
}

/** How many lines a diff adds and removes. */
export function diffCounts(ops: readonly LineOp[]): { added: number; removed: number } {
  return { added: ops.filter((o) => o.kind === 'added').length, removed: ops.filter((o) => o.kind === 'removed').length };
}
