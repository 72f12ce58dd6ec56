/**
 * Where sign-in sends the user afterwards (`/sign-in?next=…`): a page of this console only.
 *
 * A prefix check ("starts with / but not //") is not enough: browsers read `\` as `/`, skip tabs
 * and newlines, and resolve dot segments, so `/\evil`, `/%5Cevil` (the query string decodes it to
 * `/\evil`), `/\t/evil` and `/.//evil` all lead to another host. Instead the value is resolved
 * the way a browser would, with the WHATWG URL parser against the console's own origin, and is
 * accepted only if the origin stays the same. The result is the parsed path (not the raw text),
 * and a path that would itself read as protocol-relative (`//host`) is refused as well.
 */
/** Without a (safe) return path: the home, `/`, which sends each role to its own page (lib/roles.ts ROLE_HOMES). */
export const DEFAULT_RETURN_PATH = '/';

export function safeReturnPath(next: string | string[] | undefined | null, origin: string): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value) return DEFAULT_RETURN_PATH;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (target.origin !== base.origin || target.pathname.startsWith('//')) return DEFAULT_RETURN_PATH;
  return `${target.pathname}${target.search}${target.hash}`;
}
