'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { JsonDiffView } from '@/components/graph/json-diff-view';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { blockChange } from './block-diff';

/** What one revision of a shared block changed, read on demand (`companions.blockRevision`). */
export function RevisionChange({
  sessionId,
  blockId,
  label,
  revision,
}: {
  sessionId: string;
  blockId: string;
  label: string;
  revision: number;
}) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.companions.blockRevision.queryOptions({ session_id: sessionId, block_id: blockId, revision }),
    staleTime: Infinity,
  });
  if (q.isPending) return <LoadingState label={`Reading revision ${revision}…`} />;
  if (q.isError) return <ErrorState title={`Revision ${revision} could not be read`} message={errorMessage(q.error)} />;
  const change = blockChange(label, q.data.previous?.value ?? null, q.data.value);
  if (change.kind === 'json') return <JsonDiffView entries={change.entries} label={`Changes in revision ${revision}`} />;
  if (change.kind === 'lines') {
    if (!change.added.length && !change.removed.length) return <p className="text-xs text-slate-500">No line changed.</p>;
    return (
      <ul className="space-y-1 font-mono text-xs" aria-label={`Lines changed in revision ${revision}`}>
        {change.removed.map((l, i) => (
          <li key={`r${i}`} className="rounded bg-red-50 px-2 py-0.5 break-all text-red-900">
            <span className="sr-only">Dropped: </span>− {l}
          </li>
        ))}
        {change.added.map((l, i) => (
          <li key={`a${i}`} className="rounded bg-emerald-50 px-2 py-0.5 break-all text-emerald-900">
            <span className="sr-only">Added: </span>+ {l}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="grid gap-2 md:grid-cols-2">
      <pre className="max-h-64 overflow-auto rounded bg-red-50 p-2 text-xs whitespace-pre-wrap text-red-900">
        {change.before || '(empty)'}
      </pre>
      <pre className="max-h-64 overflow-auto rounded bg-emerald-50 p-2 text-xs whitespace-pre-wrap text-emerald-900">
        {change.after || '(empty)'}
      </pre>
    </div>
  );
}
