import { mkdir, rm, rmdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PROJECT_ROOT } from './test-database.ts';

/**
 * A scratch directory INSIDE the skills folder (tools read only the skills and workflows folders:
 * server/workspace/document-folders.ts), in `skills/.test-data/` (git-ignored; the catalog reads
 * only the files directly in `skills/`, so it never sees it); removed by `dispose`.
 */
export async function workspaceScratchDir(label: string): Promise<{ absolute: string; relative: string; dispose(): Promise<void> }> {
  const parent = path.join('skills', '.test-data');
  const relative = path.join(parent, `${label}-${randomBytes(4).toString('hex')}`);
  const absolute = path.join(PROJECT_ROOT, relative);
  await mkdir(absolute, { recursive: true });
  const dispose = async () => {
    await rm(absolute, { recursive: true, force: true });
    await rmdir(path.join(PROJECT_ROOT, parent)).catch(() => undefined); // the last one out removes the parent
  };
  return { absolute, relative, dispose };
}
