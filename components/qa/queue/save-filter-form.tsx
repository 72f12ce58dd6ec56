'use client';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { QaFilter } from './queue-query';

/**
 * Names the queue's current filter and saves it (qa.savedFilters.save), as the run list's form
 * does. A name already in use is replaced — the form says so first. A refusal is shown in the
 * form, which stays open with the name typed.
 */
export function SaveQaFilterForm({ filter, summary, takenNames, onSaved, onClose }: {
  filter: QaFilter; summary: string; takenNames: readonly string[]; onSaved: (name: string) => void; onClose: () => void;
}) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const save = useMutation(trpc.qa.savedFilters.save.mutationOptions({ onSuccess: (row) => onSaved(row.name) }));
  const trimmed = name.trim();
  const replaces = takenNames.includes(trimmed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed) save.mutate({ name: trimmed, filter });
  };
  return (
    <form onSubmit={submit} aria-label="Save the current filter" data-testid="qa-save-filter-form"
      className="mt-2 space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-xs font-medium text-slate-600" htmlFor="qa-saved-filter-name">
          Name
        </label>
        <input id="qa-saved-filter-name" className={`${FIELD} w-64`} value={name} maxLength={80} autoFocus
          onChange={(e) => setName(e.target.value)} placeholder="e.g. Unreviewed mandatory failures" />
        <Button type="submit" variant="primary" disabled={!trimmed || save.isPending}>
          {save.isPending ? 'Saving…' : replaces ? 'Replace' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        Saves: <span className="font-medium">{summary}</span>
        {replaces && <span className="text-amber-800"> — replaces your saved filter “{trimmed}”.</span>}
      </p>
      {save.isError && (
        <p role="alert" className="text-xs text-red-700">
          Could not save the filter: {errorMessage(save.error)}
        </p>
      )}
    </form>
  );
}
