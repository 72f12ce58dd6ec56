'use client';
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { editorHref } from '@/components/workflows/editor-links';
import type { EditorState } from '../state/editor-reducer';
import type { LoadedSource } from '../state/use-editor-source';

/**
 * Keeping the editor's text as a server-side draft (valid or not, parseable or not). The first
 * save mints the draft id and puts it in the address bar, so a reload reopens the draft; later
 * saves overwrite the same draft.
 */
export function useDraftSaving(source: LoadedSource, state: EditorState) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const draftId = useRef(source.draftId);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const mutation = useMutation(trpc.workflows.drafts.save.mutationOptions());
  const doc = state.history.present;
  const title = source.draftTitle || (typeof doc.workflow_name === 'string' && doc.workflow_name ? doc.workflow_name : 'Untitled draft');
  return {
    draftId: draftId.current,
    title,
    saving: mutation.isPending,
    savedAt,
    error: mutation.isError ? errorMessage(mutation.error) : null,
    async save() {
      const id = draftId.current ?? crypto.randomUUID();
      const row = await mutation.mutateAsync({ id, title, text: state.text, base: source.base });
      draftId.current = row.id;
      setSavedAt(new Date());
      await qc.invalidateQueries({ queryKey: trpc.workflows.drafts.list.queryKey() });
      window.history.replaceState(null, '', editorHref({ kind: 'draft', draftId: row.id }));
    },
  };
}
