import { Cursor, SyntaxFault } from '../paths/cursor.ts';
import { readPath } from '../paths/parse-path.ts';
import { checkCallSignature } from './intrinsic-signatures.ts';
import { INTRINSIC_NAMES, type IntrinsicArg, type IntrinsicCall, type IntrinsicName, type ParseIntrinsicResult } from './intrinsic-ast.ts';

/** ASL allows at most 10 nested intrinsic calls within one field. */
export const MAX_INTRINSIC_NESTING = 10;

/**
 * Parses an intrinsic function call such as `States.Format('{} {}', $.a, States.UUID())`, then
 * checks each call's arity and, where an argument is a literal or a nested call, its type.
 * Never throws: errors are `{ok:false, error, position}` with the 0-based offset.
 */
export function parseIntrinsic(source: string): ParseIntrinsicResult {
  if (typeof source !== 'string') return { ok: false, error: 'an intrinsic call must be a string', position: 0 };
  const c = new Cursor(source);
  try {
    const ast = readCall(c, 1);
    if (!c.atEnd) c.fail(`unexpected ${JSON.stringify(c.peek())} after the call`);
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof SyntaxFault) return { ok: false, error: e.message, position: e.position };
    throw e;
  }
}

function readCall(c: Cursor, depth: number): IntrinsicCall {
  const position = c.pos;
  if (depth > MAX_INTRINSIC_NESTING) c.fail(`intrinsic calls nest deeper than ${MAX_INTRINSIC_NESTING}`);
  const name = /^States\.[A-Za-z0-9]+/.exec(c.src.slice(c.pos))?.[0];
  if (!name) c.fail(`expected an intrinsic function name (States.<Name>) ${c.found()}`);
  if (!(INTRINSIC_NAMES as readonly string[]).includes(name)) c.fail(`unknown intrinsic function ${name}`);
  c.pos += name.length;
  c.expect('(', `'(' after ${name}`);
  const args: IntrinsicArg[] = [];
  c.skipSpaces();
  if (!c.eat(')')) {
    for (;;) {
      c.skipSpaces();
      args.push(readArg(c, depth));
      c.skipSpaces();
      if (c.eat(')')) break;
      c.expect(',', "',' or ')' after an argument");
    }
  }
  const call: IntrinsicCall = { type: 'call', name: name as IntrinsicName, args, position };
  const problem = checkCallSignature(call);
  if (problem) c.fail(problem.message, problem.position);
  return call;
}

function readArg(c: Cursor, depth: number): IntrinsicArg {
  const position = c.pos;
  const ch = c.peek();
  if (ch === "'") return readString(c);
  if (ch === '$') {
    const path = readPath(c);
    return { type: 'path', path, source: c.src.slice(position, c.pos), position };
  }
  if (c.startsWith('States.')) return readCall(c, depth + 1);
  if (ch === '-' || /\d/.test(ch)) return { type: 'number', value: c.readNumber(), position };
  const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(c.src.slice(c.pos))?.[0];
  if (word === 'true' || word === 'false') {
    c.pos += word.length;
    return { type: 'boolean', value: word === 'true', position };
  }
  if (word === 'null') {
    c.pos += 4;
    return { type: 'null', position };
  }
  return c.fail(`expected an argument ('string', number, true, false, null, a path or a call) ${c.found()}`);
}

/** Escapes allowed in intrinsic string literals: \' \{ \} \\ (the characters ASL reserves). */
const LITERAL_ESCAPES = new Set(["'", '{', '}', '\\']);

function readString(c: Cursor): IntrinsicArg {
  const position = c.pos;
  c.pos++;
  let value = '';
  const rawStart = c.pos;
  while (!c.atEnd && c.peek() !== "'") {
    if (c.peek() === '\\') {
      const esc = c.peek(1);
      if (!LITERAL_ESCAPES.has(esc)) c.fail(`invalid escape '\\${esc}' in a string literal (only \\' \\{ \\} \\\\)`);
      value += esc;
      c.pos += 2;
    } else {
      value += c.src.charAt(c.pos++);
    }
  }
  if (c.atEnd) c.fail('unterminated string literal', position);
  const raw = c.src.slice(rawStart, c.pos);
  c.pos++;
  return { type: 'string', value, raw, position };
}
