/**
 * Choice `StringMatches`: the pattern must match the whole string; `*` matches any run of
 * characters (including none and line breaks); `\*` is a literal star and `\\` a literal
 * backslash. A backslash before any other character stands for that character (the validator
 * rejects such patterns, so this only fixes behaviour for documents that skipped it).
 */
export function stringMatches(value: string, pattern: string): boolean {
  return compile(pattern).test(value);
}

const cache = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      source += '[\\s\\S]*';
    } else {
      const literal = ch === '\\' && i + 1 < pattern.length ? pattern[++i]! : ch;
      source += literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  re = new RegExp(`^${source}$`, 'u');
  if (cache.size >= 1000) cache.clear();
  cache.set(pattern, re);
  return re;
}
