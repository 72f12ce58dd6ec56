import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A path in the repository, where the demo skills read their manifests (skills/) and data
 * (server/skills/demo/data/) at run time. From source (tsx, vitest, the CLI) the root is found
 * from this file; inside a Next.js server bundle this file's URL points into `.next/`, so the
 * root is the working directory — the same rule as config.rootDir.
 */
export function repoPath(...segments: string[]): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = path.resolve(/*turbopackIgnore: true*/ here, '../../..');
  const bundled = here.split(path.sep).includes('.next') || !existsSync(path.join(/*turbopackIgnore: true*/ fromSource, 'package.json'));
  return path.join(/*turbopackIgnore: true*/ bundled ? process.cwd() : fromSource, ...segments);
}
