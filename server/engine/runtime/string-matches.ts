import { MAX_STRING_MATCHES_WILDCARDS, patternSegments } from '../asl/string-pattern.ts';
import { chargeCompute, textUnits } from './compute-budget.ts';
import { runtimeError } from './states-error.ts';

/**
 * Choice `StringMatches`: the pattern (asl/string-pattern.ts) must match the whole string, whole
 * characters (code points) only. No regular expression: the first literal piece must start the
 * string, the last must end it, and each piece between wildcards is found by a left-to-right
 * search from where the previous one ended. Taking the leftmost occurrence is always safe (it
 * leaves the most room for what follows), so nothing is ever retried: at most one pass over the
 * string per wildcard, whatever the pattern. More than MAX_STRING_MATCHES_WILDCARDS wildcards is
 * States.Runtime.
 */
export function stringMatches(value: string, pattern: string): boolean {
  const segments = parsed(pattern);
  const wildcards = segments.length - 1;
  if (wildcards > MAX_STRING_MATCHES_WILDCARDS) {
    const limit = MAX_STRING_MATCHES_WILDCARDS;
    runtimeError(`StringMatches: the pattern has ${wildcards} wildcards (*); at most ${limit} are allowed`);
  }
  if (wildcards === 0) return value === segments[0];
  chargeCompute(textUnits(value) * wildcards);
  const first = segments[0]!;
  const last = segments[wildcards]!;
  const end = value.length - last.length;
  if (end < first.length || !value.startsWith(first) || !value.endsWith(last)) return false;
  if (splitsCharacter(value, first.length) || splitsCharacter(value, end)) return false;
  let from = first.length;
  for (const piece of segments.slice(1, wildcards)) {
    if (piece === '') continue;
    const at = find(value, piece, from);
    if (at === -1 || at + piece.length > end) return false;
    from = at + piece.length;
  }
  return true;
}

/** The first occurrence of `piece` at or after `from` that starts and ends on character boundaries. */
function find(value: string, piece: string, from: number): number {
  let at = value.indexOf(piece, from);
  while (at !== -1 && (splitsCharacter(value, at) || splitsCharacter(value, at + piece.length))) {
    at = value.indexOf(piece, at + 1);
  }
  return at;
}

/** True when offset `i` falls between the two halves of a surrogate pair (inside one character). */
function splitsCharacter(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const before = text.charCodeAt(i - 1);
  const after = text.charCodeAt(i);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

const cache = new Map<string, string[]>();

function parsed(pattern: string): string[] {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const segments = patternSegments(pattern);
  if (cache.size >= 1000) cache.clear();
  cache.set(pattern, segments);
  return segments;
}
