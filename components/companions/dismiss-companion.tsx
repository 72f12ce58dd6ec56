'use client';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { FeedbackText, type Feedback } from '@/components/ui/feedback-text';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';

/**
 * Dismiss one Companion (dismiss_companion through the companions router, audited) after a
 * confirm step that says what happens to its open task. The refusal, if any, is said beside it.
 */
export function DismissCompanion({
  sessionId,
  companionId,
  name,
  openTask,
}: {
  sessionId: string;
  companionId: string;
  name: string;
  openTask: string | null;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const dismiss = useMutation(
    trpc.companions.dismissCompanion.mutationOptions({
      onSuccess: (r) => setFeedback(r.status === 'ok' ? { ok: true, text: 'Dismissed.' } : { ok: false, text: r.error }),
      onError: (err) => setFeedback({ ok: false, text: errorMessage(err) }),
      onSettled: async () => {
        setConfirming(false);
        await Promise.all([
          qc.invalidateQueries(trpc.companions.session.queryFilter({ session_id: sessionId })),
          qc.invalidateQueries(trpc.companions.sessions.queryFilter()),
        ]);
      },
    }),
  );
  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <div role="group" aria-label={`Confirm dismissing ${name}`} className="flex flex-wrap items-center justify-end gap-1.5">
          <span className="basis-full text-right text-xs font-medium text-slate-700">
            {openTask ? `Dismiss it and cancel task ${openTask}?` : 'Dismiss this Companion?'}
          </span>
          <Button
            variant="danger"
            className="px-2 py-1 text-xs"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ session_id: sessionId, companion_id: companionId })}
          >
            {dismiss.isPending ? 'Dismissing…' : 'Dismiss'}
          </Button>
          <Button variant="ghost" className="px-2 py-1 text-xs" disabled={dismiss.isPending} autoFocus onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button
          variant="danger"
          className="px-2 py-1 text-xs"
          aria-label={`Dismiss ${name}`}
          onClick={() => {
            setFeedback(null);
            setConfirming(true);
          }}
        >
          Dismiss
        </Button>
      )}
      <FeedbackText feedback={feedback} className="max-w-56 text-right" />
    </div>
  );
}
