import { RE2JS } from 're2js';

/**
 * The regular expressions of the JSONPath filter operator `=~` (`[?(@.s =~ /^ab+c$/i)]`).
 *
 * They are compiled and run by RE2 (`re2js`, a pure-JavaScript port): matching takes time linear
 * in the length of the string, whatever the pattern, so a pattern such as `^(a+)+$` cannot freeze
 * a worker the way a backtracking JavaScript RegExp does. The price is RE2's syntax: no
 * back-references (`\1`, `\k<name>`) and no look-around (`(?=`, `(?!`, `(?<=`, `(?<!`), and
 * `\x{41}` rather than `\u0041`. A pattern RE2 cannot compile is a syntax error of the path, so
 * the validator rejects it before a run starts.
 *
 * Flags: `i` (case-insensitive), `m` (`^`/`$` at line breaks), `s` (`.` matches line breaks).
 * `u` is accepted and changes nothing (RE2 always matches whole code points); `g` and `y` are
 * accepted and ignored, as before (a filter tests each value once). A flag may appear once.
 */
export const FILTER_REGEX_FLAGS = 'gimsuy';

const RE2_FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

export type CompileRegexResult = { ok: true; regex: RE2JS } | { ok: false; error: string };

/**
 * Compiled patterns are memoised (compiling is pure); the cache is bounded and reset when full.
 * Small on purpose: each compiled pattern keeps a lazily built DFA (re2js caps it at 8 MB).
 */
const cache = new Map<string, CompileRegexResult>();
const CACHE_LIMIT = 64;

export function compileFilterRegex(pattern: string, flags: string): CompileRegexResult {
  const key = `${flags}/${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compile(pattern, flags);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function compile(pattern: string, flags: string): CompileRegexResult {
  let bits = 0;
  for (const [i, flag] of [...flags].entries()) {
    if (!FILTER_REGEX_FLAGS.includes(flag)) return { ok: false, error: `unknown regular expression flag '${flag}'` };
    if (flags.indexOf(flag) !== i) return { ok: false, error: `the regular expression flag '${flag}' is given twice` };
    bits |= RE2_FLAGS[flag] ?? 0;
  }
  try {
    return { ok: true, regex: RE2JS.compile(pattern, bits) };
  } catch (e) {
    const reason = (e as Error).message.replace(/^error parsing regexp: /, '');
    return {
      ok: false,
      error:
        `invalid regular expression /${pattern}/: ${reason} (patterns use RE2 syntax, which matches in linear ` +
        'time: no back-references or look-around)',
    };
  }
}
