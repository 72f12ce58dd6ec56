'use client';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Dialog } from '@/components/editor/dialogs/dialog';
import { FeedbackText, type Feedback } from '@/components/ui/feedback-text';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { count } from './format';

/**
 * Finalize (finalize_session through the companions router, audited): after a dialog that says
 * what it does — every Companion dismissed (open tasks cancelled), the session archived, its
 * shared blocks and Strategist deleted. The outcome, or the server's refusal, is said beside it.
 */
export function FinalizeSessionButton({
  sessionId,
  companions,
  openTasks,
}: {
  sessionId: string;
  companions: number | null;
  openTasks: number;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const finalize = useMutation(
    trpc.companions.finalizeSession.mutationOptions({
      onSuccess: (r) =>
        setFeedback(
          r.status === 'ok'
            ? {
                ok: true,
                text: `Finalized: ${count(r.companions_dismissed, 'Companion')} dismissed${r.archive_path ? `, archived to ${r.archive_path}` : ''}.`,
              }
            : { ok: false, text: r.error },
        ),
      onError: (err) => setFeedback({ ok: false, text: errorMessage(err) }),
      onSettled: async () => {
        setOpen(false);
        await Promise.all([
          qc.invalidateQueries(trpc.companions.session.queryFilter({ session_id: sessionId })),
          qc.invalidateQueries(trpc.companions.sessions.queryFilter()),
        ]);
      },
    }),
  );
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="danger"
        onClick={() => {
          setFeedback(null);
          setOpen(true);
        }}
      >
        Finalize session…
      </Button>
      <FeedbackText feedback={feedback} className="max-w-80 text-right" />
      <Dialog title="Finalize this session?" open={open} onClose={() => setOpen(false)}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>Finalizing ends the session for good:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              {companions === null
                ? 'Every Companion'
                : companions === 0
                  ? 'No Companion is left to dismiss'
                  : `Its ${count(companions, 'Companion')}`}
              {companions !== 0 && ' will be dismissed (skills unloaded, shared blocks detached, agents deleted)'}
              {openTasks > 0 && (
                <strong className="font-semibold text-red-700">; {count(openTasks, 'running task')} will be cancelled</strong>
              )}
              .
            </li>
            <li>The session is archived as JSON (blocks and their revisions, tasks, activity, messages) in the console’s data folder.</li>
            <li>Its shared memory blocks and its Strategist are deleted. Its record stays on this page.</li>
          </ul>
          <p>The conversation’s next message starts a new session.</p>
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" autoFocus onClick={() => setOpen(false)} disabled={finalize.isPending}>
            Keep it running
          </Button>
          <Button variant="danger" onClick={() => finalize.mutate({ session_id: sessionId })} disabled={finalize.isPending}>
            {finalize.isPending ? 'Finalizing…' : 'Finalize session'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
