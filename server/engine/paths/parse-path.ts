import { Cursor, SyntaxFault } from './cursor.ts';
import type { PathAst, PathSegment, ParsePathResult } from './path-ast.ts';
import { parseExpression } from './path-expression.ts';
import { parseSegments } from './path-segments.ts';

/**
 * Parses a whole ASL JSONPath (`$...` for the input, `$$...` for the context object).
 * Never throws: a syntax error is `{ok:false, error, position}` with the 0-based offset.
 */
export function parsePath(source: string): ParsePathResult {
  if (typeof source !== 'string') return { ok: false, error: 'a path must be a string', position: 0 };
  const c = new Cursor(source);
  try {
    const ast = readPath(c);
    if (!c.atEnd) c.fail(`unexpected ${JSON.stringify(c.peek())} after the path`);
    return { ok: true, ast, isReferencePath: isReferencePath(ast) };
  } catch (e) {
    if (e instanceof SyntaxFault) return { ok: false, error: e.message, position: e.position };
    throw e;
  }
}

/**
 * Reads a path that starts at the cursor and stops at the first character that cannot continue it
 * (used for path arguments inside intrinsic calls). Throws SyntaxFault; callers convert.
 */
export function readPath(c: Cursor): PathAst {
  if (!c.startsWith('$')) c.fail(`a path starts with '$' ${c.found()}`);
  const root = c.eat('$$') ? '$$' : (c.pos++, '$');
  if (/[A-Za-z_]/.test(c.peek())) {
    c.fail(
      `unexpected ${JSON.stringify(c.peek())} after '${root}': workflow variables ($name) are not part of this dialect; did you mean '${root}.'?`,
    );
  }
  const segments = parseSegments(c, { inExpression: false, depth: 0, parseExpression });
  return { root, segments };
}

/** True when every step is a plain member or index: the path can name at most one node. */
export function isReferencePath(ast: PathAst): boolean {
  return ast.segments.every((s: PathSegment) => s.type === 'member' || s.type === 'index');
}
