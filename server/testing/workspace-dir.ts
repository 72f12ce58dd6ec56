import { mkdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PROJECT_ROOT } from './test-database.ts';

/** A scratch directory INSIDE the workspace (tools refuse paths outside it); removed by `dispose`. */
export async function workspaceScratchDir(label: string): Promise<{ absolute: string; relative: string; dispose(): Promise<void> }> {
  const relative = path.join('.test-data', `${label}-${randomBytes(4).toString('hex')}`);
  const absolute = path.join(PROJECT_ROOT, relative);
  await mkdir(absolute, { recursive: true });
  return { absolute, relative, dispose: () => rm(absolute, { recursive: true, force: true }) };
}
