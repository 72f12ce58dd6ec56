import { type Cursor, MAX_NESTING } from './cursor.ts';
import { compileFilterRegex } from './filter-regex.ts';
import type { BinaryOperator, PathExpression } from './path-ast.ts';
import { parseSegments, readQuoted } from './path-segments.ts';

/**
 * Filter and script expressions (`[?(...)]`, `[(...)]`), by precedence from loosest:
 *   or      := and ('||' and)*
 *   and     := compare ('&&' compare)*
 *   compare := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum | '=~' /regex/flags)?
 *   sum     := product (('+'|'-') product)*
 *   product := unary (('*'|'/'|'%') unary)*
 *   unary   := ('!'|'-') unary | primary
 *   primary := '(' or ')' | number | 'string' | "string" | true | false | null
 *            | '@' steps | '$' steps | '$$' steps
 * Bare words are rejected: a string literal must be quoted.
 */
export function parseExpression(c: Cursor, depth: number): PathExpression {
  if (depth > MAX_NESTING) c.fail(`expression nests deeper than ${MAX_NESTING} levels`);
  return parseBinaryLevel(c, depth, 0);
}

const LEVELS: BinaryOperator[][] = [['||'], ['&&'], [], ['+', '-'], ['*', '/', '%']];
const COMPARISONS: BinaryOperator[] = ['==', '!=', '<=', '>=', '<', '>'];

function parseBinaryLevel(c: Cursor, depth: number, level: number): PathExpression {
  if (level === 2) return parseComparison(c, depth);
  if (level === LEVELS.length) return parseUnary(c, depth);
  let left = parseBinaryLevel(c, depth, level + 1);
  for (;;) {
    c.skipSpaces();
    const op = LEVELS[level]!.find((o) => c.startsWith(o));
    if (!op) return left;
    c.pos += op.length;
    const right = parseBinaryLevel(c, depth, level + 1);
    left = { type: 'binary', operator: op, left, right };
  }
}

function parseComparison(c: Cursor, depth: number): PathExpression {
  const left = parseBinaryLevel(c, depth, 3);
  c.skipSpaces();
  if (c.eat('=~')) {
    c.skipSpaces();
    return { type: 'binary', operator: '=~', left, right: readRegex(c) };
  }
  const op = COMPARISONS.find((o) => c.startsWith(o));
  if (!op) {
    if (c.peek() === '=') c.fail("'=' is not an operator; compare with '=='");
    return left;
  }
  c.pos += op.length;
  return { type: 'binary', operator: op, left, right: parseBinaryLevel(c, depth, 3) };
}

function parseUnary(c: Cursor, depth: number): PathExpression {
  c.skipSpaces();
  if (c.peek() === '!' && c.peek(1) !== '=') {
    c.pos++;
    return { type: 'unary', operator: '!', operand: parseUnary(c, depth) };
  }
  if (c.peek() === '-' && !/\d/.test(c.peek(1))) {
    c.pos++;
    return { type: 'unary', operator: '-', operand: parseUnary(c, depth) };
  }
  return parsePrimary(c, depth);
}

function parsePrimary(c: Cursor, depth: number): PathExpression {
  const ch = c.peek();
  if (ch === '(') {
    c.pos++;
    const inner = parseExpression(c, depth + 1);
    c.skipSpaces();
    c.expect(')', "')'");
    return inner;
  }
  if (ch === '@' || ch === '$') {
    const root = c.eat('@') ? '@' : c.eat('$$') ? '$$' : (c.pos++, '$');
    const segments = parseSegments(c, { inExpression: true, depth, parseExpression });
    return { type: 'query', root, segments };
  }
  if (ch === "'" || ch === '"') return { type: 'literal', value: readQuoted(c) };
  if (/[\d-]/.test(ch)) return { type: 'literal', value: c.readNumber() };
  const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(c.src.slice(c.pos))?.[0];
  if (word === 'true' || word === 'false' || word === 'null') {
    c.pos += word.length;
    return { type: 'literal', value: word === 'null' ? null : word === 'true' };
  }
  if (word) c.fail(`unexpected bare word '${word}'; quote string literals ('${word}')`);
  return c.fail(`expected a value, '@', '$' or '(' ${c.found()}`);
}

/**
 * Reads `/pattern/flags` and checks that RE2 compiles it (filter-regex.ts): a pattern the engine
 * could not run in linear time is a syntax error here, so the validator rejects the document.
 */
function readRegex(c: Cursor): PathExpression {
  const open = c.pos;
  if (!c.eat('/')) c.fail(`expected /regex/ after '=~' ${c.found()}`);
  let pattern = '';
  while (!c.atEnd && c.peek() !== '/') {
    if (c.peek() === '\\') pattern += c.src[c.pos++];
    pattern += c.src.charAt(c.pos++);
  }
  if (!c.eat('/')) c.fail('unterminated regular expression', open);
  const flags = /^[gimsuy]*/.exec(c.src.slice(c.pos))![0];
  c.pos += flags.length;
  const compiled = compileFilterRegex(pattern, flags);
  if (!compiled.ok) c.fail(compiled.error, open);
  return { type: 'regex', pattern, flags };
}
