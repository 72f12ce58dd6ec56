'use client';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { EditorSource } from '@/components/workflows/editor-links';
import { takeDraft } from '@/components/workflows/open-in-editor';
import { printDoc } from './editor-reducer';
import { newWorkflowDocument } from './new-workflow';

/** Where the editor's document came from, which decides how it is saved (version, copy, draft). */
export type LoadedSource = {
  text: string;
  /** What the toolbar says ("saved Standard Advice Call Analysis v1.0.0", "example …", "draft …"). */
  label: string;
  /** The saved version this document continues (a new version is VERSION_OF it, a copy REFINEMENT_OF). */
  base: { workflow_id: string; version: string } | null;
  /** The server-side draft this editor writes to, when it was opened from one. */
  draftId: string | null;
  draftTitle: string | null;
};

/**
 * Loads the editor's document once from its source: a saved version, one of the user's drafts,
 * an example file, a document handed over by another page (the chat), or a new blank workflow.
 */
export function useEditorSource(source: EditorSource): { loaded: LoadedSource | null; error: string | null } {
  const trpc = useTRPC();
  const saved = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions(
      source.kind === 'saved' ? { workflow_id: source.workflowId, version: source.version } : { workflow_id: '', version: '' },
    ),
    enabled: source.kind === 'saved',
    staleTime: Infinity,
  });
  const draft = useQuery({
    ...trpc.workflows.drafts.get.queryOptions({ id: source.kind === 'draft' ? source.draftId : '' }),
    enabled: source.kind === 'draft',
    staleTime: Infinity,
    retry: false,
  });
  const examples = useQuery({ ...trpc.workflows.examples.queryOptions(), enabled: source.kind === 'example', staleTime: Infinity });
  const [local, setLocal] = useState<LoadedSource | null>(null);

  useEffect(() => {
    // `prev ??`: in development React runs effects twice, and a handed-over document is gone
    // after the first read — the second run must not replace it with "nothing was handed over".
    if (source.kind === 'handover') {
      const t = takeDraft();
      setLocal(
        (prev) =>
          prev ??
          (t
            ? { text: t.text, label: t.label, base: null, draftId: null, draftTitle: null }
            : {
                text: printDoc(newWorkflowDocument()),
                label: 'a new workflow (nothing was handed over)',
                base: null,
                draftId: null,
                draftTitle: null,
              }),
      );
    } else if (source.kind === 'new') {
      setLocal(
        (prev) => prev ?? { text: printDoc(newWorkflowDocument()), label: 'a new workflow', base: null, draftId: null, draftTitle: null },
      );
    }
    // Each source is read once per mount: a handed-over document is consumed by reading it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  switch (source.kind) {
    case 'handover':
    case 'new':
      return { loaded: local, error: null };
    case 'saved': {
      if (saved.isError) return { loaded: null, error: errorMessage(saved.error) };
      if (saved.data === null) return { loaded: null, error: `No saved workflow ${source.workflowId} v${source.version}.` };
      if (!saved.data) return { loaded: null, error: null };
      const d = saved.data;
      return {
        loaded: {
          text: printDoc(d.document as Record<string, unknown>),
          label: `saved ${d.name} v${d.version}`,
          base: { workflow_id: d.workflowId, version: d.version },
          draftId: null,
          draftTitle: null,
        },
        error: null,
      };
    }
    case 'draft': {
      if (draft.isError) return { loaded: null, error: errorMessage(draft.error) };
      if (!draft.data) return { loaded: null, error: null };
      const d = draft.data;
      return {
        loaded: { text: d.text, label: `draft ${d.title || 'Untitled draft'}`, base: d.base, draftId: d.id, draftTitle: d.title },
        error: null,
      };
    }
    case 'example': {
      if (examples.isError) return { loaded: null, error: errorMessage(examples.error) };
      if (!examples.data) return { loaded: null, error: null };
      const e = examples.data.find((x) => x.file === source.file);
      if (!e) return { loaded: null, error: `No example ${source.file}.` };
      if (e.document === null) return { loaded: null, error: `${e.file} is not JSON: ${e.parseError}` };
      return {
        loaded: {
          text: printDoc(e.document as Record<string, unknown>),
          label: `example ${e.file}`,
          base: null,
          draftId: null,
          draftTitle: null,
        },
        error: null,
      };
    }
  }
}
