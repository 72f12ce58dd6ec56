'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { scorePercent } from '@/lib/eval-score';
import { ukExact } from '@/lib/uk-time';
import { Badge, type Tone } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';

const VERDICT: Record<string, { text: string; tone: Tone }> = {
  better: { text: 'better', tone: 'ok' },
  worse: { text: 'worse', tone: 'bad' },
  same: { text: 'same', tone: 'neutral' },
  only_in_base: { text: 'only in the earlier run', tone: 'warn' },
  only_in_other: { text: 'only in the later run', tone: 'warn' },
};

/** Two runs case by case: the later one against the earlier, better, worse or the same per case. */
export function RunComparison({ base, other }: { base: string; other: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.evaluations.compare.queryOptions({ base, other }));
  if (q.isPending) return <LoadingState label="Comparing the runs…" />;
  if (q.isError) return <ErrorState title="The runs could not be compared" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <ErrorState title="A run is missing" message="One of the two runs no longer exists." />;
  const d = q.data;
  const label = (r: typeof d.base) => `${r.dataset} · ${r.brain}${r.model ? ` (${r.model})` : ''} · ${ukExact(r.started_at)}`;
  return (
    <Panel title="Comparison" id="eval-comparison">
      <div className="space-y-1 px-4 py-3 text-sm" data-testid="evaluation-comparison-summary">
        <p>
          Earlier: {label(d.base)} — {scorePercent(d.base.score)}
        </p>
        <p>
          Later: {label(d.other)} — {scorePercent(d.other.score)}
        </p>
        <p className="font-medium">
          The later run did better in {d.better}, worse in {d.worse} and the same in {d.same} of the cases.
        </p>
        {!d.same_dataset && (
          <p role="note" className="text-amber-800">
            The runs read different versions of the dataset (their digests differ): a case may have changed between them.
          </p>
        )}
      </div>
      <table className="w-full text-left text-sm" data-testid="evaluation-comparison">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2">
              Case
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Earlier
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Later
            </th>
            <th scope="col" className="px-4 py-2">
              Later run
            </th>
          </tr>
        </thead>
        <tbody>
          {d.cases.map((c) => (
            <tr key={c.case_id} className="border-t border-slate-100" data-testid="evaluation-comparison-case">
              <td className="px-4 py-2">
                <span className="font-medium text-slate-900">{c.case_id}</span> <span className="text-xs text-slate-600">{c.title}</span>
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{scorePercent(c.base)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{scorePercent(c.other)}</td>
              <td className="px-4 py-2">
                <Badge tone={VERDICT[c.verdict]!.tone}>{VERDICT[c.verdict]!.text}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
