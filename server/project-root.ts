import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package.json `name` that marks the project root (other package.json files, e.g. Next's `.next/package.json`, are passed). */
const PROJECT_NAME = 'dcf-console';
const found = new Map<string, string | null>();

/**
 * The project root (the folder of the console's package.json), found by walking up from the module
 * at `moduleUrl`. One rule for every way this code runs: from source (tsx, vitest), from the `dcf`
 * bundle (node_modules/.cache/dcf, cli/bundle-cache.mjs) and inside a Next.js server bundle, whose
 * module URLs point into `.next/` (or are not file URLs at all: then the working directory, where
 * `npm start` and the tests run, is the root).
 */
export function projectRoot(moduleUrl: string): string {
  let dir: string;
  try {
    dir = path.dirname(fileURLToPath(moduleUrl));
  } catch {
    return process.cwd();
  }
  if (!found.has(dir)) found.set(dir, walkUp(dir));
  return found.get(dir) ?? process.cwd();
}

function walkUp(start: string): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(/*turbopackIgnore: true*/ dir, 'package.json');
    if (existsSync(/*turbopackIgnore: true*/ manifest) && isProject(manifest)) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function isProject(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(/*turbopackIgnore: true*/ manifest, 'utf8')) as { name?: unknown }).name === PROJECT_NAME;
  } catch {
    return false;
  }
}
