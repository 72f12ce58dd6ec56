import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { documentFolders, resolveDocumentPath } from '../workspace/document-folders.ts';
import { parseJsonText } from '../workspace/json-text.ts';
import { fail, type ToolFailure } from '../tool-result.ts';
import { ARG_LIMITS, boundedJson } from './limits.ts';

/**
 * Tools that take a document (a workflow, a skill manifest) accept it inline — as a JSON value
 * or as JSON text, whichever an agent finds easier — or as a path inside the skills or
 * workflows folder (server/workspace/document-folders.ts).
 */
export function documentInput<F extends string>(field: F, what: string) {
  const shape = {
    [field]: boundedJson().optional().describe(`The ${what} itself: a JSON object, or its JSON text.`),
    path: z
      .string()
      .min(1)
      .max(ARG_LIMITS.path)
      .optional()
      .describe(
        `Alternatively, a path or file:// URI of the ${what} in the skills or workflows folder ` +
          '(relative paths resolve from the workspace root, e.g. workflows/x.json).',
      ),
  } as { [K in F]: z.ZodOptional<z.ZodUnknown> } & { path: z.ZodOptional<z.ZodString> };
  return z
    .object(shape)
    .refine((v) => ((v as Record<string, unknown>)[field] === undefined) !== ((v as Record<string, unknown>).path === undefined), {
      message: `give exactly one of "${field}" or "path"`,
    });
}

export type LoadedDocument = { doc: unknown; file: string | null };
type Folders = Pick<AppConfig, 'rootDir' | 'skillsDir' | 'workflowsDir'>;

/**
 * Turns the inline value or path into a parsed document. A path outside the skills and workflows
 * folders is `forbidden`, a missing file `not_found`, text that is not JSON a `parse_error` that
 * says where (line and column) but never quotes the text.
 */
export async function loadDocument(inline: unknown, filePath: string | undefined, cfg: Folders): Promise<LoadedDocument | ToolFailure> {
  if (filePath !== undefined) {
    const where = await resolveDocumentPath(cfg.rootDir, documentFolders(cfg), filePath);
    if (!where.ok) return fail(where.code, where.reason);
    let text: string;
    try {
      text = await readFile(where.absolute, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? `no file at ${where.relative}` : `cannot read ${where.relative} (${code})`;
      return fail('not_found', reason);
    }
    const parsed = parseJsonText(text);
    if ('error' in parsed) {
      return fail('parse_error', `${where.relative} is not valid JSON: ${parsed.error}`, { at: parsed.at });
    }
    return { doc: parsed.value, file: where.relative };
  }
  if (typeof inline === 'string') {
    const parsed = parseJsonText(inline);
    if ('error' in parsed) {
      return fail('parse_error', `the document text is not valid JSON: ${parsed.error}`, { at: parsed.at });
    }
    return { doc: parsed.value, file: null };
  }
  return { doc: inline, file: null };
}
