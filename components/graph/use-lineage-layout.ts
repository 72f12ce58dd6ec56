'use client';
import { useQuery } from '@tanstack/react-query';
import { layoutLineage } from './lineage-layout';
import type { LineageModel } from './lineage-model';

/** ELK positions for the model, computed once per distinct tree (cached like any other query). */
export function useLineageLayout(model: LineageModel) {
  const signature = `${model.nodes.map((n) => `${n.id}:${n.skills.length}:${n.name.length}`).join(',')}|${model.links.map((l) => l.id).join(',')}`;
  return useQuery({ queryKey: ['lineage-layout', signature], queryFn: () => layoutLineage(model), staleTime: Infinity, gcTime: 60_000 });
}
