'use client';
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { editorHref } from '@/components/workflows/editor-links';
import type { EditorState } from '../state/editor-reducer';
import { editorText } from '../state/editor-text';
import type { LoadedSource } from '../state/use-editor-source';

/**
 * Keeping the editor's text as a server-side draft (valid or not, parseable or not). The first
 * save mints the draft id and puts it in the address bar, so a reload reopens the draft; later
 * saves overwrite the same draft. Once the document is saved as a version the draft is retired
 * (deleted: the version holds the work), and a later draft save starts a new one.
 */
export function useDraftSaving(source: LoadedSource, state: EditorState) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const draftId = useRef(source.draftId);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const mutation = useMutation(trpc.workflows.drafts.save.mutationOptions());
  const removal = useMutation(trpc.workflows.drafts.delete.mutationOptions());
  // Mirrors the ref for rendering (the ref is what saves read, so two quick saves share one id).
  const [shownId, setShownId] = useState(source.draftId);
  const doc = state.history.present;
  const title = source.draftTitle || (typeof doc.workflow_name === 'string' && doc.workflow_name ? doc.workflow_name : 'Untitled draft');
  return {
    draftId: shownId,
    title,
    saving: mutation.isPending,
    savedAt,
    error: mutation.isError ? errorMessage(mutation.error) : null,
    /** Why the retired draft could not be deleted (it then stays in the list). */
    retireError: removal.isError ? errorMessage(removal.error) : null,
    async save() {
      const id = draftId.current ?? crypto.randomUUID();
      const row = await mutation.mutateAsync({ id, title, text: editorText(state), base: source.base });
      draftId.current = row.id;
      setShownId(row.id);
      setSavedAt(new Date());
      await qc.invalidateQueries({ queryKey: trpc.workflows.drafts.list.queryKey() });
      window.history.replaceState(null, '', editorHref({ kind: 'draft', draftId: row.id }));
    },
    /** The document became a saved version: its draft, if it has one, is deleted and forgotten. */
    async retire() {
      const id = draftId.current;
      if (!id) return;
      draftId.current = null;
      setShownId(null);
      setSavedAt(null);
      // A failure is shown through `retireError`; the version is saved either way.
      const removed = await removal.mutateAsync({ id }).then(
        () => true,
        () => false,
      );
      if (removed) await qc.invalidateQueries({ queryKey: trpc.workflows.drafts.list.queryKey() });
    },
  };
}
