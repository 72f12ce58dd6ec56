import { hasOwn, isObject } from '../json.ts';
import { parsePath } from '../paths/parse-path.ts';
import type { IndexSelector, MemberSelector, PathAst, ParsePathResult } from '../paths/path-ast.ts';
import { describeValue } from './json-values.ts';
import { evaluateExpression, isTruthy } from './path-filter.ts';
import { type SelectEnv, selectAll } from './path-select.ts';
import { runtimeError } from './states-error.ts';
import type { ContextObject, Json } from './types.ts';

/**
 * Evaluates an ASL JSONPath: `$…` against `data`, `$$…` against the context object.
 * - A Reference Path (only member and index steps) yields the one value it names, or throws
 *   States.Runtime naming the first step that found nothing.
 * - Any other path (wildcard, slice, union, `..`, filter, script) yields the array of its
 *   matches, `[]` when nothing matches.
 * A path that does not parse throws States.Runtime (the validator rejects such documents).
 */
export function evaluatePath(path: string, data: Json, context: ContextObject): Json {
  return pathValue(path, data, context);
}

/** evaluatePath for callers that may not have a context: a `$$` path then fails with States.Runtime. */
export function pathValue(path: string, data: Json, context: ContextObject | undefined): Json {
  const result = resolvePath(path, data, context);
  if (!result.found) runtimeError(result.cause);
  return result.value;
}

export type Resolution = { found: true; value: Json } | { found: false; cause: string };

/** evaluatePath without the throw for "not found" (Choice `IsPresent` needs the difference). */
export function resolvePath(path: string, data: Json, context: ContextObject | undefined): Resolution {
  const parsed = parseCached(path);
  if (!parsed.ok) runtimeError(`invalid JSONPath ${JSON.stringify(path)}: ${parsed.error} (at offset ${parsed.position})`);
  const root = parsed.ast.root === '$' ? data : context;
  if (root === undefined) runtimeError(`the path ${JSON.stringify(path)} reads the context object, which is not available here`);
  if (parsed.isReferencePath) return walkReference(path, parsed.ast, root);
  const env: SelectEnv = { data, context, inExpression: false, evaluate: evaluateExpression, truthy: isTruthy };
  return { found: true, value: selectAll([root], parsed.ast.segments, env) };
}

function walkReference(path: string, ast: PathAst, root: unknown): Resolution {
  const where = ast.root === '$' ? 'the input' : 'the context object';
  let node = root;
  let prefix: string = ast.root;
  for (const step of ast.segments as Array<MemberSelector | IndexSelector>) {
    const problem = stepProblem(node, step);
    if (problem) {
      return { found: false, cause: `the JSONPath ${JSON.stringify(path)} could not be found in ${where}: '${prefix}' ${problem}` };
    }
    node =
      step.type === 'member'
        ? (node as Record<string, unknown>)[step.name]
        : (node as unknown[])[normalizeIndex(node as unknown[], step.index)];
    prefix += stepText(step);
  }
  return { found: true, value: node };
}

function stepProblem(node: unknown, step: MemberSelector | IndexSelector): string | null {
  if (step.type === 'member') {
    if (!isObject(node)) return `is ${describeValue(node)}, not an object, so it has no field ${JSON.stringify(step.name)}`;
    return hasOwn(node, step.name) ? null : `has no field ${JSON.stringify(step.name)}`;
  }
  if (!Array.isArray(node)) return `is ${describeValue(node)}, not an array, so it has no index ${step.index}`;
  const at = normalizeIndex(node, step.index);
  return at >= 0 && at < node.length ? null : `has ${node.length} element(s), so it has no index ${step.index}`;
}

function normalizeIndex(array: unknown[], index: number): number {
  return index < 0 ? array.length + index : index;
}

/** `.name` for plain names, `['name']` otherwise, `[i]` for indexes: how a step is shown in causes. */
export function stepText(step: MemberSelector | IndexSelector): string {
  if (step.type === 'index') return `[${step.index}]`;
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(step.name) ? `.${step.name}` : `['${step.name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}

/** Parsing is pure, so parsed paths are memoised; the cache is bounded and simply reset when full. */
const cache = new Map<string, ParsePathResult>();
const CACHE_LIMIT = 2000;

export function parseCached(path: string): ParsePathResult {
  let parsed = cache.get(path);
  if (!parsed) {
    parsed = parsePath(path);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(path, parsed);
  }
  return parsed;
}
