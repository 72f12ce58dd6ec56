'use client';
import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { FeedbackText, type Feedback } from '@/components/ui/feedback-text';
import { SaveFilterForm, type SaveFormLook } from './save-filter-form';

/** One saved filter as `<list>.savedFilters.list` returns it (extra fields are ignored). */
export type SavedFilterRow<F> = { id: string; name: string; filter: F };

/** The part of a `<list>.savedFilters.list` query result the list reads (a `useQuery` result fits). */
export type SavedFilterQuery<F> = {
  data: readonly SavedFilterRow<F>[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type DeleteResult = { deleted: boolean };
type DeleteOptions<E> = UseMutationOptions<DeleteResult, E, { id: string }>;
/**
 * The callbacks the list puts on the delete mutation (feedback and a refresh of the list). They
 * take any error, so they fit a procedure's own options whatever its error type.
 */
export type DeleteCallbacks = Pick<DeleteOptions<unknown>, 'onSuccess' | 'onError' | 'onSettled'>;
/** The callback the list puts on the save mutation: it gets the saved row (its name is announced). */
export type SaveCallbacks = { onSuccess: (row: { name: string }) => void };

const CHIP = 'rounded-l-full py-1 pr-1.5 pl-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-500';

/** One saved filter: its name applies it (pressed when it is the current filter), × deletes it. */
function SavedChip({
  name,
  active,
  summary,
  busy,
  testId,
  onApply,
  onDelete,
}: {
  name: string;
  active: boolean;
  summary: string;
  busy: boolean;
  testId: string;
  onApply: () => void;
  onDelete: () => void;
}) {
  const tone = active ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50';
  return (
    <li
      className={`inline-flex items-center rounded-full ring-1 ring-inset ${active ? 'ring-indigo-600' : 'ring-slate-300'}`}
      data-testid={testId}
    >
      <button type="button" className={`${CHIP} ${tone}`} aria-pressed={active} title={summary} onClick={onApply}>
        {name}
      </button>
      <button
        type="button"
        className={`rounded-r-full py-1 pr-2.5 pl-1 text-xs ${tone} disabled:opacity-50`}
        aria-label={`Delete saved filter ${name}`}
        title="Delete"
        disabled={busy}
        onClick={onDelete}
      >
        ×
      </button>
    </li>
  );
}

/**
 * The signed-in user's saved filters of one list (a `savedFiltersRouter` of the server): apply one
 * with a click, save the current filter under a name, delete one. Each outcome is announced;
 * failures say why.
 *
 * Contract: `list` is the page's `savedFilters.list` query and `listKey` its key (invalidated after
 * a save or a delete); `remove` and `save` build the `savedFilters.delete` and `.save` mutations'
 * options around the callbacks given. `describe` is a filter's one-line summary (chip title, save
 * form), `same` tells the chip matching `filter` (pressed). `testIds.list` names the section,
 * `testIds.chip` each saved filter; `form` is how the save form looks.
 */
export function SavedFilterList<F, E, R, SE>(props: {
  filter: F;
  onApply: (f: F) => void;
  describe: (f: F) => string;
  same: (a: F, b: F) => boolean;
  list: SavedFilterQuery<F>;
  listKey: QueryKey;
  remove: (callbacks: DeleteCallbacks) => DeleteOptions<E>;
  save: (callbacks: SaveCallbacks) => UseMutationOptions<R, SE, { name: string; filter: F }>;
  testIds: { list: string; chip: string };
  form: SaveFormLook;
}) {
  const { filter, onApply, describe, same, list, listKey, testIds } = props;
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const nameOf = (id: string) => list.data?.find((s) => s.id === id)?.name ?? 'the filter';
  const remove = useMutation(
    props.remove({
      onSuccess: (r, { id }) =>
        setFeedback(
          r.deleted ? { ok: true, text: `Deleted “${nameOf(id)}”.` } : { ok: false, text: `“${nameOf(id)}” was already deleted.` },
        ),
      onError: (err, { id }) => setFeedback({ ok: false, text: `Could not delete “${nameOf(id)}”: ${errorMessage(err)}` }),
      onSettled: () => void refresh(),
    }),
  );
  const saved = list.data ?? [];

  return (
    <section aria-label="Saved filters" className="text-sm" data-testid={testIds.list}>
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
                name={s.name}
                active={same(s.filter, filter)}
                summary={describe(s.filter)}
                busy={remove.isPending}
                testId={testIds.chip}
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
          summary={describe(filter)}
          takenNames={saved.map((s) => s.name)}
          onClose={() => setNaming(false)}
          save={props.save({
            onSuccess: ({ name }) => {
              setNaming(false);
              setFeedback({ ok: true, text: `Saved “${name}”.` });
              void refresh();
            },
          })}
          look={props.form}
        />
      )}
    </section>
  );
}
