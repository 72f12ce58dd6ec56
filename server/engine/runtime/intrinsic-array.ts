import { MAX_ARRAY_RANGE_ITEMS } from '../intrinsics/intrinsic-values.ts';
import { deepEqual } from './json-values.ts';
import { type IntrinsicImpl, arrayArg, integerArg, intrinsicFailure } from './intrinsic-args.ts';

/**
 * The array intrinsics (AWS "Intrinsics for arrays"). Values are compared structurally (JSON
 * equality), so `[1,{"a":1}]` contains `{"a":1}`.
 */
export const ARRAY_INTRINSICS = {
  'States.Array': (args) => [...args],

  /** Chunks of `size`; the last chunk holds the remainder. */
  'States.ArrayPartition': (args, call) => {
    const array = arrayArg(call, args, 0);
    const size = integerArg(call, args, 1);
    if (size <= 0) intrinsicFailure(call, `the chunk size must be greater than 0, got ${size}`);
    const chunks: unknown[][] = [];
    for (let i = 0; i < array.length; i += size) chunks.push(array.slice(i, i + size));
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

  /** Keeps the first occurrence of each value, in order. */
  'States.ArrayUnique': (args, call) => {
    const unique: unknown[] = [];
    for (const item of arrayArg(call, args, 0)) {
      if (!unique.some((u) => deepEqual(u, item))) unique.push(item);
    }
    return unique;
  },
} satisfies Record<string, IntrinsicImpl>;
