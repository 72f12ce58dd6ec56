import { readFile } from 'node:fs/promises';

/** Exit codes shared by every command: 0 success/valid, 1 tool error/invalid, 2 usage or unreadable input. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Reads a file, or standard input for `-`. */
export async function readSource(source: string): Promise<{ text: string } | { error: string }> {
  try {
    if (source === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return { text: Buffer.concat(chunks).toString('utf8') };
    }
    return { text: await readFile(source, 'utf8') };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { error: e.code === 'ENOENT' ? `no such file: ${source}` : `cannot read ${source}: ${e.message}` };
  }
}

/** Reads and parses a JSON document; the error says which step failed. */
export async function readJsonSource(
  source: string,
): Promise<{ doc: unknown } | { error: string; code: 'input.unreadable' | 'input.parse_error' }> {
  const read = await readSource(source);
  if ('error' in read) return { error: read.error, code: 'input.unreadable' };
  try {
    return { doc: JSON.parse(read.text) };
  } catch (err) {
    return {
      error: `${source === '-' ? 'standard input' : source} is not valid JSON: ${(err as Error).message}`,
      code: 'input.parse_error',
    };
  }
}

/** A usage error in the same JSON envelope tools use, so scripts can always parse stdout. */
export function usageError(message: string): ExitCode {
  printJson({ status: 'error', error: message, error_code: 'usage' });
  process.stderr.write(`${message}\nRun "dcf help" for usage.\n`);
  return EXIT.usage;
}

/**
 * Reads the JSON document a validating command was given. When it cannot be read or parsed, prints
 * the report that says so (`valid: false`, the error at the document root) and returns the exit
 * code 2 instead of a document.
 */
export async function readDocumentOrReport(source: string): Promise<{ doc: unknown } | { exit: ExitCode }> {
  const read = await readJsonSource(source);
  if ('doc' in read) return read;
  printJson({ valid: false, errors: [{ path: '', code: read.code, message: read.error }], warnings: [] });
  return { exit: EXIT.usage };
}
