/**
 * Handing a workflow to the Workflows page's editor: a saved version by URL
 * (`/workflows?workflow=<id>&version=<v>`), an unsaved draft (e.g. a chat's workflow card) through
 * sessionStorage under one key, read once by the page (`/workflows?draft=1`).
 */
export const DRAFT_KEY = 'dcf.workflowDraft';

export function editorHrefForSaved(saved: { workflowId: string; version: string }): string {
  return `/workflows?${new URLSearchParams({ workflow: saved.workflowId, version: saved.version }).toString()}`;
}

export function stashDraft(document: unknown, label: string, storage: Pick<Storage, 'setItem'> = sessionStorage): string {
  storage.setItem(DRAFT_KEY, JSON.stringify({ label, text: JSON.stringify(document, null, 2) + '\n' }));
  return '/workflows?draft=1';
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
