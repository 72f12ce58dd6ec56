'use client';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { SortableHead, type QueueColumn } from '@/components/qa/queue/sortable-head';
import { nextSort, type QaSort } from '@/components/qa/queue/queue-query';
import { qaDetailHref } from '@/components/qa/queue/links';
import { scoreText, scoreTone, TONE_TEXT } from '@/components/qa/format';
import type { QaQueueItem } from '@/components/qa/types';
import { ukDateTime } from '@/lib/uk-time';
import { plural } from './format';
import { runQueueHref, runQueueSearch, sortRunCalls } from './run-calls';

const COLUMNS: readonly QueueColumn[] = [
  { label: 'Call' },
  { label: 'Date (UK)', sort: 'call_at' },
  { label: 'Advisor', sort: 'advisor' },
  { label: 'Score', sort: 'score' },
  { label: 'Failed mandatory', sort: 'failed_mandatory' },
  { label: 'Vulnerable' },
];
const CELL = 'px-2.5 py-1.5 align-top';

/**
 * The calls one run analysed, from the QA store: the recording (its link opens the call's QA
 * review, whose way back is the queue of this run), when it was recorded, the advisor, the AI
 * score, how many mandatory rules failed, and the vulnerable-customer flag. Sorted lowest score
 * first (the calls to look at); each sortable heading re-orders it.
 */
type Props = { runId: string; items: readonly QaQueueItem[]; total: number };

export function RunCallsTable({ runId, items, total }: Props) {
  const [sort, setSort] = useState<QaSort>({ by: 'score', dir: 'asc' });
  const rows = useMemo(() => sortRunCalls(items, sort), [items, sort]);
  const back = runQueueSearch(runId);
  return (
    <div data-testid="chat-run-calls">
      <p className="mb-1.5 text-xs font-medium text-slate-600">
        Per call · {plural(total, 'call')} analysed{items.length < total && <> (the first {items.length} shown)</>}
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-xs" data-testid="chat-run-calls-table">
          <caption className="sr-only">Calls of run {runId}; press a column heading to sort</caption>
          <SortableHead columns={COLUMNS} sort={sort} onSort={(by) => setSort((s) => nextSort(s, by))} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((c) => (
              <tr key={c.qa_result_id} data-testid="chat-run-call" data-call-id={c.call_id} data-score={c.score ?? ''}>
                <th scope="row" className={`${CELL} font-normal`}>
                  <Link
                    href={qaDetailHref(c.qa_result_id, back)}
                    className="font-mono text-indigo-700 hover:underline"
                    aria-label={`Open call ${c.call_id} in QA review`}
                  >
                    {c.call_id}
                  </Link>
                  {c.product && <div className="text-slate-500">{c.product}</div>}
                </th>
                <td className={`${CELL} whitespace-nowrap text-slate-700`}>
                  <time dateTime={c.call_at ?? undefined}>{ukDateTime(c.call_at)}</time>
                </td>
                <td className={`${CELL} text-slate-800`}>{c.advisor ?? '—'}</td>
                <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                  <span className={`font-semibold ${TONE_TEXT[scoreTone(c.score, c.max_score)]}`}>{scoreText(c.score)}</span>
                  {c.max_score !== null && <span className="text-slate-500">/{scoreText(c.max_score)}</span>}
                </td>
                <td className={`${CELL} tabular-nums`}>
                  <span className={c.failed_mandatory > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}>{c.failed_mandatory}</span>
                  <div className="whitespace-nowrap text-slate-500" title={c.failed_rule_ids.join(', ') || undefined}>
                    {plural(c.rules_failed, 'rule')} failed in all
                  </div>
                </td>
                <td className={CELL}>{c.vulnerable ? <Badge tone="warn">Vulnerable</Badge> : <span className="text-slate-500">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1.5 text-xs">
        <Link
          href={runQueueHref(runId)}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline"
          data-testid="chat-run-queue"
        >
          Open the {plural(total, 'call')} of this run in the QA queue →
        </Link>
      </p>
    </div>
  );
}
