'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { SavedFilterList } from '@/components/ui/saved-filters/saved-filter-list';
import { describeQaFilter, sameQaFilter, type QaFilter } from './queue-query';

/** The queue's test ids and save form (the run list's differ). */
const IDS = { list: 'qa-saved-filters', chip: 'qa-saved-filter' };
const FORM = {
  testId: 'qa-save-filter-form',
  inputId: 'qa-saved-filter-name',
  inputWidth: 'w-64',
  placeholder: 'e.g. Unreviewed mandatory failures',
};

/**
 * The signed-in user's saved queue filters (qa.savedFilters; every role keeps its own): apply one
 * with a click, save the current filter under a name (a name in use is replaced, as the form says
 * first), delete one. Outcomes are announced; failures say why. The sort is not part of a saved filter.
 */
export function QaSavedFilters({ filter, onApply }: { filter: QaFilter; onApply: (f: QaFilter) => void }) {
  const { list, delete: remove, save } = useTRPC().qa.savedFilters;
  const rows = useQuery(list.queryOptions());
  return (
    <SavedFilterList
      filter={filter}
      onApply={onApply}
      describe={describeQaFilter}
      same={sameQaFilter}
      list={rows}
      listKey={list.queryKey()}
      testIds={IDS}
      form={FORM}
      remove={(callbacks) => remove.mutationOptions(callbacks)}
      save={(callbacks) => save.mutationOptions(callbacks)}
    />
  );
}
