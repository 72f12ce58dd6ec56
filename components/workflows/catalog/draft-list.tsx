'use client';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { formatTime } from '@/components/graph/format';
import { editorHref } from '../editor-links';

/** The signed-in designer's drafts (kept on the server, valid or not): open one, or delete it. */
export function DraftList() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const drafts = useQuery(trpc.workflows.drafts.list.queryOptions());
  const remove = useMutation(
    trpc.workflows.drafts.delete.mutationOptions({
      onSuccess: () => qc.invalidateQueries({ queryKey: trpc.workflows.drafts.list.queryKey() }),
    }),
  );
  if (drafts.isPending) return <LoadingState label="Loading your drafts…" />;
  if (drafts.isError)
    return (
      <ErrorState title="Your drafts could not be loaded" message={errorMessage(drafts.error)} onRetry={() => void drafts.refetch()} />
    );
  if (drafts.data.length === 0) return null;
  return (
    <section aria-labelledby="my-drafts" className="space-y-3">
      <h2 id="my-drafts" className="text-lg font-semibold">
        Your drafts
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Your drafts">
        {drafts.data.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 px-4 py-2.5" data-testid="catalog-draft">
            <div className="min-w-0">
              <Link href={editorHref({ kind: 'draft', draftId: d.id })} className="font-medium text-indigo-700 hover:underline">
                {d.title || 'Untitled draft'}
              </Link>
              <p className="text-xs text-slate-500">
                edited {formatTime(d.updatedAt)}
                {d.base && <> · based on v{d.base.version}</>}
              </p>
            </div>
            <Button
              variant="ghost"
              onClick={() => remove.mutate({ id: d.id })}
              disabled={remove.isPending}
              aria-label={`Delete draft ${d.title || 'Untitled draft'}`}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      {remove.isError && <ErrorState title="The draft was not deleted" message={errorMessage(remove.error)} />}
    </section>
  );
}
