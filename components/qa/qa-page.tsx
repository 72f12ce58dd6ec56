'use client';
import { TabList } from '@/components/ui/tab-list';
import { AgreementPanel } from './agreement-panel';
import { ClockNote } from './clock-note';
import { QaQueue } from './queue/qa-queue';
import type { QaTab } from './queue/queue-query';
import { useQueueQuery } from './queue/use-queue-query';

const TABS: ReadonlyArray<{ id: QaTab; label: string }> = [
  { id: 'queue', label: 'Queue' },
  { id: 'agreement', label: 'Agreement with the AI' },
];

/**
 * The QA page (`/qa`): which clock the dates come from, then the queue of analysed calls or the
 * agreement between reviewers and the AI. The tab, filter and sort live in the address.
 */
export function QaPage() {
  const { query, ignored, setFilter, updateFilter, patch } = useQueueQuery();
  return (
    <>
      <ClockNote />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <TabList tabs={TABS} tab={query.tab} onTab={(tab) => patch({ tab })} label="QA review" idPrefix="qa" />
        <div role="tabpanel" id={`qa-panel-${query.tab}`} aria-labelledby={`qa-tab-${query.tab}`} className="p-4">
          {query.tab === 'queue' ? (
            <QaQueue query={query} ignored={ignored} onFilter={setFilter} onPatchFilter={updateFilter} onSort={(sort) => patch({ sort })} />
          ) : (
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <AgreementPanel />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
