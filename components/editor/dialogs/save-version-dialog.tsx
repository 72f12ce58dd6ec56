'use client';
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { VersionPart } from '@/lib/semver';
import type { WorkflowDoc } from '../model/types';
import { Dialog } from './dialog';
import { diffWorkflows } from '../model/diff-workflows';
import { defaultBump, planSave, proposedVersion, type SaveMode } from './save-plan';

type Saved = { workflow_id: string; version: string };

/**
 * Save the document as a new version of its workflow (semver bump, change note; VERSION_OF the
 * version it came from) or as a new workflow (REFINEMENT_OF it). Only a valid document can be
 * saved — the button that opens this is disabled otherwise, and the server validates again. The
 * bump proposed is minor when the graph changed since the base version, else patch (defaultBump).
 * `onSaved` gets the saved document, which becomes the editor's document.
 */
export function SaveVersionDialog({
  open,
  onClose,
  doc,
  base,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  doc: WorkflowDoc;
  base: Saved | null;
  onSaved(doc: WorkflowDoc, saved: Saved): void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const all = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const id = typeof doc.workflow_id === 'string' ? doc.workflow_id : '';
  const saved = useMemo(() => (all.data ?? []).filter((r) => r.workflowId === id).map((r) => r.version), [all.data, id]);
  const [mode, setMode] = useState<SaveMode>('version');
  // The bump proposed from what changed since the base version (minor when the graph changed),
  // until the designer picks one.
  const baseDoc = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions({ workflow_id: base?.workflow_id ?? '', version: base?.version ?? '' }),
    enabled: !!base,
    staleTime: Infinity,
  });
  const proposed = useMemo(() => defaultBump(baseDoc.data ? diffWorkflows(baseDoc.data.document, doc) : null), [baseDoc.data, doc]);
  const [picked, setPart] = useState<VersionPart | null>(null);
  const part = picked ?? proposed;
  const [version, setVersion] = useState<string | null>(null);
  const [name, setName] = useState(`${typeof doc.workflow_name === 'string' ? doc.workflow_name : 'Workflow'} (copy)`);
  const [note, setNote] = useState('');
  const save = useMutation(trpc.workflows.save.mutationOptions());
  const shownVersion = version ?? (mode === 'copy' ? '1.0.0' : proposedVersion(doc.version, saved, part));
  const taken = mode === 'version' && saved.includes(shownVersion);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (taken) return;
    const plan = planSave({ doc, mode, version: shownVersion, name, saved, base, newId: crypto.randomUUID(), now: new Date() });
    const r = await save.mutateAsync({
      workflow: plan.doc,
      ...(plan.parent ? { parent: plan.parent } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if (r.status !== 'ok') return;
    await qc.invalidateQueries({ queryKey: trpc.graph.savedWorkflows.queryKey() });
    onSaved(plan.doc, { workflow_id: r.workflow_id, version: r.version });
  };
  const failure = save.data?.status === 'error' ? save.data : null;

  return (
    <Dialog title="Save as a new version" open={open} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Save version">
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Save as</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="save-mode"
              checked={mode === 'version'}
              onChange={() => {
                setMode('version');
                setVersion(null);
              }}
            />
            {saved.length ? (
              <>
                A new version of this workflow (saved: {saved.length} {saved.length === 1 ? 'version' : 'versions'})
              </>
            ) : (
              <>This workflow’s first version</>
            )}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="save-mode"
              checked={mode === 'copy'}
              onChange={() => {
                setMode('copy');
                setVersion(null);
              }}
            />
            A new workflow derived from this one (REFINEMENT_OF)
          </label>
        </fieldset>
        {mode === 'copy' && (
          <div className="space-y-1">
            <label htmlFor="save-name" className="block text-sm font-medium">
              Name of the new workflow
            </label>
            <input id="save-name" className={`${FIELD} w-full`} value={name} onChange={(e) => setName(e.target.value)} required />
          </div>
        )}
        <div className="flex flex-wrap items-end gap-3">
          {mode === 'version' && saved.length > 0 && (
            <fieldset className="flex gap-2 text-sm">
              <legend className="mb-1 text-sm font-medium">Change</legend>
              {(['patch', 'minor', 'major'] as const).map((p) => (
                <label key={p} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name="bump"
                    checked={part === p && version === null}
                    onChange={() => {
                      setPart(p);
                      setVersion(null);
                    }}
                  />
                  {p}
                </label>
              ))}
            </fieldset>
          )}
          <div className="space-y-1">
            <label htmlFor="save-version" className="block text-sm font-medium">
              Version
            </label>
            <input
              id="save-version"
              className={`${FIELD} w-32 font-mono`}
              value={shownVersion}
              onChange={(e) => setVersion(e.target.value)}
              pattern="\d+\.\d+\.\d+"
              required
              aria-invalid={taken}
            />
          </div>
        </div>
        {taken && (
          <p role="alert" className="text-sm text-red-700">
            v{shownVersion} is already saved; a saved version is never overwritten.
          </p>
        )}
        <div className="space-y-1">
          <label htmlFor="save-note" className="block text-sm font-medium">
            Change note
          </label>
          <textarea
            id="save-note"
            rows={3}
            className={`${FIELD} w-full`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="What changed and why"
          />
        </div>
        {failure && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            Not saved: {failure.error}
          </div>
        )}
        {save.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(save.error)}
          </p>
        )}
        <p className="text-xs text-slate-600" data-testid="save-as-draft">
          It is saved as a <strong>draft</strong>: runs by workflow id, the Planner and schedules keep using the published version until a
          workflow designer or admin publishes this one (Versions tab). You can test-run a draft.
        </p>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={save.isPending || taken || all.isPending}>
            {save.isPending ? 'Saving…' : `Save v${shownVersion}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
