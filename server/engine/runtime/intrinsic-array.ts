import { MAX_ARRAY_RANGE_ITEMS } from '../intrinsics/intrinsic-values.ts';
import { chargeCompute } from './compute-budget.ts';
import { canonicalJson, deepEqual } from './json-values.ts';
import { type IntrinsicImpl, arrayArg, integerArg, intrinsicFailure } from './intrinsic-args.ts';
import { runtimeError } from './states-error.ts';

/**
 * The largest array States.ArrayUnique takes. Each item is keyed by its canonical JSON text, so
 * the work and the memory of the keys grow with the array; the cap keeps one call far inside the
 * step's compute budget. Over the cap is an engine limit, not a bad argument: States.Runtime.
 */
export const MAX_ARRAY_UNIQUE_ITEMS = 10_000;

/**
 * The array intrinsics (AWS "Intrinsics for arrays"). Values are compared structurally (JSON
 * equality), so `[1,{"a":1}]` contains `{"a":1}`. Every intrinsic here is linear in its input.
 */
export const ARRAY_INTRINSICS = {
  'States.Array': (args) => [...args],

  /** Chunks of `size`; the last chunk holds the remainder. */
  'States.ArrayPartition': (args, call) => {
    const array = arrayArg(call, args, 0);
    const size = integerArg(call, args, 1);
    if (size <= 0) intrinsicFailure(call, `the chunk size must be greater than 0, got ${size}`);
    const chunks: unknown[][] = [];
    for (let i = 0; i < array.length; i += size) {
      chargeCompute();
      chunks.push(array.slice(i, i + size));
    }
    return chunks;
  },

  'States.ArrayContains': (args, call) => arrayArg(call, args, 0).some((item) => deepEqual(item, args[1])),

  /** start, start+step, … up to and including `end` when it is on the grid; at most 1000 items. */
  'States.ArrayRange': (args, call) => {
    const start = integerArg(call, args, 0);
    const end = integerArg(call, args, 1);
    const step = integerArg(call, args, 2);
    if (step === 0) intrinsicFailure(call, 'the step must not be 0');
    const slots = (end - start) / step;
    const count = slots < 0 ? 0 : Math.floor(slots) + 1;
    if (count > MAX_ARRAY_RANGE_ITEMS) intrinsicFailure(call, `the range would have ${count} items (at most ${MAX_ARRAY_RANGE_ITEMS})`);
    return Array.from({ length: count }, (_, i) => start + i * step);
  },

  'States.ArrayGetItem': (args, call) => {
    const array = arrayArg(call, args, 0);
    const index = integerArg(call, args, 1);
    if (index < 0 || index >= array.length) {
      intrinsicFailure(call, `index ${index} is out of bounds for an array of ${array.length} item(s)`);
    }
    return array[index];
  },

  'States.ArrayLength': (args, call) => arrayArg(call, args, 0).length,

  /** Keeps the first occurrence of each value, in order; O(n): items are keyed by canonical JSON. */
  'States.ArrayUnique': (args, call) => {
    const array = arrayArg(call, args, 0);
    if (array.length > MAX_ARRAY_UNIQUE_ITEMS) {
      const limit = MAX_ARRAY_UNIQUE_ITEMS;
      runtimeError(`${call.name}: the array has ${array.length} items; the engine takes at most ${limit}`);
    }
    const seen = new Set<string>();
    return array.filter((item) => {
      const key = canonicalJson(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
} satisfies Record<string, IntrinsicImpl>;
