'use client';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { FeedbackText, type Feedback } from '@/components/runs/list/feedback-text';
import { describeQaFilter, sameQaFilter, type QaFilter } from './queue-query';
import { SaveQaFilterForm } from './save-filter-form';
import type { SavedQaFilter } from '../types';

const CHIP = 'rounded-l-full py-1 pr-1.5 pl-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-500';

/** One saved filter: its name applies it (pressed when it is the queue's filter), × deletes it. */
function SavedChip({ saved, active, busy, onApply, onDelete }: {
  saved: SavedQaFilter; active: boolean; busy: boolean; onApply: () => void; onDelete: () => void;
}) {
  const tone = active ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50';
  return (
    <li className={`inline-flex items-center rounded-full ring-1 ring-inset ${active ? 'ring-indigo-600' : 'ring-slate-300'}`}
      data-testid="qa-saved-filter">
      <button type="button" className={`${CHIP} ${tone}`} aria-pressed={active} title={describeQaFilter(saved.filter)} onClick={onApply}>
        {saved.name}
      </button>
      <button type="button" className={`rounded-r-full py-1 pr-2.5 pl-1 text-xs ${tone} disabled:opacity-50`}
        aria-label={`Delete saved filter ${saved.name}`} title="Delete" disabled={busy} onClick={onDelete}>
        ×
      </button>
    </li>
  );
}

/**
 * The signed-in user's saved queue filters (qa.savedFilters; every role keeps its own): apply one
 * with a click, save the current filter under a name, delete one. Outcomes are announced; failures
 * say why. The sort is not part of a saved filter.
 */
export function QaSavedFilters({ filter, onApply }: { filter: QaFilter; onApply: (f: QaFilter) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.qa.savedFilters.list.queryOptions());
  const [naming, setNaming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.qa.savedFilters.list.queryKey() });
  const nameOf = (id: string) => list.data?.find((s) => s.id === id)?.name ?? 'the filter';
  const remove = useMutation(
    trpc.qa.savedFilters.delete.mutationOptions({
      onSuccess: (r, { id }) => setFeedback(r.deleted
        ? { ok: true, text: `Deleted “${nameOf(id)}”.` }
        : { ok: false, text: `“${nameOf(id)}” was already deleted.` }),
      onError: (err, { id }) => setFeedback({ ok: false, text: `Could not delete “${nameOf(id)}”: ${errorMessage(err)}` }),
      onSettled: () => void refresh(),
    }),
  );
  const saved = list.data ?? [];

  return (
    <section aria-label="Saved filters" className="text-sm" data-testid="qa-saved-filters">
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
              <SavedChip key={s.id} saved={s} active={sameQaFilter(s.filter, filter)} busy={remove.isPending}
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
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => {
              setFeedback(null);
              setNaming(true);
            }}>
            Save current filter…
          </Button>
        )}
        <FeedbackText feedback={feedback} />
      </div>
      {naming && (
        <SaveQaFilterForm
          filter={filter}
          summary={describeQaFilter(filter)}
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
