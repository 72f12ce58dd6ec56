'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { scorePercent } from '@/lib/eval-score';
import { ukExact } from '@/lib/uk-time';
import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { ExpectationView } from './types';

/** One run's cases in dataset order: each case's score and, for a case that missed any, what was expected and what was seen. */
export function RunCases({ id }: { id: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.evaluations.run.queryOptions({ id }));
  if (q.isPending) return <LoadingState label="Loading the run's cases…" />;
  if (q.isError) return <ErrorState title="The run could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <ErrorState title="No such run" message={`There is no evaluation run ${id}.`} />;
  const { run, cases } = q.data;
  return (
    <Panel title={`Cases of the ${run.dataset} run, ${ukExact(run.started_at)} (UK time) · ${run.brain}`} id="eval-cases">
      <table className="w-full text-left text-sm" data-testid="evaluation-cases">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2">
              Case
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Expectations met
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Score
            </th>
            <th scope="col" className="px-4 py-2">
              Missed
            </th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => {
            const missed = (c.expectations as ExpectationView[]).filter((e) => !e.pass);
            return (
              <tr key={c.case_id} className="border-t border-slate-100 align-top" data-testid="evaluation-case">
                <td className="px-4 py-2">
                  <div className="font-medium text-slate-900">{c.case_id}</div>
                  <div className="text-xs text-slate-600">{c.title}</div>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  <Badge tone={c.passed === c.total ? 'ok' : 'bad'}>
                    {c.passed} of {c.total}
                  </Badge>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{scorePercent(c.score)}</td>
                <td className="px-4 py-2 text-xs">
                  {c.error && <p className="text-red-700">{c.error}</p>}
                  {missed.length === 0 && !c.error ? (
                    <span className="text-slate-500">none</span>
                  ) : (
                    <ul className="space-y-1">
                      {missed.map((e, i) => (
                        <li key={i}>
                          <span className="font-medium text-slate-900">
                            Turn {e.turn}: {e.expected}
                          </span>
                          <span className="block break-words text-slate-600">Seen: {e.seen}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}
