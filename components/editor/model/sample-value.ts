import type { Shape } from './shape';

/**
 * A JSON value of `shape`, to prefill a state's test input (issue 34): every known field with a
 * placeholder of its kind — "" for text, an ISO date or date-time where the format says so, 0,
 * false, null, one item for an array, `{}` for an object of which nothing is known — so the user
 * edits values rather than types the structure. Unknown data is null.
 */
export function sampleValue(shape: Shape, depth = 0): unknown {
  if (depth > 16) return null;
  switch (shape.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(shape.fields).map(([k, v]) => [k, sampleValue(v, depth + 1)]));
    case 'array':
      return shape.tuple ? shape.tuple.map((s) => sampleValue(s, depth + 1)) : [sampleValue(shape.items, depth + 1)];
    case 'string':
      return shape.format === 'date' ? '2024-01-01' : shape.format === 'date-time' ? '2024-01-01T09:00:00Z' : '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}
