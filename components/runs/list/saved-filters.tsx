'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { SavedFilterList } from '@/components/ui/saved-filters/saved-filter-list';
import { describeFilter, sameFilter, type RunListFilter } from './run-filter';

/** The run list's test ids and save form (the QA queue's differ). */
const IDS = { list: 'saved-filters', chip: 'saved-filter' };
const FORM = { testId: 'save-filter-form', inputId: 'saved-filter-name', inputWidth: 'w-56', placeholder: 'e.g. Failed runs this week' };

/**
 * The signed-in user's saved run filters (runs.savedFilters): apply one with a click, save the
 * current filter under a name (a name in use is replaced, as the form says first), delete one.
 * Each outcome is announced; failures say why. Workflow ids in a filter's summary are named with
 * `workflowName` where it knows them.
 */
export function SavedFilters({
  filter,
  onApply,
  workflowName,
}: {
  filter: RunListFilter;
  onApply: (f: RunListFilter) => void;
  workflowName: (id: string) => string | undefined;
}) {
  const { list, delete: remove, save } = useTRPC().runs.savedFilters;
  const rows = useQuery(list.queryOptions());
  return (
    <SavedFilterList
      filter={filter}
      onApply={onApply}
      describe={(f) => describeFilter(f, workflowName)}
      same={sameFilter}
      list={rows}
      listKey={list.queryKey()}
      testIds={IDS}
      form={FORM}
      remove={(callbacks) => remove.mutationOptions(callbacks)}
      save={(callbacks) => save.mutationOptions(callbacks)}
    />
  );
}
