import type { ValidationIssue } from '../validation/issue.ts';
import { issue } from './issues.ts';

/**
 * Nesting limit for a validated document. Real workflows nest a few dozen levels (each Parallel or
 * Map scope adds four); the limit exists so that the recursive checkers (and ajv) can never exhaust
 * the call stack on a hostile or generated document.
 */
export const MAX_DOCUMENT_DEPTH = 256;

/** Node limit: bounds the walk for JavaScript inputs that share sub-objects (a DAG can be exponential). */
export const MAX_DOCUMENT_NODES = 1_000_000;

/**
 * Checks, without recursion, that `doc` is a finite tree no deeper than MAX_DOCUMENT_DEPTH.
 * Returns an issue (`document.too_deep`, `document.too_large` or `document.cyclic`) or null when the shape is safe to walk.
 * A cycle can only come from a JavaScript caller (JSON text cannot express one).
 */
export function checkDocumentShape(doc: unknown, basePointer = ''): ValidationIssue | null {
  type Frame = { value: object; depth: number; leaving: boolean };
  const stack: Frame[] = [];
  const onPath = new Set<object>();
  let visited = 0;
  if (typeof doc === 'object' && doc !== null) stack.push({ value: doc, depth: 1, leaving: false });
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.leaving) {
      onPath.delete(frame.value);
      continue;
    }
    if (onPath.has(frame.value)) {
      return issue(basePointer, 'document.cyclic', 'document contains a reference cycle and is not JSON');
    }
    if (frame.depth > MAX_DOCUMENT_DEPTH) {
      return issue(basePointer, 'document.too_deep', `document nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    }
    if (++visited > MAX_DOCUMENT_NODES) {
      return issue(basePointer, 'document.too_large', `document has more than ${MAX_DOCUMENT_NODES} objects and arrays`);
    }
    onPath.add(frame.value);
    stack.push({ value: frame.value, depth: frame.depth, leaving: true });
    for (const v of Object.values(frame.value)) {
      if (typeof v === 'object' && v !== null) stack.push({ value: v, depth: frame.depth + 1, leaving: false });
    }
  }
  return null;
}
