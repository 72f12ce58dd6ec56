/**
 * JSON text from files and callers, parsed without ever echoing the text back. Node 20's
 * JSON.parse messages quote the input (`Unexpected token 's', "secretvalu"... is not valid
 * JSON`), so a tool that passed them on would read out the first bytes of any file it was
 * pointed at. A syntax error is reported by where it is (line, column, character offset) and a
 * fixed description of what was wrong there, found by `findJsonSyntaxError`.
 */
export type JsonSyntaxError = { line: number; column: number; offset: number; problem: string };
export type ParsedJson = { value: unknown } | { error: string; at: JsonSyntaxError | null };

export function parseJsonText(text: string): ParsedJson {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    const at = findJsonSyntaxError(text);
    return { error: at ? `${at.problem} at line ${at.line}, column ${at.column}` : 'not valid JSON', at };
  }
}

type Want = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close';
const LITERALS = ['true', 'false', 'null'];
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * The first syntax error of `text` as strict JSON (RFC 8259, as JSON.parse reads it), or null
 * when it has none. Iterative, with an explicit stack of open containers, so a document nested
 * 100 000 deep is scanned like any other. Linear in the text's length.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const stack: string[] = [];
  let i = 0;
  let want: Want = 'value';
  const at = (offset: number, problem: string): JsonSyntaxError => ({
    ...lineAndColumn(text, offset),
    offset,
    problem,
  });
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= text.length) {
      return stack.length === 0 && want === 'comma-or-close' ? null : at(i, 'unexpected end of input');
    }
    const c = text[i]!;
    if (want === 'value-or-close' && c === ']') {
      stack.pop();
      i++;
      want = 'comma-or-close';
    } else if (want === 'value' || want === 'value-or-close') {
      if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        want = c === '{' ? 'key-or-close' : 'value-or-close';
        continue;
      }
      const end = c === '"' ? stringEnd(text, i) : c === '-' || isDigit(c) ? numberEnd(text, i) : literalEnd(text, i);
      if (typeof end === 'string') return at(i, end);
      i = end;
      want = 'comma-or-close';
    } else if (want === 'key-or-close' && c === '}') {
      stack.pop();
      i++;
      want = 'comma-or-close';
    } else if (want === 'key' || want === 'key-or-close') {
      if (c !== '"') return at(i, 'expected a property name in double quotes');
      const end = stringEnd(text, i);
      if (typeof end === 'string') return at(i, end);
      i = end;
      want = 'colon';
    } else if (want === 'colon') {
      if (c !== ':') return at(i, "expected ':' after a property name");
      i++;
      want = 'value';
    } else {
      const open = stack[stack.length - 1];
      if (open === undefined) return at(i, 'unexpected text after the JSON value');
      if (c === ',') want = open === '{' ? 'key' : 'value';
      else if ((open === '{' && c === '}') || (open === '[' && c === ']')) stack.pop();
      else return at(i, open === '{' ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
      i++;
    }
  }
}

/** The offset after the string starting at `start` (a `"`), or what is wrong with it. */
function stringEnd(text: string, start: number): number | string {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return 'control character in a string';
    if (c !== 0x5c) continue;
    const e = text[i + 1];
    if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
    else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5;
    else return 'bad escape in a string';
  }
  return 'unterminated string';
}

/** The offset after the number starting at `start`, or what is wrong with it. */
function numberEnd(text: string, start: number): number | string {
  let i = start;
  if (text[i] === '-') i++;
  if (text[i] === '0') i++;
  else if (isDigit(text[i])) while (isDigit(text[i])) i++;
  else return 'invalid number';
  if (text[i] === '.') {
    if (!isDigit(text[++i])) return 'invalid number';
    while (isDigit(text[i])) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    if (text[i + 1] === '+' || text[i + 1] === '-') i++;
    if (!isDigit(text[++i])) return 'invalid number';
    while (isDigit(text[i])) i++;
  }
  return i;
}

function literalEnd(text: string, start: number): number | string {
  const word = LITERALS.find((w) => text.startsWith(w, start));
  return word ? start + word.length : 'unexpected character';
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
