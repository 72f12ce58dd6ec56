'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Button, FIELD } from '@/components/ui/button';
import { ukDateTime } from '@/lib/uk-time';
import { verdictLabel } from '../format';
import { qaDetailHref } from '../queue/links';
import type { QaDetailView, QaVerdictValue } from '../types';
import { useReview } from './use-review';

type Reanalysis = NonNullable<QaDetailView['reanalysis']>;

const valueText = (d: Reanalysis['differences'][number], v: string | null) =>
  v === null ? '—' : d.rule_id === null ? v : verdictLabel(v as QaVerdictValue);

/**
 * On a signed-off record that a later run analysed again (issue 28): the signed review stays the call's record —
 * in the queue, the dashboard and the exports — until a reviewer decides. Shows the later analysis and every figure
 * where it differs from the signed record as reviewed; reviewers keep the signed review or adopt the new analysis
 * (which then needs reviewing and signing off again), with a reason. Both are audited.
 */
export function ReanalysisPanel({ qa, canReview }: { qa: QaDetailView; canReview: boolean }) {
  const r = qa.reanalysis!;
  const review = useReview(qa.qa_result_id);
  const [reason, setReason] = useState('');
  const decide = (decision: 'adopt' | 'keep') =>
    void review
      .send({ action: 'reanalysis', decision, subject_qa_result_id: r.qa_result_id, reason: reason.trim() })
      .then((ok) => ok && setReason(''));
  return (
    <section
      aria-labelledby="reanalysis-title"
      data-testid="reanalysis-panel"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="reanalysis-title" className="font-semibold">
        Re-analysed after sign-off
      </h2>
      <p>
        Run{' '}
        <Link className="font-mono text-indigo-700 hover:underline" href={qaDetailHref(r.qa_result_id)}>
          {r.run_id.slice(0, 8)}
        </Link>{' '}
        (workflow v{r.workflow_version}, finished <time dateTime={r.run_finished_at}>{ukDateTime(r.run_finished_at)}</time>) analysed this
        call again. The signed-off review below stays the call’s record until a reviewer keeps it or adopts the new analysis.
      </p>
      {r.differences.length === 0 ? (
        <p data-testid="reanalysis-differences">The new analysis gives the same verdicts and score as the signed record.</p>
      ) : (
        <table className="text-xs" data-testid="reanalysis-differences">
          <thead>
            <tr className="text-left">
              <th className="pr-4">Differs in</th>
              <th className="pr-4">Signed record (as reviewed)</th>
              <th>New analysis (AI)</th>
            </tr>
          </thead>
          <tbody>
            {r.differences.map((d) => (
              <tr key={d.rule_id ?? 'score'}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {d.rule_id === null ? 'Score' : <span className="font-mono">{d.rule_id}</span>}
                  {d.mandatory && <span className="ml-1 text-amber-800">(mandatory)</span>}
                </th>
                <td className="pr-4">{valueText(d, d.signed)}</td>
                <td>{valueText(d, d.later)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canReview && (
        <div className="space-y-2">
          <label className="block text-xs font-medium">
            Why (recorded in the audit log)
            <textarea
              className={`${FIELD} mt-1 block w-full`}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="reanalysis-reason"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button disabled={review.pending || reason.trim().length < 3} onClick={() => decide('keep')}>
              Keep the signed review
            </Button>
            <Button variant="primary" disabled={review.pending || reason.trim().length < 3} onClick={() => decide('adopt')}>
              Adopt the new analysis
            </Button>
          </div>
          {review.error && (
            <p role="alert" className="text-xs text-red-700">
              {review.error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
