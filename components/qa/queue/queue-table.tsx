import type { QaQueueItem } from '../types';
import type { QaSort, QaSortBy } from './queue-query';
import { QueueRow } from './queue-row';
import { SortableHead, type QueueColumn } from './sortable-head';

const COLUMNS: readonly QueueColumn[] = [
  { label: 'Advisor', sort: 'advisor' },
  { label: 'Call (UK time)', sort: 'call_at' },
  { label: 'Product' },
  { label: 'Score', sort: 'score' },
  { label: 'Failed mandatory', sort: 'failed_mandatory' },
  { label: 'Vulnerable' },
  { label: 'Review' },
];

/** The queue's calls in the chosen order; a row opens the call's detail. */
export function QueueTable({
  items,
  sort,
  onSort,
  queueSearch,
}: {
  items: readonly QaQueueItem[];
  sort: QaSort;
  onSort: (by: QaSortBy) => void;
  queueSearch: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="qa-table">
        <caption className="sr-only">Analysed calls; press a column heading to sort</caption>
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <QueueRow key={item.qa_result_id} item={item} queueSearch={queueSearch} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
