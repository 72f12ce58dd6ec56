'use client';
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { editorSourceOf } from '@/components/workflows/editor-links';
import { againstOf } from './compare/compare-link';
import { useEditorSource } from './state/use-editor-source';
import { WorkflowEditor, type EditorPermissions } from './workflow-editor';

/**
 * The editor route's client side: reads where the document comes from once (later address-bar
 * updates — a draft's id, a saved version — must not reload the document under the user), loads
 * it, then hands it to the editor, with the saved version to compare it with when the address names one.
 */
export function EditorPage({ permissions }: { permissions: EditorPermissions }) {
  const params = useSearchParams();
  const [source] = useState(() => editorSourceOf(params));
  // `?against=<id>@<version>`: the saved version to compare the document with while it is edited.
  const [against] = useState(() => againstOf(params));
  const { loaded, error } = useEditorSource(source);
  if (error) return <ErrorState title="The workflow could not be opened" message={error} />;
  if (!loaded) return <LoadingState label="Opening the workflow…" />;
  return <WorkflowEditor source={loaded} permissions={permissions} against={against} />;
}
