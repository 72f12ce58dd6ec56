'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';

/**
 * "Run evaluation": choose one of the datasets the server knows and start a run of it against the
 * console's own brain (all its cases, or some by id, as `dcf eval --cases`). The server answers at once and runs the cases in the background; the runs
 * table shows it running, then its score. A dataset that cannot run here is listed with why; a
 * refusal (a run of it is still going, …) is shown under the button, not lost.
 */
export function StartRun({ runningDatasets }: { runningDatasets: string[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const datasets = useQuery(trpc.evaluations.datasets.queryOptions());
  const [chosen, setChosen] = useState('');
  const [only, setOnly] = useState('');
  const start = useMutation(
    trpc.evaluations.start.mutationOptions({
      onSettled: () => qc.invalidateQueries({ queryKey: trpc.evaluations.runs.queryKey() }),
    }),
  );
  const list = datasets.data ?? [];
  const name = chosen || list.find((d) => !d.problem)?.name || '';
  const picked = list.find((d) => d.name === name);
  const busy = runningDatasets.includes(name);
  const cases = only
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return (
    <Panel title="Run evaluation">
      <div className="space-y-2 px-4 py-3 text-sm" data-testid="evaluation-start">
        {datasets.isError ? (
          <p role="alert" className="text-red-700">
            The datasets could not be read: {datasets.error.message}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-600">Dataset</span>
              <select className={FIELD} value={name} onChange={(e) => setChosen(e.target.value)} disabled={datasets.isPending}>
                {list.map((d) => (
                  <option key={d.name} value={d.name} disabled={!!d.problem}>
                    {d.name} — {d.cases} cases ({d.roles.planner} Planner, {d.roles.conductor} Conductor)
                    {d.problem ? ' — cannot run here' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-64 flex-1 flex-col gap-1">
              <span className="text-xs font-medium text-slate-600">Only these cases (ids separated by commas; empty: every case)</span>
              <input
                className={FIELD}
                value={only}
                onChange={(e) => setOnly(e.target.value)}
                placeholder="review-confirm, unknown-advisor"
              />
            </label>
            <Button
              variant="primary"
              disabled={!picked || !!picked.problem || busy || start.isPending}
              onClick={() => start.mutate({ dataset: name, ...(cases.length ? { cases } : {}) })}
            >
              {start.isPending ? 'Starting…' : 'Run evaluation'}
            </Button>
          </div>
        )}
        {picked && <p className="text-slate-600">{picked.description}</p>}
        {picked?.problem && <p className="text-amber-800">This dataset cannot run on this console: {picked.problem}</p>}
        {busy && <p className="text-slate-600">A run of {name} is going; start another when it has finished.</p>}
        {start.isError && (
          <p role="alert" className="text-red-700" data-testid="evaluation-start-error">
            The run did not start: {start.error.message}
          </p>
        )}
        {start.isSuccess && !start.isPending && (
          <p role="status" className="text-slate-700">
            Started run {start.data.run_id.slice(0, 8)} of {start.variables?.dataset}: its cases run in the background and it shows below as
            running until it is scored. Each case does real work on this console (its runs and Companions).
          </p>
        )}
      </div>
    </Panel>
  );
}
