import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folders a tool call may read documents from: the skill catalog (DCF_SKILLS_DIR) and the
 * workflows (DCF_WORKFLOWS_DIR). Tools are served to every signed-in user and to MCP tokens with
 * the read scope, so a `path` argument must not reach anything else in the workspace (`.data/`
 * holds the session secret and the database). The CLI's own file arguments are read by the
 * CLI itself and passed inline, so the local user can still validate or run a file anywhere.
 */
export type DocumentFolder = { label: string; absolute: string };
export type DocumentPath =
  { ok: true; absolute: string; relative: string } | { ok: false; code: 'forbidden' | 'not_found'; reason: string };

export function documentFolders(cfg: { rootDir: string; skillsDir: string; workflowsDir: string }): DocumentFolder[] {
  return [documentFolder(cfg.rootDir, cfg.skillsDir), documentFolder(cfg.rootDir, cfg.workflowsDir)];
}

/** One folder, labelled as messages show it (`skills/`). */
export function documentFolder(rootDir: string, dir: string): DocumentFolder {
  return { label: `${shown(rootDir, path.resolve(dir))}/`, absolute: path.resolve(dir) };
}

/**
 * Resolves a path or `file://` URI a caller named (relative ones from the workspace root, as the
 * spec writes `file://skills/x.json`) to a file or folder inside one of `folders`. Checked twice:
 * by name, then after following symbolic links (realpath), so a link inside `skills/` that points
 * at `.data/` is refused too. `absolute` is the real path to read; `relative` names it in
 * results and messages (from the workspace root when inside it).
 */
export async function resolveDocumentPath(rootDir: string, folders: DocumentFolder[], ref: string): Promise<DocumentPath> {
  const named = namedPath(rootDir, ref);
  if (typeof named !== 'string') return named;
  const relative = shown(rootDir, named);
  const allowed = folders.map((f) => f.label).join(', ');
  if (!folders.some((f) => isInside(f.absolute, named))) {
    return { ok: false, code: 'forbidden', reason: `${ref} is outside the folders tools may read (${allowed})` };
  }
  let real: string;
  try {
    real = await realpath(named);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? `no file at ${relative}` : `cannot read ${relative} (${code})`;
    return { ok: false, code: 'not_found', reason };
  }
  const realFolders = await Promise.all(folders.map((f) => realpath(f.absolute).catch(() => null)));
  if (!realFolders.some((f) => f !== null && isInside(f, real))) {
    return { ok: false, code: 'forbidden', reason: `${ref} links outside the folders tools may read (${allowed})` };
  }
  return { ok: true, absolute: real, relative };
}

/** The absolute path `ref` names, or why it names none. */
function namedPath(rootDir: string, ref: string): string | DocumentPath {
  let p = ref.trim();
  if (p === '') return { ok: false, code: 'forbidden', reason: 'empty path' };
  if (p.startsWith('file://')) {
    try {
      // `file:///abs/path` keeps its leading slash; `file://skills/x.json` is relative to the root.
      p = decodeURIComponent(p.slice('file://'.length));
    } catch {
      return { ok: false, code: 'forbidden', reason: `${ref} is not a valid file URI` };
    }
  }
  if (p.includes('\0')) return { ok: false, code: 'forbidden', reason: 'a path cannot contain a NUL character' };
  return path.resolve(/*turbopackIgnore: true*/ path.resolve(rootDir), p);
}

function isInside(folder: string, p: string): boolean {
  const r = path.relative(folder, p);
  return r === '' || (r !== '..' && !r.startsWith(`..${path.sep}`) && !path.isAbsolute(r));
}

/** A path as messages show it: relative to the workspace root when inside it, else absolute. */
function shown(rootDir: string, p: string): string {
  const r = path.relative(path.resolve(rootDir), p);
  return r !== '' && isInside(path.resolve(rootDir), p) ? r.split(path.sep).join('/') : p;
}
