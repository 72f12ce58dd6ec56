/**
 * URLs of the workflow editor and the version comparison, in one place so every link agrees:
 * a saved version, a server-side draft, an example file, a handed-over document (sessionStorage,
 * see open-in-editor.ts) or a new blank workflow.
 */
export type EditorSource =
  | { kind: 'saved'; workflowId: string; version: string }
  | { kind: 'draft'; draftId: string }
  | { kind: 'example'; file: string }
  | { kind: 'handover' }
  | { kind: 'new' };

export const EDITOR_PATH = '/workflows/edit';

export function editorHref(source: EditorSource): string {
  const q = new URLSearchParams();
  if (source.kind === 'saved') {
    q.set('workflow', source.workflowId);
    q.set('version', source.version);
  } else if (source.kind === 'draft') q.set('draft', source.draftId);
  else if (source.kind === 'example') q.set('example', source.file);
  else if (source.kind === 'handover') q.set('handover', '1');
  return q.size ? `${EDITOR_PATH}?${q.toString()}` : EDITOR_PATH;
}

/** Reads the editor's source back from its query (the inverse of editorHref). */
export function editorSourceOf(params: { get(name: string): string | null }): EditorSource {
  const workflowId = params.get('workflow');
  const version = params.get('version');
  if (workflowId && version) return { kind: 'saved', workflowId, version };
  const draftId = params.get('draft');
  if (draftId) return { kind: 'draft', draftId };
  const file = params.get('example');
  if (file) return { kind: 'example', file };
  if (params.get('handover')) return { kind: 'handover' };
  return { kind: 'new' };
}

/** One side of a comparison: `workflowId@version`. */
export type VersionRef = { workflowId: string; version: string };

export function compareHref(left: VersionRef, right: VersionRef): string {
  const q = new URLSearchParams({ left: `${left.workflowId}@${left.version}`, right: `${right.workflowId}@${right.version}` });
  return `/workflows/compare?${q.toString()}`;
}

export function parseVersionRef(text: string | null): VersionRef | null {
  if (!text) return null;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  return { workflowId: text.slice(0, at), version: text.slice(at + 1) };
}
