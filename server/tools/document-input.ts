import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { resolveWorkspacePath } from '../workspace/paths.ts';
import { fail, type ToolFailure } from './result.ts';

/**
 * Tools that take a document (a workflow, a skill manifest) accept it inline — as a JSON value
 * or as JSON text, whichever an agent finds easier — or as a path inside the workspace.
 */
export function documentInput<F extends string>(field: F, what: string) {
  const shape = {
    [field]: z.unknown().optional().describe(`The ${what} itself: a JSON object, or its JSON text.`),
    path: z
      .string()
      .min(1)
      .optional()
      .describe(`Alternatively, a path or file:// URI of the ${what} inside the workspace (relative paths resolve from the workspace root).`),
  } as { [K in F]: z.ZodOptional<z.ZodUnknown> } & { path: z.ZodOptional<z.ZodString> };
  return z.object(shape).refine((v) => ((v as Record<string, unknown>)[field] === undefined) !== ((v as Record<string, unknown>).path === undefined), {
    message: `give exactly one of "${field}" or "path"`,
  });
}

export type LoadedDocument = { doc: unknown; file: string | null };

/** Turns the inline value or path into a parsed document; unreadable or non-JSON input is a `parse_error`/`not_found` failure. */
export async function loadDocument(inline: unknown, filePath: string | undefined, rootDir: string): Promise<LoadedDocument | ToolFailure> {
  if (filePath !== undefined) {
    const where = resolveWorkspacePath(rootDir, filePath);
    if (!where.ok) return fail('forbidden', where.reason);
    let text: string;
    try {
      text = await readFile(where.absolute, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return fail('not_found', code === 'ENOENT' ? `no file at ${where.relative}` : `cannot read ${where.relative} (${code})`);
    }
    const parsed = parseJsonText(text);
    return 'error' in parsed ? fail('parse_error', `${where.relative} is not valid JSON: ${parsed.error}`) : { doc: parsed.value, file: where.relative };
  }
  if (typeof inline === 'string') {
    const parsed = parseJsonText(inline);
    return 'error' in parsed ? fail('parse_error', `the document text is not valid JSON: ${parsed.error}`) : { doc: parsed.value, file: null };
  }
  return { doc: inline, file: null };
}

export function parseJsonText(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

export function isFailure(x: unknown): x is ToolFailure {
  return !!x && typeof x === 'object' && (x as { status?: unknown }).status === 'error';
}
