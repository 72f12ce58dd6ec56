// @ts-check
/**
 * A TypeScript entry point run from a cached esbuild build (ES modules, split at dynamic imports;
 * packages stay external), rebuilt when any of its sources changed. Loading the CLI through tsx's
 * module hooks costs most of a second per `dcf` process (hundreds of files, each resolved and
 * transformed through a hooks thread); the tests spawn `dcf` a few hundred times. Split at dynamic
 * imports, a command loads only its own code and packages (`dcf validate` does not load Redis,
 * BullMQ or the date parser), as it does from source.
 *
 * Contract: `importCached(root, entry, cacheDir)` imports the build named by `cacheDir/current.json`
 * (the build's format, start time, input files, folder and entry file) when no input is newer than
 * the build or gone; otherwise it builds first. Each build goes into a folder of its own and the
 * pointer is replaced by rename, so processes starting at once never import a half-written build, and
 * a process still running an older build can still load that build's chunks: folders are removed only
 * a day after they were written. The sources find the project root from `import.meta.url` by walking up
 * to its package.json (server/project-root.ts), so the cache may live anywhere under the root (cli/dcf.mjs
 * keeps it in node_modules/.cache/dcf/). Returns false when esbuild is not there or cannot build: the
 * caller then loads the sources through tsx.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bumped when the build options below change, so an older build is never taken for a fresh one. */
const FORMAT = 3;
/** Older build folders are removed once they are this old (a long `dcf worker` may still load chunks from one). */
const KEEP_MS = 24 * 3600_000;

/**
 * The fresh build's entry file, or null when the build is missing, of another format or older than one of its inputs.
 * @param {string} cacheDir
 * @param {string} root
 * @returns {string | null}
 */
export function freshBuild(cacheDir, root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(cacheDir, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  if (stamp?.format !== FORMAT || !Array.isArray(stamp.inputs) || typeof stamp.builtAt !== 'number') return null;
  const main = path.join(cacheDir, String(stamp.dir), String(stamp.main));
  if (!existsSync(main)) return null;
  for (const input of stamp.inputs) {
    try {
      if (statSync(path.join(root, input)).mtimeMs > stamp.builtAt) return null;
    } catch {
      return null; // an input is gone: the build may hold code that no longer exists
    }
  }
  return main;
}

/**
 * @param {string} root the project root (esbuild's working directory; the stamp's inputs are relative to it)
 * @param {string} entry absolute path of the TypeScript entry
 * @param {string} cacheDir where builds and their pointer live
 * @returns {Promise<string | null>} the new build's entry file, or null when it cannot be built
 */
export async function build(root, entry, cacheDir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  // The start time, not the end: a source saved while the build runs makes the next start rebuild.
  const builtAt = Date.now();
  const dir = `b-${builtAt}-${process.pid}`;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      outdir: path.join(cacheDir, dir),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
    });
    const mainOut = entryOutput(result.metafile?.outputs ?? {}, path.relative(root, entry));
    if (!mainOut) return null;
    const stamp = { format: FORMAT, builtAt, inputs: Object.keys(result.metafile?.inputs ?? {}), dir, main: path.basename(mainOut) };
    const tmp = path.join(cacheDir, `current.json.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(stamp));
    renameSync(tmp, path.join(cacheDir, 'current.json'));
    removeOldBuilds(cacheDir, dir);
    return path.join(cacheDir, dir, stamp.main);
  } catch {
    return null;
  }
}

/**
 * The output file of `entry` (relative to the root) among a split build's outputs: a dynamically
 * imported module is an entry point of its own chunk too, so the first entry point is not always it.
 * @param {Record<string, { entryPoint?: string }>} outputs esbuild's metafile outputs
 * @param {string} entry
 * @returns {string | undefined}
 */
export function entryOutput(outputs, entry) {
  const wanted = entry.split(path.sep).join('/');
  return Object.entries(outputs).find(([, o]) => o.entryPoint === wanted)?.[0];
}

/** @param {string} cacheDir @param {string} keep */
function removeOldBuilds(cacheDir, keep) {
  try {
    for (const name of readdirSync(cacheDir)) {
      const dir = path.join(cacheDir, name);
      if (name.startsWith('b-') && name !== keep && Date.now() - statSync(dir).mtimeMs > KEEP_MS)
        rmSync(dir, { recursive: true, force: true });
    }
  } catch {
    // best effort: another process may be removing the same folder
  }
}

/**
 * @param {string} root
 * @param {string} entry
 * @param {string} cacheDir
 * @returns {Promise<boolean>} whether the entry ran from a build
 */
export async function importCached(root, entry, cacheDir) {
  const main = freshBuild(cacheDir, root) ?? (await build(root, entry, cacheDir));
  if (!main) return false;
  await import(pathToFileURL(main).href);
  return true;
}
