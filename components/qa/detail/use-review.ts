'use client';
import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { ReviewInput } from '@/lib/review-input';

type WithoutId<T> = T extends unknown ? Omit<T, 'qa_result_id'> : never;
/** One review action on the call shown (its id is added here). */
export type ReviewAction = WithoutId<ReviewInput>;

/**
 * Sends review actions for one call through `qa.review`. Each form keeps its own instance, so its
 * pending state and its error are its own. `send` resolves true once the server accepted the
 * action — then the call's detail is refetched and the queue, agreement and filter menus are
 * invalidated — and false when it refused: `error` holds the server's words (`error` of the tool
 * envelope, or the transport's message). The caller keeps what the user typed until true.
 */
export function useReview(qaResultId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation(trpc.qa.review.mutationOptions());

  const send = useCallback(
    async (action: ReviewAction): Promise<boolean> => {
      setError(null);
      try {
        const r = await mutation.mutateAsync({ review: { ...action, qa_result_id: qaResultId } as ReviewInput });
        if (r.status === 'error') {
          setError(r.error ?? 'The review action was refused.');
          return false;
        }
      } catch (err) {
        setError(errorMessage(err));
        return false;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.qa.get.queryKey({ qa_result_id: qaResultId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.qa.list.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.qa.agreement.queryKey() }),
      ]);
      return true;
    },
    [mutation, qaResultId, queryClient, trpc],
  );

  return { send, pending: mutation.isPending, error, clearError: () => setError(null) };
}
