import { escapePointerToken } from '@/lib/json-pointer';
/**
 * A strict JSON (RFC 8259) parser that records where every value sits in the text, keyed by its
 * RFC 6901 JSON pointer. It accepts exactly what `JSON.parse` accepts, so the console can report a
 * syntax error with its line and column without a server call, and pin a validator finding (which
 * carries a JSON pointer) to the exact key in the document the user is editing.
 *
 * The value itself comes from `JSON.parse` once the scan succeeded, so its semantics (duplicate
 * keys: the last wins; `__proto__` is an ordinary key) are the platform's. Locations follow the
 * same rule: for a duplicate key the last occurrence is recorded.
 */

/** Offsets are UTF-16 code unit indices into the text (what `textarea.setSelectionRange` takes). */
export type JsonLocation = {
  /** Start/end of the member's key string (quotes included); absent for array items and the root. */
  key?: { start: number; end: number };
  value: { start: number; end: number };
};

export type JsonSyntaxError = { message: string; offset: number; line: number; column: number };

export type JsonParseResult =
  { ok: true; value: unknown; locations: ReadonlyMap<string, JsonLocation> } | { ok: false; error: JsonSyntaxError };

/** 1-based line and column of an offset; a CRLF counts as one line break. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function describe(text: string, i: number): string {
  if (i >= text.length) return 'end of input';
  const ch = text[i]!;
  const code = ch.charCodeAt(0);
  return code < 0x20 ? `control character U+${code.toString(16).padStart(4, '0').toUpperCase()}` : `'${ch}'`;
}

/** Recursive descent over the text; each method starts at a non-whitespace character. */
class Scanner {
  i = 0;
  readonly locations = new Map<string, JsonLocation>();
  constructor(readonly text: string) {}

  fail(message: string, at = this.i): never {
    throw new SyntaxFailure(message, at);
  }

  skipWs(): void {
    while (this.i < this.text.length && WS.has(this.text.charCodeAt(this.i))) this.i++;
  }

  value(pointer: string, key?: JsonLocation['key']): void {
    const start = this.i;
    const ch = this.text[this.i];
    if (ch === '{') this.object(pointer);
    else if (ch === '[') this.array(pointer);
    else if (ch === '"') this.string();
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) this.number();
    else if (ch === 't' || ch === 'f' || ch === 'n') this.literal();
    else this.fail(`Unexpected ${describe(this.text, this.i)}: expected a value`);
    this.locations.set(pointer, key ? { key, value: { start, end: this.i } } : { value: { start, end: this.i } });
  }

  object(pointer: string): void {
    this.i++; // {
    this.skipWs();
    if (this.text[this.i] === '}') return void this.i++;
    for (;;) {
      if (this.text[this.i] !== '"') {
        const trailing = this.text[this.i] === '}';
        this.fail(
          trailing
            ? "Trailing comma before '}': remove the comma"
            : `Unexpected ${describe(this.text, this.i)}: expected a property name in double quotes`,
        );
      }
      const keyStart = this.i;
      const name = this.string();
      const key = { start: keyStart, end: this.i };
      this.skipWs();
      if (this.text[this.i] !== ':')
        this.fail(`Unexpected ${describe(this.text, this.i)}: expected ':' after property name ${JSON.stringify(name)}`);
      this.i++;
      this.skipWs();
      this.value(`${pointer}/${escapePointerToken(name)}`, key);
      this.skipWs();
      const next = this.text[this.i];
      if (next === '}') return void this.i++;
      if (next !== ',') this.fail(`Unexpected ${describe(this.text, this.i)}: expected ',' or '}' after a property value`);
      this.i++;
      this.skipWs();
    }
  }

  array(pointer: string): void {
    this.i++; // [
    this.skipWs();
    if (this.text[this.i] === ']') return void this.i++;
    for (let index = 0; ; index++) {
      if (this.text[this.i] === ']') this.fail("Trailing comma before ']': remove the comma");
      this.value(`${pointer}/${index}`);
      this.skipWs();
      const next = this.text[this.i];
      if (next === ']') return void this.i++;
      if (next !== ',') this.fail(`Unexpected ${describe(this.text, this.i)}: expected ',' or ']' after an array item`);
      this.i++;
      this.skipWs();
    }
  }

  /** Scans a string literal and returns its decoded content (needed for member names). */
  string(): string {
    const open = this.i++;
    let out = '';
    let runStart = this.i;
    for (;;) {
      if (this.i >= this.text.length) this.fail("Unterminated string: missing closing '\"'", open);
      const code = this.text.charCodeAt(this.i);
      if (code === 0x22) {
        out += this.text.slice(runStart, this.i);
        this.i++;
        return out;
      }
      if (code < 0x20) this.fail(`Unescaped ${describe(this.text, this.i)} in a string (use an escape such as \\n)`);
      if (code === 0x5c) {
        out += this.text.slice(runStart, this.i);
        const esc = this.text[this.i + 1];
        if (esc === 'u') {
          const hex = this.text.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\u escape: expected four hex digits');
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
        } else if (esc !== undefined && ESCAPES.has(esc)) {
          out += JSON.parse(`"\\${esc}"`) as string;
          this.i += 2;
        } else {
          this.fail(`Invalid escape '\\${esc ?? ''}' in a string`);
        }
        runStart = this.i;
        continue;
      }
      this.i++;
    }
  }

  number(): void {
    const t = this.text;
    if (t[this.i] === '-') this.i++;
    if (t[this.i] === '0') this.i++;
    else if (t[this.i] !== undefined && t[this.i]! >= '1' && t[this.i]! <= '9') this.digits();
    else this.fail(`Unexpected ${describe(t, this.i)}: expected a digit`);
    if (t[this.i] === '.') {
      this.i++;
      if (!this.isDigit()) this.fail(`Unexpected ${describe(t, this.i)}: expected a digit after '.'`);
      this.digits();
    }
    if (t[this.i] === 'e' || t[this.i] === 'E') {
      this.i++;
      if (t[this.i] === '+' || t[this.i] === '-') this.i++;
      if (!this.isDigit()) this.fail(`Unexpected ${describe(t, this.i)}: expected a digit in the exponent`);
      this.digits();
    }
  }

  isDigit(): boolean {
    const c = this.text.charCodeAt(this.i);
    return c >= 0x30 && c <= 0x39;
  }

  digits(): void {
    while (this.isDigit()) this.i++;
  }

  literal(): void {
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    this.fail(`Unexpected ${describe(this.text, this.i)}: expected a value (true, false and null are lower case)`);
  }
}

/** Parses `text`; on failure reports the first offending position (1-based line and column). */
export function parseJsonWithSourceMap(text: string): JsonParseResult {
  const scanner = new Scanner(text);
  try {
    scanner.skipWs();
    if (scanner.i >= text.length) scanner.fail('The document is empty: expected a JSON value');
    scanner.value('');
    scanner.skipWs();
    if (scanner.i < text.length) scanner.fail(`Unexpected ${describe(text, scanner.i)} after the end of the JSON value`);
  } catch (err) {
    if (!(err instanceof SyntaxFailure)) throw err;
    return { ok: false, error: { message: err.message, offset: err.offset, ...lineColumnAt(text, err.offset) } };
  }
  return { ok: true, value: JSON.parse(text) as unknown, locations: scanner.locations };
}
