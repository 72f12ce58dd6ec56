import path from 'node:path';

/**
 * Resolves a path or `file://` URI named by a caller (an agent, a workflow's skill_imports, a
 * CLI flag) to an absolute path INSIDE the workspace root. Relative paths and relative file URIs
 * (`file://skills/x.json`, as the spec writes them) resolve from the workspace root, not from the
 * current directory or the referring file. Anything that escapes the root is refused, so a tool
 * call can never read `/etc/passwd` or another project's files.
 */
export type WorkspacePath = { ok: true; absolute: string; relative: string } | { ok: false; reason: string };

export function resolveWorkspacePath(root: string, ref: string): WorkspacePath {
  let p = ref.trim();
  if (p === '') return { ok: false, reason: 'empty path' };
  if (p.startsWith('file://')) {
    p = decodeURIComponent(p.slice('file://'.length));
    // `file:///abs/path` keeps its leading slash; `file://skills/x.json` is relative to the root.
  }
  const rootAbs = path.resolve(root);
  const absolute = path.resolve(/*turbopackIgnore: true*/ rootAbs, p);
  const relative = path.relative(rootAbs, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { ok: false, reason: `${ref} is outside the workspace (${rootAbs})` };
  }
  return { ok: true, absolute, relative: relative.split(path.sep).join('/') };
}
