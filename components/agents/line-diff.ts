/** One line of a diff between two texts. */
export type LineOp = { kind: 'same' | 'added' | 'removed'; text: string };

/** Above this many line pairs the diff is not computed line by line (it would cost too much): the whole text is shown replaced. */
const MAX_CELLS = 4_000_000;

/**
 * The lines of `before` and `after` as a diff (longest common subsequence): lines both keep are
 * `same`, others `removed` or `added`, in reading order (removals before additions at a change).
 * Pure.
 */
export function lineDiff(before: string, after: string): LineOp[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ kind: 'removed', text: a[i++]! });
    } else {
      out.push({ kind: 'added', text: b[j++]! });
    }
  }
  while (i < a.length) out.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) out.push({ kind: 'added', text: b[j++]! });
  return out;
}

/** How many lines a diff adds and removes. */
export function diffCounts(ops: readonly LineOp[]): { added: number; removed: number } {
  return { added: ops.filter((o) => o.kind === 'added').length, removed: ops.filter((o) => o.kind === 'removed').length };
}
