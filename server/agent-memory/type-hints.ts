import path from 'node:path';
import { z } from 'zod';
import { writeAtomically } from './atomic-write.ts';
import { readRegular } from './confined-dir.ts';
import { WRITABLE_TYPE_HINTS, type WritableTypeHint } from './file-type.ts';
import { RESERVED_PREFIX } from './paths.ts';

/**
 * The hints writers stated (`write_agent_memory_file`'s `file_type_hint`), kept per agent in one
 * small JSON file at the root of its directory (written atomically, like the files) so a later
 * read reports them where the extension says nothing. An unreadable index counts as empty.
 */
const INDEX = `${RESERVED_PREFIX}type-hints.json`;
const indexSchema = z.record(z.string(), z.enum(WRITABLE_TYPE_HINTS));
export type TypeHintIndex = Record<string, WritableTypeHint>;

export async function readTypeHints(root: string): Promise<TypeHintIndex> {
  try {
    const bytes = await readRegular(path.join(root, INDEX), INDEX, 4 << 20);
    const parsed = indexSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Records (or, with null, forgets) the stated hint of one file; no write when nothing changes. */
export async function setTypeHint(root: string, filePath: string, hint: WritableTypeHint | null): Promise<void> {
  const index = await readTypeHints(root);
  if ((index[filePath] ?? null) === hint) return;
  if (hint) index[filePath] = hint;
  else delete index[filePath];
  await writeAtomically(root, INDEX, Buffer.from(JSON.stringify(index)));
}
