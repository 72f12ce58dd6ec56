'use client';
import { ukTime } from '@/lib/uk-time';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { editorHref } from '@/components/workflows/editor-links';
import { canRedo, canUndo } from '../model/history';
import { SaveVersionDialog } from '../dialogs/save-version-dialog';
import { RunDialog } from '../dialogs/run-dialog';
import type { EditorAction, EditorState } from '../state/editor-reducer';
import { docMark, editorText, hasText, type TextMark } from '../state/editor-text';
import type { LoadedSource } from '../state/use-editor-source';
import type { useDocValidation } from '../state/use-doc-validation';
import type { EditorPermissions } from '../workflow-editor';
import { compareLink } from './compare-link';
import { useDraftSaving } from './use-draft-saving';
import { ValidityBadge } from './validity-badge';
import { validityOf, type Validity } from '../state/validity';
import { ShortcutsHelp } from './shortcuts-help';
import { downloadName, downloadText } from './download-json';

type Props = {
  source: LoadedSource;
  state: EditorState;
  validation: ReturnType<typeof useDocValidation>;
  permissions: EditorPermissions;
  canvas: { dispatch(a: EditorAction): void; undo(): void; redo(): void };
  autoLayout: boolean;
  onAutoLayout(v: boolean): void;
  onTidy(): void;
  jsonBeside: boolean;
  onJsonBeside(v: boolean): void;
  layoutPending: boolean;
};

const LINK = 'rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/** Why "Save version…" is disabled, by what the editor says of the document (state/validity.ts). */
const CANNOT_SAVE: Record<Validity, string | null> = {
  syntax: 'The JSON does not parse.',
  checking: 'Checking the workflow…',
  unchecked: 'The workflow could not be checked: check it again first (keep it as a draft meanwhile).',
  invalid: 'Fix the problems first: only a valid workflow can be saved as a version (keep it as a draft meanwhile).',
  valid: null,
};

/**
 * The editor's toolbar: what is open (name, version, where it came from, unsaved changes), its
 * validity, undo/redo, layout, and by role: save a draft, save a version, run, compare.
 */
export function EditorToolbar({
  source,
  state,
  validation,
  permissions,
  canvas,
  autoLayout,
  onAutoLayout,
  onTidy,
  jsonBeside,
  onJsonBeside,
  layoutPending,
}: Props) {
  const doc = state.history.present;
  const dirty = !hasText(state, state.baseline);
  const [dialog, setDialog] = useState<'save' | 'run' | null>(null);
  // The saved version the editor's text is exactly (a run can then start it by id).
  // (The editor's first baseline is the mark of the loaded text.)
  const [version, setVersion] = useState<{ ref: { workflow_id: string; version: string }; mark: TextMark } | null>(
    source.base && source.draftId === null ? { ref: source.base, mark: state.baseline } : null,
  );
  const drafts = useDraftSaving(source, state);
  // Where the document now comes from once saved as a version here (the header said "From draft …").
  const [savedLabel, setSavedLabel] = useState<string | null>(null);
  // Compare… shows what the open saved version changed: the version before it against it.
  const compareFrom = version?.ref ?? source.base;
  const trpc = useTRPC();
  const savedVersions = useQuery({ ...trpc.graph.savedWorkflows.queryOptions(), enabled: !!compareFrom });
  const savedRef = version && hasText(state, version.mark) ? version.ref : null;
  const name = typeof doc.workflow_name === 'string' && doc.workflow_name ? doc.workflow_name : 'Untitled workflow';
  const cannotSave = CANNOT_SAVE[validityOf({ syntaxError: state.syntaxError, ...validation })];

  return (
    <header
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2"
      data-testid="editor-toolbar"
    >
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm">
          <Link href="/workflows" className="text-slate-500 hover:text-slate-800">
            Workflows
          </Link>
          <span className="text-slate-300">/</span>
          <span className="truncate font-semibold text-slate-900" data-testid="editor-title">
            {name}
          </span>
          {typeof doc.version === 'string' && <span className="font-mono text-xs text-slate-500">v{doc.version}</span>}
          {dirty && <Badge tone="warn">unsaved changes</Badge>}
        </p>
        <p className="text-xs text-slate-500">
          From {savedLabel ?? (drafts.draftId && source.draftId === null ? `draft ${drafts.title}` : source.label)}
          {drafts.savedAt && <> · draft saved {ukTime(drafts.savedAt)}</>}
        </p>
      </div>
      <ValidityBadge syntaxError={state.syntaxError} validation={validation} />
      <div className="flex items-center gap-1" role="group" aria-label="History and layout">
        <Button
          variant="ghost"
          onClick={canvas.undo}
          disabled={!canUndo(state.history)}
          aria-keyshortcuts="Control+Z"
          title="Undo (Ctrl+Z)"
        >
          Undo
        </Button>
        <Button
          variant="ghost"
          onClick={canvas.redo}
          disabled={!canRedo(state.history)}
          aria-keyshortcuts="Control+Shift+Z"
          title="Redo (Ctrl+Shift+Z)"
        >
          Redo
        </Button>
        <label
          className="ml-2 flex items-center gap-1.5 text-sm text-slate-700"
          title="Lay the graph out again after every change that moves or adds a box"
        >
          <input type="checkbox" checked={autoLayout} onChange={(e) => onAutoLayout(e.target.checked)} /> Auto-layout
        </label>
        <Button variant="ghost" onClick={onTidy} title="Lay out now with ELK">
          {layoutPending ? 'Laying out…' : 'Tidy up'}
        </Button>
        <label className="ml-2 flex items-center gap-1.5 text-sm text-slate-700">
          <input type="checkbox" checked={jsonBeside} onChange={(e) => onJsonBeside(e.target.checked)} /> JSON beside
        </label>
        <ShortcutsHelp />
      </div>
      <div className="ml-auto flex items-center gap-2">
        {compareFrom && (
          <Link className={LINK} href={compareLink(compareFrom, savedVersions.data ?? [])}>
            Compare…
          </Link>
        )}
        <Button
          variant="ghost"
          onClick={() => downloadText(editorText(state), downloadName(doc))}
          title="Download the JSON as it is in the editor"
        >
          Download
        </Button>
        {permissions.canEdit && (
          <Button
            onClick={() => void drafts.save().then(() => canvas.dispatch({ type: 'saved' }))}
            disabled={drafts.saving}
            title="Keep this document as a draft (any state, valid or not)"
          >
            {drafts.saving ? 'Saving draft…' : 'Save draft'}
          </Button>
        )}
        {permissions.canEdit && (
          <Button variant="primary" onClick={() => setDialog('save')} disabled={!!cannotSave} title={cannotSave ?? 'Save as a new version'}>
            Save version…
          </Button>
        )}
        {permissions.canRun && (
          <Button
            onClick={() => setDialog('run')}
            disabled={!!cannotSave}
            title={cannotSave ? cannotSave.replace('saved as a version', 'run') : 'Run this workflow'}
          >
            Run…
          </Button>
        )}
      </div>
      {drafts.error && (
        <p role="alert" className="basis-full text-sm text-red-700">
          The draft was not saved: {drafts.error}
        </p>
      )}
      {drafts.retireError && (
        <p role="alert" className="basis-full text-sm text-red-700">
          The version is saved, but its draft could not be deleted (delete it from the drafts list): {drafts.retireError}
        </p>
      )}
      {dialog === 'save' && (
        <SaveVersionDialog
          open
          onClose={() => setDialog(null)}
          doc={doc}
          // The version this document was last saved as here (its lineage parent, and what a bump is measured from).
          base={version?.ref ?? source.base}
          onSaved={(saved, ref) => {
            canvas.dispatch({ type: 'edit', result: { ok: true, doc: saved } });
            canvas.dispatch({ type: 'saved' });
            setVersion({ ref, mark: docMark(saved) });
            setSavedLabel(`saved ${typeof saved.workflow_name === 'string' ? saved.workflow_name : ref.workflow_id} v${ref.version}`);
            void drafts.retire();
            setDialog(null);
            window.history.replaceState(null, '', editorHref({ kind: 'saved', workflowId: ref.workflow_id, version: ref.version }));
          }}
        />
      )}
      {dialog === 'run' && <RunDialog open onClose={() => setDialog(null)} doc={doc} saved={savedRef} canTestRun={permissions.canEdit} />}
    </header>
  );
}
