'use client';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { plural } from '@/components/chat/format';
import { FeedbackText, type Feedback } from '../../ui/feedback-text';
import type { RunAction } from './run-actions';
import type { RunRow } from './types';

/**
 * The actions of one row: Cancel a RUNNING run (after a confirm step; finalize_workflow with
 * abort ends it ABORTED) and Redrive a FAILED/TIMED_OUT/ABORTED one from its failed states
 * (redrive_workflow_run). The outcome — or the server's refusal — is said beside the buttons;
 * `onChanged` refreshes the list.
 */
export function RunRowActions({
  run,
  actions,
  label,
  onChanged,
}: {
  run: RunRow;
  actions: readonly RunAction[];
  label: string;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const refused = (r: { status: 'error'; error: string }) => setFeedback({ ok: false, text: r.error });
  const failed = (err: unknown) => setFeedback({ ok: false, text: errorMessage(err) });
  const cancel = useMutation(
    trpc.runs.finalize.mutationOptions({
      onSuccess: (r) => (r.status === 'ok' ? setFeedback({ ok: true, text: 'Cancelled.' }) : refused(r)),
      onError: failed,
      onSettled: () => {
        setConfirming(false);
        onChanged();
      },
    }),
  );
  const redrive = useMutation(
    trpc.runs.redrive.mutationOptions({
      onSuccess: (r) =>
        r.status === 'ok' ? setFeedback({ ok: true, text: `Redriven: ${plural(r.redriven.length, 'state')} run again.` }) : refused(r),
      onError: failed,
      onSettled: onChanged,
    }),
  );
  const busy = cancel.isPending || redrive.isPending;

  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <div
          className="flex flex-wrap items-center justify-end gap-1.5 whitespace-nowrap"
          role="group"
          aria-label={`Confirm cancelling ${label}`}
        >
          <span className="basis-full text-right text-xs font-medium text-slate-700">Cancel this run?</span>
          <Button
            variant="danger"
            className="px-2 py-1 text-xs"
            disabled={busy}
            onClick={() => cancel.mutate({ run_id: run.run_id, abort: true, reason: 'cancelled from the run list' })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel run'}
          </Button>
          <Button variant="ghost" className="px-2 py-1 text-xs" disabled={busy} autoFocus onClick={() => setConfirming(false)}>
            Keep running
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-1.5">
          {actions.includes('cancel') && (
            <Button
              variant="danger"
              className="px-2 py-1 text-xs"
              disabled={busy}
              aria-label={`Cancel ${label}`}
              onClick={() => {
                setFeedback(null);
                setConfirming(true);
              }}
            >
              Cancel
            </Button>
          )}
          {actions.includes('redrive') && (
            <Button
              className="px-2 py-1 text-xs"
              disabled={busy}
              aria-label={`Redrive ${label}`}
              title="Run the failed states again; states that are done keep their output."
              onClick={() => {
                setFeedback(null);
                redrive.mutate({ run_id: run.run_id });
              }}
            >
              {redrive.isPending ? 'Redriving…' : 'Redrive'}
            </Button>
          )}
        </div>
      )}
      <FeedbackText feedback={feedback} className="max-w-56 text-right" />
    </div>
  );
}
