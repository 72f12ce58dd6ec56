'use client';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';

/**
 * What those who run workflows may do with a run: cancel it while it runs (asked twice — it
 * cannot be undone), redrive it from its failed states once it failed, timed out or was aborted.
 * The server enforces the same roles; the result arrives through the run's event stream.
 */
export function RunActions({ runId, status }: { runId: string; status: string }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(trpc.runs.finalize.mutationOptions());
  const redrive = useMutation(trpc.runs.redrive.mutationOptions());
  const failure = [cancel, redrive]
    .map((m) => (m.data?.status === 'error' ? m.data.error : m.isError ? errorMessage(m.error) : null))
    .find(Boolean);
  return (
    <div className="flex items-center gap-2" data-testid="run-actions">
      {status === 'RUNNING' &&
        (confirming ? (
          <>
            <span className="text-sm text-slate-700">Cancel this run?</span>
            <Button
              variant="danger"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { run_id: runId, abort: true, reason: 'cancelled from the console' },
                  { onSettled: () => setConfirming(false) },
                )
              }
            >
              Yes, cancel it
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it running
            </Button>
          </>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel run
          </Button>
        ))}
      {(status === 'FAILED' || status === 'TIMED_OUT' || status === 'ABORTED') && (
        <Button
          variant="primary"
          disabled={redrive.isPending}
          onClick={() => redrive.mutate({ run_id: runId })}
          title="Run the failed states again; states that are done keep their results"
        >
          {redrive.isPending ? 'Redriving…' : 'Redrive from failed states'}
        </Button>
      )}
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </div>
  );
}
