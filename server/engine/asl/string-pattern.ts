/**
 * Choice `StringMatches` patterns: literal text and `*` wildcards. `*` matches any run of
 * characters (none and line breaks included); `\*` is a literal star and `\\` a literal backslash.
 * A backslash before any other character stands for that character (the validator rejects such
 * patterns; the runtime keeps this reading for documents that skipped it), and a trailing lone
 * backslash is itself.
 */

/**
 * The most wildcards a pattern may have. Matching searches the compared string once per wildcard
 * (runtime/string-matches.ts), so its time is at most wildcards × string length; 32 is far more
 * than any real pattern uses (a handful) and keeps that product small. The validator rejects more,
 * and a pattern with more that reaches the runtime through StringMatchesPath fails the state.
 */
export const MAX_STRING_MATCHES_WILDCARDS = 32;

/** The literal pieces between the wildcards: `a*b\*c*` → `['a', 'b*c', '']` (two wildcards). */
export function patternSegments(pattern: string): string[] {
  const segments = [''];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') segments.push('');
    else segments[segments.length - 1] += ch === '\\' && i + 1 < pattern.length ? pattern[++i]! : ch;
  }
  return segments;
}

/** How many wildcards `pattern` has (escaped stars are not wildcards). */
export function wildcardCount(pattern: string): number {
  return patternSegments(pattern).length - 1;
}
