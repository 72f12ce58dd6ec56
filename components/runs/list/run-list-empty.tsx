import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

/**
 * No run to show: none at all yet, none matching the filter, or none among the newest runs the
 * server examined so far (`searchedAll` false: "Search further back" follows below).
 */
export function RunListEmpty({
  filtered,
  searchedAll,
  canRun,
  onClear,
}: {
  filtered: boolean;
  searchedAll: boolean;
  canRun: boolean;
  onClear: () => void;
}) {
  if (!searchedAll)
    return <EmptyState title="No matching run among the newest runs.">Older runs may still match: search further back.</EmptyState>;
  if (filtered) {
    return (
      <EmptyState title="No run matches these filters.">
        <Button variant="ghost" className="mt-1" onClick={onClear}>
          Clear filters
        </Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No workflow has run yet.">
      {canRun ? (
        <>
          Start one from the{' '}
          <Link href="/workflows" className="font-medium text-indigo-700 underline underline-offset-2">
            Workflows
          </Link>{' '}
          page or ask the Planner in the chat.
        </>
      ) : (
        'Runs appear here as soon as someone starts one.'
      )}
    </EmptyState>
  );
}
