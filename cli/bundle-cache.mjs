// @ts-check
/**
 * A TypeScript entry point run from one cached ES module bundle (esbuild; packages stay external),
 * rebuilt when any of its sources changed. Loading the CLI through tsx's module hooks costs about a
 * second per `dcf` process (hundreds of files, each resolved and transformed through a hooks thread);
 * one bundle file skips that. The tests spawn `dcf` a few hundred times per run.
 *
 * Contract: `importCached(root, entry, out)` imports the bundle at `out` when the stamp beside it
 * (`out` + `.json`: the build's format, its start time and its input files) shows no input newer than
 * the build or gone; otherwise it rebuilds first. A build is written to a temporary file and renamed,
 * so processes starting at once never import a half-written bundle. The sources find the project
 * root from their `import.meta.url` by walking up to its package.json (server/project-root.ts), so the
 * bundle may live anywhere under the root (cli/dcf.mjs puts it in node_modules/.cache/dcf/).
 * Returns false when esbuild is not there or cannot build: the caller then loads the sources through tsx.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bumped when the build options below change, so an older bundle is never taken for a fresh one. */
const FORMAT = 1;

/**
 * @param {string} stampFile
 * @param {string} root
 * @returns {boolean}
 */
export function isFresh(stampFile, root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  if (stamp?.format !== FORMAT || !Array.isArray(stamp.inputs) || typeof stamp.builtAt !== 'number') return false;
  for (const input of stamp.inputs) {
    try {
      if (statSync(path.join(root, input)).mtimeMs > stamp.builtAt) return false;
    } catch {
      return false; // an input is gone: the bundle may hold code that no longer exists
    }
  }
  return true;
}

/**
 * @param {string} root the project root (esbuild's working directory; the stamp's inputs are relative to it)
 * @param {string} entry absolute path of the TypeScript entry
 * @param {string} out absolute path of the bundle
 * @returns {Promise<boolean>}
 */
export async function buildBundle(root, entry, out) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  // The start time, not the end: a source saved while the build runs makes the next start rebuild.
  const builtAt = Date.now();
  const tmp = `${out}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(out), { recursive: true });
    const result = await esbuild.build({
      entryPoints: [entry],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    renameSync(tmp, out);
    writeFileSync(`${out}.json`, JSON.stringify({ format: FORMAT, builtAt, inputs }));
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {string} root
 * @param {string} entry
 * @param {string} out
 * @returns {Promise<boolean>} whether the entry ran from the bundle
 */
export async function importCached(root, entry, out) {
  if (!isFresh(`${out}.json`, root) && !(await buildBundle(root, entry, out))) return false;
  await import(pathToFileURL(out).href);
  return true;
}
