import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { exampleSchema, type Example } from '../example-index.ts';

/**
 * The example index read from disk (schemas/examples/index.json), for the tests that check every
 * claim it makes: the file read lives here, in a test harness, so server/schemas stays free of I/O.
 */

/** Absolute path of the repository root (index paths are relative to it). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function loadExampleIndex(): Example[] {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../../schemas/examples/index.json', import.meta.url), 'utf8'));
  return z.object({ examples: z.array(exampleSchema) }).parse(raw).examples;
}
