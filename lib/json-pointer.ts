/**
 * RFC 6901 JSON pointers: the one implementation of escaping, joining and splitting, shared by
 * the validators (which report pointers), the tests that patch documents, and the console (which
 * pins findings to the place a pointer names). Pure, no imports: safe on the server and in the browser.
 */

/** Escapes one reference token (RFC 6901 §3: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins reference tokens into a JSON pointer: `pointer('asl', 'States', 'A/B')` → `/asl/States/A~1B`. */
export function pointer(...tokens: Array<string | number>): string {
  return tokens.map((t) => '/' + escapePointerToken(t)).join('');
}

/** The unescaped reference tokens of a pointer (`~1` → `/`, `~0` → `~`); `null` for a string that is not a pointer. */
export function pointerTokens(p: string): string[] | null {
  if (p === '') return [];
  if (!p.startsWith('/')) return null;
  return p
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
