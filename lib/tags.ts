/**
 * Reading and setting `prefix:value` tags in an agent's tag list (the DCF+ tag schema of
 * server/delegation/tags.ts: `role:`, `session:`, `specialization:`, `status:`). Pure: the agent
 * pages read the same tags in the browser.
 */

/** The value of the first tag with this prefix (`status:` → `idle`), or null. */
export function tagValue(tags: readonly string[], prefix: string): string | null {
  const t = tags.find((x) => x.startsWith(prefix));
  return t === undefined ? null : t.slice(prefix.length);
}

/** The tags with the `prefix` tag set to `value` (others kept, order kept, the tag added at the end if absent). */
export function withTag(tags: readonly string[], prefix: string, value: string): string[] {
  const next = `${prefix}${value}`;
  return tags.some((t) => t.startsWith(prefix))
    ? tags.map((t) => (t.startsWith(prefix) ? next : t)).filter((t, i, all) => all.indexOf(t) === i)
    : [...tags, next];
}
