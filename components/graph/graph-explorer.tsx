'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { GraphSelectionProvider, type GraphSelection } from './graph-selection';
import { LineageCanvas } from './lineage-canvas';
import { LineageLegend } from './lineage-legend';
import { buildLineageModel } from './lineage-model';
import { ProposalsPanel } from './proposals-panel';
import { SidePanel } from './side-panel';

/**
 * The Graph page: the lineage tree of every saved workflow version (ELK layout, React Flow
 * drawing), a side panel for the selected version or skill, and the proposals of health checks.
 * `canChange` (designers and admins) shows the health-check and accept actions; the server
 * enforces the same rule.
 */
export function GraphExplorer({ initial, canChange }: { initial: GraphSelection; canChange: boolean }) {
  const trpc = useTRPC();
  const saved = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const model = useMemo(() => (saved.data ? buildLineageModel(saved.data) : null), [saved.data]);
  const names = useMemo(() => new Map((saved.data ?? []).map((v) => [v.workflowId, v.name])), [saved.data]);

  if (saved.isPending) return <LoadingState label="Loading saved workflows…" />;
  if (saved.isError)
    return (
      <ErrorState title="Saved workflows could not be loaded" message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />
    );

  return (
    <GraphSelectionProvider initial={initial}>
      <div className="space-y-6">
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
          <Panel
            title={`Lineage (${saved.data.length} saved version${saved.data.length === 1 ? '' : 's'})`}
            id="lineage"
            actions={
              <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => void saved.refetch()} disabled={saved.isFetching}>
                {saved.isFetching ? 'Refreshing…' : 'Refresh'}
              </Button>
            }
          >
            {!model || model.nodes.length === 0 ? (
              <EmptyState title="No saved workflows">
                Workflows saved to the catalog (workflows/catalog.json is seeded at start) appear here with their lineage.
              </EmptyState>
            ) : (
              <div className="space-y-2">
                <LineageLegend />
                {model.missingParents.length > 0 && (
                  <p className="text-xs text-amber-800">Parents not in the catalog (not drawn): {model.missingParents.join(', ')}</p>
                )}
                <LineageCanvas model={model} />
              </div>
            )}
          </Panel>
          <SidePanel canChange={canChange} />
        </div>
        <ProposalsPanel names={names} canChange={canChange} />
      </div>
    </GraphSelectionProvider>
  );
}
