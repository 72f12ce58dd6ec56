'use client';
import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { baseName, inChosenIterations } from './instance-scope';
import { InstanceDetails } from './instance-details';
import { mapIterations } from './map-iterations';
import type { Instance, IterationChoice } from './types';

const DOT = { pending: 'bg-slate-300', running: 'bg-indigo-500', done: 'bg-emerald-500', failed: 'bg-red-500' } as const;

type Props = {
  runId: string;
  stateName: string;
  instances: readonly Instance[];
  chosen: IterationChoice;
  onChoose(map: string, index: number | null): void;
  /** Retrying a failed state is possible once the run has ended, for those who run workflows. */
  canRetry: boolean;
};

/**
 * The panel of the state clicked on the graph. A state inside Map iterations lists its instances
 * (one per iteration, or only the chosen iteration's); a Map lists its iterations to drill into.
 * A failed instance of an ended run can be retried from here (redrive of that state only).
 */
export function StatePanel({ runId, stateName, instances, chosen, onChoose, canRetry }: Props) {
  const trpc = useTRPC();
  const mine = useMemo(
    () => instances.filter((i) => baseName(i.instance) === stateName && inChosenIterations(i.instance, chosen)),
    [instances, stateName, chosen],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const shown =
    mine.find((i) => i.instance === picked) ??
    mine.find((i) => i.status === 'failed') ??
    mine.find((i) => i.status === 'running') ??
    mine[0];
  const retry = useMutation(trpc.runs.retryState.mutationOptions());
  const iterations = useMemo(() => (shown?.type === 'Map' ? mapIterations(shown.instance, instances) : []), [shown, instances]);
  const retryFailure = retry.data?.status === 'error' ? retry.data.error : retry.isError ? errorMessage(retry.error) : null;

  if (!shown)
    return (
      <p className="p-4 text-sm text-slate-500">
        {stateName} has not been entered in this run{Object.keys(chosen).length ? ' (in the chosen iteration)' : ''}.
      </p>
    );
  return (
    <div className="space-y-4 p-4" data-testid="state-panel" data-state={stateName}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-mono text-sm font-semibold break-all">{shown.instance}</h3>
        {canRetry && shown.status === 'failed' && (
          <Button
            variant="danger"
            disabled={retry.isPending}
            onClick={() => retry.mutate({ run_id: runId, state: shown.instance })}
            title="Run this state again with its recorded input; states that are done stay done"
          >
            {retry.isPending ? 'Retrying…' : 'Retry this state'}
          </Button>
        )}
      </div>
      {retryFailure && (
        <p role="alert" className="text-sm text-red-700">
          Not retried: {retryFailure}
        </p>
      )}
      {mine.length > 1 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="text-slate-600">Instance</span>
          <select
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
            value={shown.instance}
            onChange={(e) => setPicked(e.target.value)}
          >
            {mine.map((i) => (
              <option key={i.instance} value={i.instance}>
                {i.instance} — {i.status}
              </option>
            ))}
          </select>
        </label>
      )}
      {iterations.length > 0 && (
        <section className="space-y-1" aria-label={`Iterations of ${shown.instance}`}>
          <div className="flex items-center justify-between">
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Iterations</h4>
            {chosen[shown.instance] !== undefined && (
              <button type="button" className="text-xs text-indigo-700 hover:underline" onClick={() => onChoose(shown.instance, null)}>
                Show all iterations
              </button>
            )}
          </div>
          <ul className="grid max-h-48 grid-cols-6 gap-1 overflow-y-auto" data-testid="map-iteration-list">
            {iterations.map((it) => (
              <li key={it.index}>
                <button
                  type="button"
                  onClick={() => onChoose(shown.instance, it.index)}
                  aria-pressed={chosen[shown.instance] === it.index}
                  title={`Iteration ${it.index}: ${it.status}${it.lastError ? ` — ${it.lastError}` : ''}`}
                  className={
                    'flex w-full items-center justify-center gap-1 rounded border px-1 py-0.5 font-mono text-[11px] ' +
                    `${chosen[shown.instance] === it.index ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50'}`
                  }
                  data-testid="map-iteration"
                  data-status={it.status}
                >
                  <span className={`size-2 rounded-full ${DOT[it.status]}`} aria-hidden />
                  {it.index}
                </button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-500">Choose an iteration to see its states on the graph.</p>
        </section>
      )}
      <InstanceDetails i={shown} />
    </div>
  );
}
