'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { ProposalItem } from './proposal-item';
import { sortProposals } from './proposal-order';

/** Proposed workflow updates from health checks (spec §4.4); designers and admins may accept pending ones. */
export function ProposalsPanel({ names, canChange }: { names: ReadonlyMap<string, string>; canChange: boolean }) {
  const trpc = useTRPC();
  const proposals = useQuery(trpc.graph.proposals.queryOptions({}));
  const list = proposals.data ? sortProposals(proposals.data) : [];
  const pending = list.filter((p) => p.status === 'pending').length;
  return (
    <Panel title={`Proposals${proposals.data ? ` (${pending} pending)` : ''}`} id="proposals">
      {proposals.isPending ? (
        <LoadingState label="Loading proposals…" />
      ) : proposals.isError ? (
        <ErrorState
          title="Proposals could not be loaded"
          message={errorMessage(proposals.error)}
          onRetry={() => void proposals.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title="No proposals">
          A health check that finds an unreliable skill with a better alternative proposes a new version here.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.map((p) => (
            <ProposalItem key={p.id} proposal={p} workflowName={names.get(p.workflowId) ?? p.workflowId} canChange={canChange} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
