import Link from 'next/link';

export type RunQaScore = { runId: string; calls: number; scored: number; mean: number | null };

/**
 * A run's QA score in the run list: the mean of the scores of the calls it analysed (reviewed where reviewed), with the
 * count (as the QA page aggregates), linking to those calls in QA review; "—" when it stored none.
 */
export function RunQaScoreCell({ score }: { score: RunQaScore | undefined }) {
  if (!score || score.calls === 0) return <span className="text-slate-500">—</span>;
  const href = `/qa/open?run=${encodeURIComponent(score.runId)}`;
  const label = score.mean === null ? `${score.calls} call${score.calls === 1 ? '' : 's'}` : String(score.mean);
  const title =
    score.mean === null
      ? 'Calls checked for compliance, without a score'
      : score.scored === 1
        ? 'The score of the one call this run analysed (reviewed where reviewed, else the AI’s)'
        : `Mean of the scores of the ${score.scored} calls this run analysed (reviewed where reviewed, else the AI’s)`;
  return (
    <Link
      href={href}
      title={title}
      className="font-medium text-slate-900 tabular-nums hover:text-indigo-700 hover:underline"
      data-testid="run-qa-score"
    >
      {label}
      {score.scored > 1 && <span className="ml-1 text-xs font-normal text-slate-500">({score.scored} calls)</span>}
    </Link>
  );
}
