import { editorHref, parseVersionRef, type EditorSource, type VersionRef } from '@/components/workflows/editor-links';

/**
 * The editor opened "with the comparison": any editor address plus `against=<workflow_id>@<version>`,
 * a saved version the open document is compared with as it is edited (states added and changed
 * marked on the canvas, removed ones listed). The chat's workflow card links here when the
 * Planner saved (or tried to save) a change to a saved workflow. The editor validates the
 * document as it validates every edit; the comparison only marks what differs.
 */
export const AGAINST_PARAM = 'against';

export function editorHrefAgainst(source: EditorSource, against: VersionRef): string {
  const href = editorHref(source);
  const ref = encodeURIComponent(`${against.workflowId}@${against.version}`);
  return `${href}${href.includes('?') ? '&' : '?'}${AGAINST_PARAM}=${ref}`;
}

/** The version an editor address compares with, or null (absent or not `id@version`). */
export function againstOf(params: { get(name: string): string | null }): VersionRef | null {
  return parseVersionRef(params.get(AGAINST_PARAM));
}
