import { editorHref } from './editor-links';

/**
 * Handing a workflow to the editor: a saved version by URL (`/workflows/edit?workflow=<id>&version=<v>`),
 * an unsaved document (e.g. a chat's workflow card) through sessionStorage under one key, read
 * once by the editor (`/workflows/edit?handover=1`).
 */
export const DRAFT_KEY = 'dcf.workflowDraft';

export function editorHrefForSaved(saved: { workflowId: string; version: string }): string {
  return editorHref({ kind: 'saved', ...saved });
}

export function stashDraft(document: unknown, label: string, storage: Pick<Storage, 'setItem'> = sessionStorage): string {
  return stashText(JSON.stringify(document, null, 2) + '\n', label, storage);
}

/** Hands over text as it is (a file that may not even parse: the editor shows why). */
export function stashText(text: string, label: string, storage: Pick<Storage, 'setItem'> = sessionStorage): string {
  storage.setItem(DRAFT_KEY, JSON.stringify({ label, text }));
  return editorHref({ kind: 'handover' });
}

/** The stashed draft (removed once read), or null when there is none or it is unreadable. */
export function takeDraft(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): { label: string; text: string } | null {
  const raw = storage.getItem(DRAFT_KEY);
  storage.removeItem(DRAFT_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { label?: unknown; text?: unknown };
    return typeof v.text === 'string' ? { label: typeof v.label === 'string' ? v.label : 'a draft', text: v.text } : null;
  } catch {
    return null;
  }
}
