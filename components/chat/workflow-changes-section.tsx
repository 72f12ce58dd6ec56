'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { ChangesSummary } from '@/components/editor/compare/changes-summary';
import { workflowChanges } from '@/components/editor/compare/workflow-changes';
import type { WorkflowCard, WorkflowParent } from './cards';

const RELATION_TEXT: Record<WorkflowParent['relation'], string> = {
  VERSION_OF: 'a new version of',
  REFINEMENT_OF: 'a refinement of',
};

/**
 * The diff part of a workflow card whose save named a parent: what this document changes against
 * the saved parent version — the comparison view's diff (components/editor/compare), not another
 * one. The parent is read from the catalog; the new side is the document the agent saved (or the
 * saved version, when the call gave a file path instead of a document).
 */
export function WorkflowChangesSection({ card, parent }: { card: WorkflowCard; parent: WorkflowParent }) {
  const trpc = useTRPC();
  const base = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions({ workflow_id: parent.workflowId, version: parent.version }),
    staleTime: Infinity,
  });
  const savedKey = card.saved ?? { workflowId: '', version: '' };
  const saved = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions({ workflow_id: savedKey.workflowId, version: savedKey.version }),
    enabled: !card.document && !!card.saved,
    staleTime: Infinity,
  });
  const doc = card.document ?? saved.data?.document;
  const parentDoc = base.data?.document;
  const changes = useMemo(() => (parentDoc && doc ? workflowChanges(parentDoc, doc) : null), [parentDoc, doc]);
  const parentName = base.data?.name ?? parent.workflowId;
  const problem = base.isError
    ? errorMessage(base.error)
    : base.data === null
      ? `the parent ${parent.workflowId} v${parent.version} is not in the catalog`
      : null;
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50/70 p-3" data-testid="chat-workflow-changes">
      <p className="mb-1.5 text-xs text-slate-700">
        <span className="font-medium">
          Changes against «{parentName}» v{parent.version}
        </span>
        <span className="text-slate-500">
          {' '}
          · {RELATION_TEXT[parent.relation]} it ({parent.relation})
        </span>
      </p>
      {problem ? (
        <p className="text-xs text-red-700" role="alert">
          The comparison could not be made: {problem}.
        </p>
      ) : changes ? (
        <ChangesSummary changes={changes} compact />
      ) : !doc && !card.saved ? (
        <p className="text-xs text-slate-500">The call gave no document to compare.</p>
      ) : (
        <p className="text-xs text-slate-500">Reading v{parent.version} from the catalog…</p>
      )}
    </div>
  );
}
