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

export type InputShapeProblem = { code: 'input.too_deep' | 'input.too_large'; message: string; limit: number };

/** The first limit the arguments break, or null. Containers count one level each: `[[1]]` is 2 deep. */
export function inputShapeProblem(
  value: unknown, limits: { maxDepth: number; maxValues: number } = INPUT_LIMITS,
): InputShapeProblem | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (++values > limits.maxValues) {
      const message = `the arguments hold more than ${limits.maxValues.toLocaleString('en-GB')} values`;
      return { code: 'input.too_large', limit: limits.maxValues, message };
    }
    if (top.value === null || typeof top.value !== 'object') continue;
    const depth = top.depth + 1;
    if (depth > limits.maxDepth) {
      const message = `the arguments nest deeper than ${limits.maxDepth} levels of objects and arrays`;
      return { code: 'input.too_deep', limit: limits.maxDepth, message };
    }
    const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return null;
}
