import type { Cursor } from './cursor.ts';
import type { MemberSelector, IndexSelector, PathExpression, PathSegment, Selector } from './path-ast.ts';

/**
 * Parses the steps after a root (`$`, `$$` or `@`): `.name`, `.*`, `..sel`, `[...]`.
 * Stops at the first character that cannot continue a path, leaving the cursor there; whether that
 * is an error is the caller's decision (the end of a whole path, or `,`/`)` inside an intrinsic).
 */
export interface SegmentContext {
  /**
   * Inside a filter or script expression the arithmetic characters `+ - / %` end a dot-name, so
   * `@.length-1` is a subtraction. Outside expressions they belong to the name, so
   * `$.input-foo-bar` names the member "input-foo-bar" (use `['a-b']` inside expressions).
   */
  inExpression: boolean;
  depth: number;
  parseExpression: (cursor: Cursor, depth: number) => PathExpression;
}

const NAME_STOP = /[.[\]()\s,'"*?@=!<>&|]/;
const EXPRESSION_NAME_STOP = /[+\-/%]/;

export function parseSegments(c: Cursor, ctx: SegmentContext): PathSegment[] {
  const segments: PathSegment[] = [];
  for (;;) {
    if (c.startsWith('..')) {
      c.pos += 2;
      if (c.peek() === '.') c.fail("'...' is not a path step; use '..name' for descent");
      segments.push({ type: 'descendant', selector: parseDescendantSelector(c, ctx) });
    } else if (c.eat('.')) {
      segments.push(c.eat('*') ? { type: 'wildcard' } : { type: 'member', name: readDotName(c, ctx) });
    } else if (c.peek() === '[') {
      segments.push(parseBracket(c, ctx));
    } else {
      return segments;
    }
  }
}

function parseDescendantSelector(c: Cursor, ctx: SegmentContext): Selector {
  if (c.eat('*')) return { type: 'wildcard' };
  if (c.peek() === '[') return parseBracket(c, ctx);
  return { type: 'member', name: readDotName(c, ctx) };
}

function readDotName(c: Cursor, ctx: SegmentContext): string {
  const start = c.pos;
  while (!c.atEnd) {
    const ch = c.peek();
    if (NAME_STOP.test(ch) || (ctx.inExpression && EXPRESSION_NAME_STOP.test(ch))) break;
    c.pos++;
  }
  if (c.pos === start) c.fail(`expected a member name after '.' ${c.found()}`);
  return c.src.slice(start, c.pos);
}

/** Parses one `[...]` step; the cursor is on `[`. */
function parseBracket(c: Cursor, ctx: SegmentContext): Selector {
  const open = c.pos;
  c.pos++;
  c.skipSpaces();
  let selector: Selector;
  if (c.eat('*')) {
    selector = { type: 'wildcard' };
  } else if (c.eat('?')) {
    c.skipSpaces();
    c.expect('(', "'(' after '?' (filters are written [?(...)])");
    selector = { type: 'filter', expression: parseParenthesised(c, ctx) };
  } else if (c.peek() === '(') {
    c.pos++;
    selector = { type: 'script', expression: parseParenthesised(c, ctx) };
  } else {
    selector = parseIndexOrNames(c);
  }
  c.skipSpaces();
  if (!c.eat(']')) c.fail(`expected ']' to close the '[' at ${open} ${c.found()}`);
  return selector;
}

/** Parses `expr )` after an opening parenthesis. */
function parseParenthesised(c: Cursor, ctx: SegmentContext): PathExpression {
  const expression = ctx.parseExpression(c, ctx.depth + 1);
  c.skipSpaces();
  c.expect(')', "')' to close the expression");
  return expression;
}

/** `0`, `-1`, `'name'`, `"name"`, unions `0,'a'`, and slices `a:b:c`. */
function parseIndexOrNames(c: Cursor): Selector {
  if (c.peek() === ':') return parseSlice(c, null);
  const first = parseUnionItem(c);
  c.skipSpaces();
  if (first.type === 'index' && c.peek() === ':') return parseSlice(c, first.index);
  const selectors: Array<MemberSelector | IndexSelector> = [first];
  while (c.eat(',')) {
    c.skipSpaces();
    selectors.push(parseUnionItem(c));
    c.skipSpaces();
  }
  return selectors.length === 1 ? first : { type: 'union', selectors };
}

function parseUnionItem(c: Cursor): MemberSelector | IndexSelector {
  const ch = c.peek();
  if (ch === "'" || ch === '"') return { type: 'member', name: readQuoted(c) };
  if (ch === '-' || /\d/.test(ch)) return { type: 'index', index: c.readInteger() };
  return c.fail(`expected an index, a quoted name, '*', '?(' or '(' inside [] ${c.found()}`);
}

/** Parses `:end:step` after an optional start (the cursor is on the first ':'). */
function parseSlice(c: Cursor, start: number | null): Selector {
  const parts: Array<number | null> = [start];
  while (parts.length < 3 && c.eat(':')) {
    c.skipSpaces();
    const ch = c.peek();
    parts.push(ch === '-' || /\d/.test(ch) ? c.readInteger() : null);
    c.skipSpaces();
  }
  const [, end = null, step = null] = parts;
  if (step === 0) c.fail('slice step cannot be 0');
  return { type: 'slice', start, end, step };
}

const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Reads a '...' or "..." name with backslash escapes (JSON escapes plus \'). */
export function readQuoted(c: Cursor): string {
  const quoteChar = c.peek();
  const open = c.pos;
  c.pos++;
  let out = '';
  while (!c.atEnd && c.peek() !== quoteChar) {
    const ch = c.peek();
    if (ch !== '\\') {
      out += ch;
      c.pos++;
      continue;
    }
    const esc = c.peek(1);
    if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(c.src.slice(c.pos + 2, c.pos + 6))) {
      out += String.fromCharCode(parseInt(c.src.slice(c.pos + 2, c.pos + 6), 16));
      c.pos += 6;
    } else if (Object.prototype.hasOwnProperty.call(ESCAPES, esc)) {
      out += ESCAPES[esc];
      c.pos += 2;
    } else {
      c.fail(`invalid escape '\\${esc}' in quoted name`);
    }
  }
  if (c.atEnd) c.fail(`unterminated quoted name starting at ${open}`, open);
  c.pos++;
  return out;
}
