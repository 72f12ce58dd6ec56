'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';

/**
 * Accepting a pending proposal (`accept_workflow_update`, designers and admins): the proposed
 * document is validated and saved as a new version; the page's graph data is then reloaded.
 */
export function AcceptProposal({ proposalId, newVersion }: { proposalId: string; newVersion: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accept = useMutation(
    trpc.graph.acceptUpdate.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.graph.pathKey() }),
    }),
  );
  const r = accept.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="primary"
        onClick={() => accept.mutate({ proposal_id: proposalId })}
        disabled={accept.isPending || r?.status === 'ok'}
      >
        {accept.isPending ? 'Accepting…' : `Accept as v${newVersion}`}
      </Button>
      <span role="status" aria-live="polite" className="text-sm">
        {r?.status === 'ok' && <span className="text-emerald-800">Accepted: saved as version {r.version}.</span>}
      </span>
      {(accept.isError || r?.status === 'error') && (
        <p role="alert" className="w-full text-sm text-red-700">
          {accept.isError ? errorMessage(accept.error) : r?.status === 'error' ? r.error : ''}
        </p>
      )}
    </div>
  );
}
