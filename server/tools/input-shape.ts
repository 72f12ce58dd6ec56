import { pointer } from '../../lib/json-pointer.ts';

/**
 * Limits on the shape of a tool call's arguments, measured before anything recursive touches
 * them. zod, ajv, JSON.stringify (the audit digest) and structuredClone all recurse, so 100 000
 * nested arrays in `runs.start`'s `input` used to end in "Maximum call stack size exceeded" (a
 * 500) instead of a validation error. The walk here is iterative, so it cannot overflow itself.
 *
 * Depth 64: Letta-ASL data is shallow — a workflow document nests about a dozen levels (asl →
 * States → a Parallel's Branches → States → Parameters → a value), run inputs and skill results a
 * few — so 64 leaves ample room for real documents while every recursive consumer stays far below
 * V8's stack limit (thousands of frames). One million values bounds the work of one call (the
 * HTTP routes also cap body bytes).
 */
export const INPUT_LIMITS = { maxDepth: 64, maxValues: 1_000_000 } as const;

/**
 * `input.nul_byte`: a string (or an object key) holds U+0000. PostgreSQL text and jsonb cannot
 * store it, so such a call used to end in "failed unexpectedly" (an internal error) once a handler
 * wrote it; no tool argument has a use for it, so it is refused here as the caller's mistake.
 */
export type InputShapeProblem = {
  code: 'input.too_deep' | 'input.too_large' | 'input.nul_byte';
  message: string;
  /** The limit broken (depth or value count); absent for a NUL byte. */
  limit?: number;
  /** JSON pointer of the string holding a NUL byte; '' (the arguments as a whole) for the limits. */
  path: string;
};

const NUL = '\u0000';

type Entry = { value: unknown; depth: number; parent: Entry | null; key: string | number | null };

/** The JSON pointer of an entry, built only when a problem is found (the walk keeps parent links, not paths). */
function pathOf(entry: Entry | null): string {
  const tokens: Array<string | number> = [];
  for (let e = entry; e !== null && e.key !== null; e = e.parent) tokens.push(e.key);
  // A NUL in a key is shown escaped: the path goes into the error and the audit row (PostgreSQL text).
  return pointer(...tokens.reverse()).replaceAll(NUL, '\\u0000');
}

/**
 * The first limit the arguments break, or null. Containers count one level each: `[[1]]` is 2
 * deep. A NUL byte in any string value or object key is a problem too (see `input.nul_byte`).
 */
export function inputShapeProblem(
  value: unknown,
  limits: { maxDepth: number; maxValues: number } = INPUT_LIMITS,
): InputShapeProblem | null {
  const stack: Entry[] = [{ value, depth: 0, parent: null, key: null }];
  let values = 0;
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (++values > limits.maxValues) {
      const message = `the arguments hold more than ${limits.maxValues.toLocaleString('en-GB')} values`;
      return { code: 'input.too_large', limit: limits.maxValues, message, path: '' };
    }
    if (typeof top.value === 'string') {
      if (top.value.includes(NUL)) return nulByte(pathOf(top));
      continue;
    }
    if (top.value === null || typeof top.value !== 'object') continue;
    const depth = top.depth + 1;
    if (depth > limits.maxDepth) {
      const message = `the arguments nest deeper than ${limits.maxDepth} levels of objects and arrays`;
      return { code: 'input.too_deep', limit: limits.maxDepth, message, path: '' };
    }
    if (Array.isArray(top.value)) {
      top.value.forEach((child, i) => stack.push({ value: child, depth, parent: top, key: i }));
      continue;
    }
    for (const [key, child] of Object.entries(top.value)) {
      const entry: Entry = { value: child, depth, parent: top, key };
      if (key.includes(NUL)) return nulByte(pathOf(entry));
      stack.push(entry);
    }
  }
  return null;
}

function nulByte(path: string): InputShapeProblem {
  const message = `${path || 'the arguments'}: a string holds a NUL byte (U+0000), which is never valid here`;
  return { code: 'input.nul_byte', path, message };
}
