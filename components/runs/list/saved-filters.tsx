'use client';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { FeedbackText, type Feedback } from './feedback-text';
import { describeFilter, sameFilter, type RunListFilter } from './run-filter';
import { SaveFilterForm } from './save-filter-form';
import type { SavedRunFilter } from './types';


const CHIP = 'rounded-l-full py-1 pr-1.5 pl-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-500';

/** One saved filter: its name applies it (pressed when it is the list's filter), × deletes it. */
function SavedChip({ saved, active, summary, busy, onApply, onDelete }: { saved: SavedRunFilter; active: boolean; summary: string; busy: boolean; onApply: () => void; onDelete: () => void }) {
  const tone = active ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50';
  return (
    <li className={`inline-flex items-center rounded-full ring-1 ring-inset ${active ? 'ring-indigo-600' : 'ring-slate-300'}`} data-testid="saved-filter">
      <button type="button" className={`${CHIP} ${tone}`} aria-pressed={active} title={summary} onClick={onApply}>
        {saved.name}
      </button>
      <button type="button" className={`rounded-r-full py-1 pr-2.5 pl-1 text-xs ${tone} disabled:opacity-50`} aria-label={`Delete saved filter ${saved.name}`} title="Delete" disabled={busy} onClick={onDelete}>
        ×
      </button>
    </li>
  );
}

/**
 * The signed-in user's saved run filters (runs.savedFilters): apply one with a click, save the
 * current filter under a name, delete one. Each outcome is announced; failures say why.
 */
export function SavedFilters({ filter, onApply, workflowName }: { filter: RunListFilter; onApply: (f: RunListFilter) => void; workflowName: (id: string) => string | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.runs.savedFilters.list.queryOptions());
  const [naming, setNaming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.runs.savedFilters.list.queryKey() });
  const nameOf = (id: string) => list.data?.find((s) => s.id === id)?.name ?? 'the filter';
  const remove = useMutation(
    trpc.runs.savedFilters.delete.mutationOptions({
      onSuccess: (r, { id }) => setFeedback(r.deleted ? { ok: true, text: `Deleted “${nameOf(id)}”.` } : { ok: false, text: `“${nameOf(id)}” was already deleted.` }),
      onError: (err, { id }) => setFeedback({ ok: false, text: `Could not delete “${nameOf(id)}”: ${errorMessage(err)}` }),
      onSettled: () => void refresh(),
    }),
  );
  const saved = list.data ?? [];

  return (
    <section aria-label="Saved filters" className="text-sm" data-testid="saved-filters">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-slate-600">Saved filters</span>
        {list.isPending ? (
          <span className="text-xs text-slate-500">Loading…</span>
        ) : list.isError ? (
          <span role="alert" className="text-xs text-red-700">
            Could not load them: {errorMessage(list.error)}{' '}
            <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </span>
        ) : saved.length === 0 ? (
          <span className="text-xs text-slate-500">None yet.</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {saved.map((s) => (
              <SavedChip
                key={s.id}
                saved={s}
                active={sameFilter(s.filter, filter)}
                summary={describeFilter(s.filter, workflowName)}
                busy={remove.isPending}
                onApply={() => {
                  setFeedback(null);
                  onApply(s.filter);
                }}
                onDelete={() => remove.mutate({ id: s.id })}
              />
            ))}
          </ul>
        )}
        {!naming && (
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            onClick={() => {
              setFeedback(null);
              setNaming(true);
            }}
          >
            Save current filter…
          </Button>
        )}
        <FeedbackText feedback={feedback} />
      </div>
      {naming && (
        <SaveFilterForm
          filter={filter}
          summary={describeFilter(filter, workflowName)}
          takenNames={saved.map((s) => s.name)}
          onClose={() => setNaming(false)}
          onSaved={(name) => {
            setNaming(false);
            setFeedback({ ok: true, text: `Saved “${name}”.` });
            void refresh();
          }}
        />
      )}
    </section>
  );
}
