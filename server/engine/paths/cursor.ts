/**
 * A character cursor shared by the path and intrinsic parsers. Syntax errors are thrown as
 * `SyntaxFault` inside a parse and converted to `{ok:false, error, position}` at the public
 * boundary, so no parser exception ever escapes the engine.
 */
export class SyntaxFault extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** Nesting limit for parenthesised expressions and nested calls; keeps recursion bounded. */
export const MAX_NESTING = 64;

export class Cursor {
  pos: number;

  constructor(
    readonly src: string,
    start = 0,
  ) {
    this.pos = start;
  }

  get atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  peek(offset = 0): string {
    return this.src.charAt(this.pos + offset);
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  /** Consumes `text` if it comes next. */
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string, what = `'${text}'`): void {
    if (!this.eat(text)) this.fail(`expected ${what} ${this.found()}`);
  }

  skipSpaces(): void {
    while (!this.atEnd && /\s/.test(this.peek())) this.pos++;
  }

  /** Describes the character at the cursor for an error message. */
  found(): string {
    return this.atEnd ? 'but the text ended' : `but found ${JSON.stringify(this.peek())}`;
  }

  fail(message: string, position = this.pos): never {
    throw new SyntaxFault(message, position);
  }

  /** Reads an optionally signed decimal integer (`-12`, `0`). */
  readInteger(): number {
    const m = /^-?\d+/.exec(this.src.slice(this.pos));
    if (!m) this.fail(`expected an integer ${this.found()}`);
    const value = Number(m[0]);
    if (!Number.isSafeInteger(value)) this.fail(`integer ${m[0]} is too large`);
    this.pos += m[0].length;
    return value;
  }

  /** Reads a JSON-style number (`-1`, `2.5`, `1e3`). */
  readNumber(): number {
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.src.slice(this.pos));
    if (!m) this.fail(`expected a number ${this.found()}`);
    this.pos += m[0].length;
    return Number(m[0]);
  }
}
