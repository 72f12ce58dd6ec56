'use client';
import { useState, type FormEvent } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';

/**
 * How one page's save form looks: `testId` names the form, `inputId` its name field (the label
 * points at it, so it must be unique on the page); `inputWidth` (a width class) and `placeholder`
 * fit the field to the page's filters.
 */
export type SaveFormLook = { testId: string; inputId: string; inputWidth: string; placeholder: string };

/**
 * Names the current filter and saves it with `save` (a `<list>.savedFilters.save` mutation's
 * options, whose `onSuccess` closes the form and announces the saved name). A name already in
 * use is replaced — the form says so before it happens. A refusal is shown in the form, which
 * stays open with the name typed. `summary` describes `filter`; `takenNames` are the names in use.
 */
export function SaveFilterForm<F, R, E>({
  filter,
  summary,
  takenNames,
  onClose,
  save: options,
  look,
}: {
  filter: F;
  summary: string;
  takenNames: readonly string[];
  onClose: () => void;
  save: UseMutationOptions<R, E, { name: string; filter: F }>;
  look: SaveFormLook;
}) {
  const { testId, inputId, inputWidth, placeholder } = look;
  const [name, setName] = useState('');
  const save = useMutation(options);
  const trimmed = name.trim();
  const replaces = takenNames.includes(trimmed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed) save.mutate({ name: trimmed, filter });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Save the current filter"
      data-testid={testId}
      className="mt-2 space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-xs font-medium text-slate-600" htmlFor={inputId}>
          Name
        </label>
        <input
          id={inputId}
          className={`${FIELD} ${inputWidth}`}
          value={name}
          maxLength={80}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          placeholder={placeholder}
        />
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
