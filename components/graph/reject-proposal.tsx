'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';

/**
 * Rejecting a pending proposal (designers and admins; audited by the mutation middleware): it
 * stays listed as rejected with who decided and when, and nothing is saved. A proposal that
 * someone else decided meanwhile is reported, not overwritten.
 */
export function RejectProposal({ proposalId }: { proposalId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reject = useMutation(
    trpc.graph.rejectProposal.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.graph.pathKey() }),
    }),
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        onClick={() => reject.mutate({ proposal_id: proposalId })}
        disabled={reject.isPending || reject.data?.rejected === true}
      >
        {reject.isPending ? 'Rejecting…' : 'Reject'}
      </Button>
      {reject.data?.rejected === false && (
        <p role="alert" className="text-sm text-red-700">
          Not rejected: the proposal was already decided.
        </p>
      )}
      {reject.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(reject.error)}
        </p>
      )}
    </div>
  );
}
