'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { ChangeMark } from '@/components/editor/canvas/node-data';
import { diffWorkflows } from '@/components/editor/model/diff-workflows';
import type { VersionRef } from '@/components/workflows/editor-links';
import { changeMarks } from './change-marks';
import { changesOf, type WorkflowChanges } from './workflow-changes';

export interface Comparison {
  against: VersionRef;
  /** The saved version's name, once loaded. */
  name: string | null;
  /** The open document's states marked against it (added, changed); removed ones are listed in `changes`. */
  marks: ReadonlyMap<string, ChangeMark>;
  changes: WorkflowChanges | null;
  loading: boolean;
  error: string | null;
}

const NO_MARKS: ReadonlyMap<string, ChangeMark> = new Map();

/**
 * The editor's comparison with a saved version (`?against=`), recomputed as the document is
 * edited: the marks the canvas draws and the summary the banner shows. Null without `against`.
 */
export function useComparison(against: VersionRef | null, doc: unknown): Comparison | null {
  const trpc = useTRPC();
  const key = { workflow_id: against?.workflowId ?? '', version: against?.version ?? '' };
  const saved = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions(key),
    enabled: !!against,
    staleTime: Infinity,
  });
  const base = saved.data?.document;
  // Recomputed per edit: a diff of two documents of a few dozen states takes well under a millisecond.
  const compared = useMemo(() => {
    if (base === undefined) return null;
    const diff = diffWorkflows(base, doc);
    return { marks: changeMarks(diff).right, changes: changesOf(diff) };
  }, [base, doc]);
  if (!against) return null;
  const missing = saved.data === null ? `No saved workflow ${against.workflowId} v${against.version}.` : null;
  return {
    against,
    name: saved.data?.name ?? null,
    marks: compared?.marks ?? NO_MARKS,
    changes: compared?.changes ?? null,
    loading: saved.isPending,
    error: saved.isError ? errorMessage(saved.error) : missing,
  };
}
