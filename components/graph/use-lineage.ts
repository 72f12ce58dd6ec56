'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { VersionRef } from './types';

/**
 * `get_workflow_lineage` for one version (its family, its descendants, runs per version). A
 * version saved moments ago reaches the knowledge graph with the next consolidation pass (every
 * few seconds), so "not found" is asked again until it appears.
 */
export function useLineage(ref: VersionRef) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.graph.lineage.queryOptions({ workflow_id: ref.workflowId, version: ref.version, runs_per_version: 20 }),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'error' && q.state.data.error_code === 'not_found' ? 3000 : false),
  });
}
