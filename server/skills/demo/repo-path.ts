import path from 'node:path';
import { projectRoot } from '../../project-root.ts';

/**
 * A path in the repository, where the demo skills read their manifests (skills/) and data
 * (server/skills/demo/data/) at run time (the root: server/project-root.ts).
 */
export function repoPath(...segments: string[]): string {
  return path.join(/*turbopackIgnore: true*/ projectRoot(import.meta.url), ...segments);
}
