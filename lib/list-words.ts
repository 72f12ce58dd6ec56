/**
 * A list in prose: "a", "a and b", "a, b and c" (`andList`); "a, b or c" (`orList`); '' for none.
 * The one place the console and the agents' brains join names, labels and days for a sentence.
 */
export function andList(items: readonly string[]): string {
  return joinLast(items, 'and');
}

export function orList(items: readonly string[]): string {
  return joinLast(items, 'or');
}

function joinLast(items: readonly string[], word: 'and' | 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}
