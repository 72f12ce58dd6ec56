'use client';
import Link from 'next/link';
import type { MouseEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { ukDateTime } from '@/lib/uk-time';
import { count, scoreText, scoreTone, statusLabel, statusTone, TONE_TEXT } from '../format';
import type { QaQueueItem } from '../types';
import { qaDetailHref } from './links';

const CELL = 'px-3 py-2 align-top';

/** A click on the row that is not on a control or a text selection opens the call. */
function opensRow(e: MouseEvent) {
  if ((e.target as HTMLElement).closest('a, button, input, select, textarea')) return false;
  return !window.getSelection()?.toString();
}

/**
 * One analysed call: advisor and team with the call id (the link to its detail — the whole row
 * opens it too), when the call was recorded (London), product and customer, the score of record —
 * the reviewed score where a review decided, labelled, with the AI's beside it — failed mandatory
 * rules as reviewed (the AI's count beside it when they differ), the vulnerability flag, and where
 * the review stands (and whether a later analysis awaits a decision after sign-off).
 */
export function QueueRow({ item, queueSearch }: { item: QaQueueItem; queueSearch: string }) {
  const router = useRouter();
  const href = qaDetailHref(item.qa_result_id, queueSearch);
  const tone = scoreTone(item.score, item.max_score);
  const reviewedScore = item.score_source === 'review';
  return (
    <tr
      className="cursor-pointer hover:bg-indigo-50/40"
      onClick={(e) => opensRow(e) && router.push(href)}
      data-testid="qa-row"
      data-qa-result-id={item.qa_result_id}
      data-call-id={item.call_id}
      data-status={item.review_status}
    >
      <th scope="row" className={`${CELL} text-left font-normal`}>
        <div className="font-medium text-slate-900">{item.advisor ?? 'Unknown advisor'}</div>
        <div className="text-xs text-slate-500">{item.team ?? '—'}</div>
        <Link
          href={href}
          className="font-mono text-xs text-indigo-700 hover:underline"
          aria-label={`Open call ${item.call_id} of ${item.advisor ?? 'unknown advisor'}`}
        >
          {item.call_id}
        </Link>
      </th>
      <td className={`${CELL} text-xs whitespace-nowrap text-slate-700`}>
        <time dateTime={item.call_at ?? undefined}>{ukDateTime(item.call_at)}</time>
      </td>
      <td className={`${CELL} text-xs text-slate-700`}>
        <div>{item.product ?? '—'}</div>
        {item.customer && <div className="text-slate-500">{item.customer}</div>}
      </td>
      <td className={`${CELL} whitespace-nowrap tabular-nums`}>
        <span
          className={`text-base font-semibold ${TONE_TEXT[tone]}`}
          data-testid="qa-row-score"
          title={reviewedScore ? 'Reviewed score' : 'AI score'}
        >
          {scoreText(item.score)}
        </span>
        {item.max_score !== null && <span className="text-xs text-slate-500">/{scoreText(item.max_score)}</span>}
        {reviewedScore && (
          <div className="text-xs font-medium text-indigo-700" data-testid="qa-row-ai-score">
            Reviewed · AI {scoreText(item.ai_score)}
          </div>
        )}
      </td>
      <td className={`${CELL} text-xs tabular-nums`}>
        <span
          data-testid="qa-row-failed-mandatory"
          className={item.failed_mandatory > 0 ? 'text-sm font-semibold text-red-700' : 'text-sm text-slate-500'}
        >
          {item.failed_mandatory}
        </span>
        {item.reviewed && item.ai_failed_mandatory !== item.failed_mandatory && (
          <span className="ml-1 text-indigo-700">reviewed · AI {item.ai_failed_mandatory}</span>
        )}
        <div className="text-slate-500">{count(item.rules_failed, 'rule')} failed in all</div>
      </td>
      <td className={CELL}>
        {item.vulnerable ? <Badge tone="warn">Vulnerable</Badge> : <span className="text-xs text-slate-500">—</span>}
      </td>
      <td className={CELL}>
        <div className="flex flex-col items-start gap-1">
          <Badge tone={statusTone(item.review_status)}>{statusLabel(item.review_status)}</Badge>
          {item.overridden && <Badge tone="info">Overridden</Badge>}
          {item.reanalysed_after_signoff && <Badge tone="warn">Re-analysed after sign-off</Badge>}
        </div>
      </td>
    </tr>
  );
}
