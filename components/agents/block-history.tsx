'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { BlockValue } from './block-value';
import { plural } from './format';
import { revisionChanges } from './revision-changes';
import { RevisionDiffView } from './revision-diff-view';
import type { AgentBlock, BlockRevision } from './types';
import { When } from './when';

const HISTORY_LIMIT = 50;

function RevisionItem({ r, before, label }: { r: BlockRevision; before: BlockRevision | undefined; label: string }) {
  const changes = revisionChanges(before?.value ?? null, r.value);
  const earlierNotLoaded = !before && r.revision > 1;
  return (
    <li className="space-y-1.5 py-2" data-testid="block-revision" data-revision={r.revision}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-900">Revision {r.revision}</span>
        <When at={r.at} />
        <span>by {r.writer_label}</span>
        {r.reason && <span className="text-slate-500">— {r.reason}</span>}
      </p>
      {earlierNotLoaded ? (
        <p className="text-xs text-slate-500">Earlier revisions are not shown.</p>
      ) : (
        <RevisionDiffView changes={changes} label={`${label}, revision ${r.revision}`} />
      )}
      <details>
        <summary className="cursor-pointer text-xs font-medium text-indigo-700">Value of revision {r.revision}</summary>
        <div className="mt-1">
          <BlockValue label={`${label}, revision ${r.revision}`} value={r.value} />
        </div>
      </details>
    </li>
  );
}

/**
 * The block's revision history (host writes: delegated-mode tools and admins; a value an agent
 * wrote itself appears as a "platform" revision recorded before the next host write), newest
 * first, each with what it changed. Read when opened.
 */
export function BlockHistory({ block }: { block: AgentBlock }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...trpc.agents.blockRevisions.queryOptions({ block_id: block.id, limit: HISTORY_LIMIT }), enabled: open });
  if (block.revision === 0) {
    return (
      <p className="text-xs text-slate-500">
        No revision history: the host has never written this block (the agent’s own edits are recorded from the host’s first write on).
      </p>
    );
  }
  const revisions = history.data?.revisions ?? [];
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} className="group" data-testid="block-history">
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 underline-offset-2 hover:underline">
        History ({plural(block.revision, 'revision')})
      </summary>
      <div className="mt-2 rounded-md border border-slate-200 bg-slate-50/60 px-3">
        {history.isPending ? (
          <LoadingState label="Loading the history…" />
        ) : history.isError ? (
          <div className="py-2">
            <ErrorState
              title="The history could not be loaded"
              message={errorMessage(history.error)}
              onRetry={() => void history.refetch()}
            />
          </div>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label={`Revisions of ${block.label}, newest first`}>
            {revisions.map((r, i) => (
              <RevisionItem key={r.revision} r={r} before={revisions[i + 1]} label={block.label} />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
