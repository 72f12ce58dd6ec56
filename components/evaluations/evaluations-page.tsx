'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { scorePercent } from '@/lib/eval-score';
import { ukExact } from '@/lib/uk-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { RunComparison } from './run-comparison';
import { RunCases } from './run-cases';
import { StartRun } from './start-run';
import type { EvalRunItem } from './types';

/**
 * The Evaluations page: stored runs of the evaluation datasets, newest first (times in London
 * time, said so), one run's cases opened below, and two runs ticked for a comparison case by case.
 * Runs are started here ("Run evaluation", in the background) or with `dcf eval`; a run going is
 * followed until it is scored, and a run that failed or was abandoned shows why.
 */
export function EvaluationsPage() {
  const trpc = useTRPC();
  // A run still going is followed until it has finished (its cases are stored one by one).
  const runs = useQuery(
    trpc.evaluations.runs.queryOptions(
      { limit: 50 },
      {
        refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? 3000 : false),
      },
    ),
  );
  const [open, setOpen] = useState<string | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  if (runs.isPending) return <LoadingState label="Loading evaluation runs…" />;
  if (runs.isError)
    return <ErrorState title="The evaluation runs could not be loaded" message={runs.error.message} onRetry={() => void runs.refetch()} />;
  const going = runs.data.filter((r) => r.status === 'running').map((r) => r.dataset);
  if (!runs.data.length) {
    return (
      <div className="space-y-4" data-testid="evaluations-page">
        <StartRun runningDatasets={going} />
        <EmptyState title="No evaluation runs yet">
          Run a dataset above or with <code>dcf eval demo</code>: each case is a conversation with the outcomes expected of it, scored
          against the brain the console is configured with. See docs/evaluations.md.
        </EmptyState>
      </div>
    );
  }
  const tick = (id: string) => setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t.slice(-1), id]));
  // The older ticked run is the base; the newer one is compared with it.
  const pair = ticked.length === 2 ? orderByStart(runs.data, ticked) : null;
  return (
    <div className="space-y-4" data-testid="evaluations-page">
      <StartRun runningDatasets={going} />
      <Panel title="Runs, newest first">
        <RunsTable runs={runs.data} open={open} ticked={ticked} onOpen={(id) => setOpen(id === open ? null : id)} onTick={tick} />
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          Tick two runs to compare them case by case. Times are UK time (Europe/London).
        </p>
      </Panel>
      {pair && <RunComparison base={pair[0]} other={pair[1]} />}
      {open && <RunCases id={open} />}
    </div>
  );
}

function orderByStart(runs: EvalRunItem[], ids: string[]): [string, string] {
  const [a, b] = ids.map((id) => runs.find((r) => r.id === id)!);
  return a!.started_at <= b!.started_at ? [a!.id, b!.id] : [b!.id, a!.id];
}

function RunsTable({
  runs,
  open,
  ticked,
  onOpen,
  onTick,
}: {
  runs: EvalRunItem[];
  open: string | null;
  ticked: string[];
  onOpen: (id: string) => void;
  onTick: (id: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="evaluation-runs">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2">
              Compare
            </th>
            <th scope="col" className="px-4 py-2">
              Dataset
            </th>
            <th scope="col" className="px-4 py-2">
              Brain
            </th>
            <th scope="col" className="px-4 py-2">
              Started (UK time)
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Score
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Cases passed
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className={`border-t border-slate-100 ${open === r.id ? 'bg-indigo-50/40' : ''}`} data-testid="evaluation-run">
              <td className="px-4 py-2">
                <input
                  type="checkbox"
                  checked={ticked.includes(r.id)}
                  onChange={() => onTick(r.id)}
                  aria-label={`Compare the ${r.dataset} run of ${ukExact(r.started_at)}`}
                />
              </td>
              <td className="px-4 py-2 font-medium text-slate-900">
                {r.dataset} <span className="text-xs text-slate-500">({r.world})</span>
              </td>
              <td className="px-4 py-2">
                {r.brain}
                {r.model ? <span className="text-slate-500"> · {r.model}</span> : null}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{ukExact(r.started_at)}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {r.status === 'finished' ? scorePercent(r.score) : <Badge tone={r.status === 'running' ? 'info' : 'bad'}>{r.status}</Badge>}
                {r.error && r.status !== 'finished' ? (
                  <p className="mt-1 max-w-xs text-left text-xs whitespace-normal text-red-700" data-testid="evaluation-run-error">
                    {r.error}
                  </p>
                ) : null}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">
                {r.cases_passed} of {r.cases_total}
              </td>
              <td className="px-4 py-2 text-right">
                <Button onClick={() => onOpen(r.id)} aria-expanded={open === r.id}>
                  {open === r.id ? 'Close' : 'Cases'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
