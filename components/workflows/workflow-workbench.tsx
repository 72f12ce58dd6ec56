'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { CompiledMeta } from './compiled-meta';
import { findingMarks, pinFor, resolvePointer } from './editor-pins';
import { IssueList } from './issue-list';
import { JsonEditor, type JsonEditorHandle } from './json-editor';
import { LocationBar } from './location-bar';
import { takeDraft } from './open-in-editor';
import { readWorkflowFile } from './read-workflow-file';
import type { ExampleWorkflow, Finding } from './types';
import { useWorkflowValidation } from './use-workflow-validation';
import { ValidationStatus } from './validation-status';
import { WorkflowToolbar } from './workflow-toolbar';

const EDITOR_ID = 'workflow-json';

/**
 * The Workflows page: a JSON editor fed by paste, file (picker or drop) or an example; local
 * syntax checking; `validate_workflow` with every finding pinned to its JSON pointer; and the
 * compiled control-plane meta of a valid workflow.
 */
export function WorkflowWorkbench() {
  const v = useWorkflowValidation();
  const editor = useRef<JsonEditorHandle>(null);
  const [selected, setSelected] = useState<Finding | null>(null);
  const [origin, setOrigin] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const replaceDocument = (text: string, from: string | null) => {
    v.edit(text);
    setOrigin(from);
    setSelected(null);
    setFileError(null);
  };
  const openFile = async (file: File) => {
    const read = await readWorkflowFile(file);
    if (read.ok) replaceDocument(read.text, `file ${file.name}`);
    else setFileError(read.message);
  };
  // Opened from elsewhere: a saved version (?workflow=&version=) or a handed-over draft (?draft=1).
  const params = useSearchParams();
  const trpc = useTRPC();
  const wanted = params.get('workflow') && params.get('version') ? { workflow_id: params.get('workflow')!, version: params.get('version')! } : null;
  const saved = useQuery({ ...trpc.graph.savedWorkflow.queryOptions(wanted ?? { workflow_id: '', version: '' }), enabled: !!wanted });
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const key = wanted ? `${wanted.workflow_id}@${wanted.version}` : params.get('draft') ? 'draft' : null;
    if (!key || opened.current === key) return;
    if (key === 'draft') {
      opened.current = key;
      const draft = takeDraft();
      if (draft) replaceDocument(draft.text, draft.label);
    } else if (saved.data) {
      opened.current = key;
      replaceDocument(JSON.stringify(saved.data.document, null, 2) + '\n', `saved ${saved.data.name} v${saved.data.version}`);
    } else if (saved.data === null) {
      opened.current = key;
      setFileError(`No saved workflow ${key}.`);
    }
    // replaceDocument is stable in effect (it only sets state)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, saved.data]);
  const loadExample = (e: ExampleWorkflow) => replaceDocument(e.document === null ? '' : JSON.stringify(e.document, null, 2) + '\n', `example ${e.file}`);

  const marks = useMemo(() => findingMarks(v.text, v.parsed, v.findings), [v.text, v.parsed, v.findings]);
  const { pin, highlight } = pinFor(v.text, v.parsed, v.syntaxError, selected);
  const selectFinding = (f: Finding) => {
    setSelected(f);
    const r = resolvePointer(v.text, v.parsed, f.path);
    if (r) editor.current?.reveal(r.reveal.start, r.reveal.end, r.reveal.line);
  };
  const revealSyntax = () => {
    const err = v.parsed && !v.parsed.ok ? v.parsed.error : null;
    if (err) editor.current?.reveal(err.offset, err.offset, err.line);
  };
  const validate = () => {
    if (!v.validateNow()) revealSyntax();
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 space-y-3">
          <WorkflowToolbar
            onLoadExample={loadExample}
            onOpenFile={(f) => void openFile(f)}
            onFormat={() => v.parsed?.ok && v.edit(JSON.stringify(v.parsed.value, null, 2) + '\n')}
            onClear={() => replaceDocument('', null)}
            canFormat={!!v.parsed?.ok}
            canClear={v.text.length > 0}
          />
          {fileError && <ErrorState title="File not loaded" message={fileError} />}
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={EDITOR_ID} className="text-sm font-medium">
              Workflow JSON
            </label>
            <span className="text-xs text-slate-500">
              {origin ? `From ${origin}${v.text ? ' · ' : ''}` : ''}
              {v.text ? `${v.text.split('\n').length} lines` : ''}
            </span>
          </div>
          <LocationBar pin={pin} />
          <div
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                validate();
              }
            }}
          >
            <JsonEditor ref={editor} id={EDITOR_ID} value={v.text} onChange={v.edit} highlight={highlight} marks={marks} onFileDrop={(f) => void openFile(f)} />
          </div>
        </div>

        <Panel
          title="Validation"
          actions={
            <>
              <label className="flex items-center gap-1.5 text-xs text-slate-600">
                <input type="checkbox" checked={v.autoValidate} onChange={(e) => v.setAutoValidate(e.target.checked)} className="accent-indigo-600" />
                As I type
              </label>
              <Button variant="primary" onClick={validate} disabled={!v.parsed} title="Validate (Ctrl+Enter in the editor)">
                Validate
              </Button>
            </>
          }
          className="self-start xl:sticky xl:top-6"
        >
          <div className="space-y-4">
            <ValidationStatus v={v} onRevealSyntax={revealSyntax} />
            <div className="max-h-[28rem] overflow-y-auto pr-1">
              <IssueList
                findings={v.findings}
                selectedKey={selected?.key ?? null}
                place={(p) => resolvePointer(v.text, v.parsed, p)}
                onSelect={selectFinding}
              />
            </div>
          </div>
        </Panel>
      </div>

      {v.report?.valid && !v.validation.isPlaceholderData && (
        <Panel title="Compiled control plane" id="compiled">
          {v.compile.isPending ? (
            <LoadingState label="Compiling the control-plane meta…" />
          ) : v.compile.isError ? (
            <ErrorState title="Compilation request failed" message={errorMessage(v.compile.error)} onRetry={() => void v.compile.refetch()} />
          ) : v.compile.data?.meta ? (
            <CompiledMeta meta={v.compile.data.meta} />
          ) : (
            <ErrorState title="No meta document" message="The server found the workflow invalid when compiling it; validate again." />
          )}
        </Panel>
      )}
    </div>
  );
}
