import { hasOwn, isObject } from '../json.ts';
import type { PathExpression, PathSegment, Selector, SliceSelector } from '../paths/path-ast.ts';
import { chargeCompute } from './compute-budget.ts';

/**
 * Applies parsed JSONPath steps to a node list (RFC 9535 semantics on the Goessner syntax the
 * parser accepts). A step that finds nothing contributes nothing: "no match" is an empty list, and
 * what that means (error or `[]`) is the caller's decision. Every node a step visits or yields is
 * charged to the step's compute budget (compute-budget.ts), and node lists are appended in loops,
 * never spread into one call (a spread of ~100k nodes overflows the stack).
 */
export interface SelectEnv {
  /** `$` inside filter/script expressions. */
  data: unknown;
  /** `$$` inside filter/script expressions. */
  context: unknown;
  /** Inside an expression `.length` of an array or string is its length (Goessner `@.length-1`). */
  inExpression: boolean;
  evaluate: (expression: PathExpression, current: unknown, env: SelectEnv) => unknown;
  truthy: (expression: PathExpression, current: unknown, env: SelectEnv) => boolean;
}

export function selectAll(nodes: unknown[], segments: PathSegment[], env: SelectEnv): unknown[] {
  let current = nodes;
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const node of current) {
      if (segment.type === 'descendant') {
        for (const d of descendantsAndSelf(node)) append(next, select(d, segment.selector, env));
      } else {
        append(next, select(node, segment, env));
      }
    }
    current = next;
  }
  return current;
}

function append(target: unknown[], items: unknown[]): void {
  chargeCompute(1 + items.length);
  for (const item of items) target.push(item);
}

function select(node: unknown, selector: Selector, env: SelectEnv): unknown[] {
  switch (selector.type) {
    case 'member':
      return member(node, selector.name, env);
    case 'index':
      return index(node, selector.index);
    case 'wildcard':
      return children(node);
    case 'slice':
      return Array.isArray(node) ? slice(node, selector) : [];
    case 'union':
      return selector.selectors.flatMap((s) => (s.type === 'member' ? member(node, s.name, env) : index(node, s.index)));
    case 'filter':
      return children(node).filter((child) => env.truthy(selector.expression, child, env));
    case 'script':
      return script(node, env.evaluate(selector.expression, node, env), env);
  }
}

function member(node: unknown, name: string, env: SelectEnv): unknown[] {
  if (isObject(node)) return hasOwn(node, name) ? [node[name]] : [];
  if (env.inExpression && name === 'length' && (Array.isArray(node) || typeof node === 'string')) return [node.length];
  return [];
}

function index(node: unknown, i: number): unknown[] {
  if (!Array.isArray(node)) return [];
  const at = i < 0 ? node.length + i : i;
  return at >= 0 && at < node.length ? [node[at]] : [];
}

/** `[(expr)]`: a number selects an index, a string a member; anything else selects nothing. */
function script(node: unknown, key: unknown, env: SelectEnv): unknown[] {
  if (typeof key === 'number' && Number.isInteger(key)) return index(node, key);
  if (typeof key === 'string') return member(node, key, env);
  return [];
}

export function children(node: unknown): unknown[] {
  if (Array.isArray(node)) return node;
  if (isObject(node)) return Object.values(node);
  return [];
}

/** The node, then its descendants in document order (pre-order), as `..` visits them. */
function descendantsAndSelf(node: unknown): unknown[] {
  const out: unknown[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    chargeCompute();
    const n = stack.pop();
    out.push(n);
    const kids = children(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

/** Python/RFC 9535 slicing: defaults depend on the step's sign; negative bounds count from the end. */
function slice(array: unknown[], { start, end, step }: SliceSelector): unknown[] {
  const len = array.length;
  const s = step ?? 1;
  const norm = (i: number) => (i < 0 ? len + i : i);
  const out: unknown[] = [];
  if (s > 0) {
    const lower = Math.min(Math.max(norm(start ?? 0), 0), len);
    const upper = Math.min(Math.max(norm(end ?? len), 0), len);
    for (let i = lower; i < upper; i += s) out.push(array[i]);
  } else {
    const upper = Math.min(Math.max(start === null ? len - 1 : norm(start), -1), len - 1);
    const lower = Math.min(Math.max(end === null ? -1 : norm(end), -1), len - 1);
    for (let i = upper; i > lower; i += s) out.push(array[i]);
  }
  return out;
}
