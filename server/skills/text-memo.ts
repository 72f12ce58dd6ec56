/**
 * What is computed from a file's text, remembered per key (its path) while the text is the same: the
 * caller reads the file each time, so an edited file is computed again, and nothing goes stale on a
 * clock. At most `max` keys (the oldest forgotten first). The values are shared between callers and
 * are not to be mutated. Used where every run's start checks manifests (issue 33): the skill catalog
 * (catalog.ts) and a workflow's imports (workflows/validation-context.ts).
 */
export function textMemo<T>(max = 2_000): (key: string, text: string, compute: () => T) => T {
  const byKey = new Map<string, { text: string; value: T }>();
  return (key, text, compute) => {
    const known = byKey.get(key);
    if (known?.text === text) return known.value;
    const value = compute();
    if (!known && byKey.size >= max) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, { text, value });
    return value;
  };
}
