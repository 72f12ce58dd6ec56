'use client';
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { AuditIntegrity } from './audit-integrity';
import { AuditTable } from './audit-table';

const PAGE_SIZE = 25;

/**
 * Settings → Audit log (admins): newest first, one page at a time. The server pages by id
 * (`nextBeforeId`); the ids of the pages already passed are kept so "Newer" can step back.
 * The action filter is an exact match on a tool name or procedure path (e.g. `users.create`),
 * suggested from every action the log holds. "Verify integrity" checks the hash chain.
 */
export function AuditPanel() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState('');
  const [action, setAction] = useState('');
  const [cursors, setCursors] = useState<number[]>([]); // beforeId of each page after the first
  const beforeId = cursors.at(-1);
  const page = useQuery({
    ...trpc.audit.list.queryOptions({ limit: PAGE_SIZE, beforeId, action: action || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const next = page.data?.nextBeforeId ?? null;
  const actions = useQuery({ ...trpc.audit.actions.queryOptions(), staleTime: 0 });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setAction(draft.trim());
    setCursors([]);
  };

  return (
    <Panel
      title="Audit log"
      actions={
        <Button
          onClick={() => {
            void page.refetch();
            void actions.refetch();
          }}
          disabled={page.isFetching}
        >
          {page.isFetching ? 'Loading…' : 'Refresh'}
        </Button>
      }
    >
      <form onSubmit={apply} role="search" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Action</span>
          <input
            list="audit-actions"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. users.create"
            className={`${FIELD} w-64 font-mono`}
          />
          <datalist id="audit-actions">
            {(actions.data ?? []).map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <Button type="submit">Filter</Button>
        {action && (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setAction('');
              setCursors([]);
            }}
          >
            Show all actions
          </Button>
        )}
      </form>
      <AuditIntegrity />
      {page.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : page.isError ? (
        <ErrorState title="The audit log could not be loaded" message={errorMessage(page.error)} onRetry={() => void page.refetch()} />
      ) : page.data.rows.length === 0 ? (
        <EmptyState title={cursors.length > 0 ? 'No older entries' : action ? `No entries for ${action}` : 'The audit log is empty'} />
      ) : (
        <div className={page.isPlaceholderData ? 'opacity-60' : ''} aria-busy={page.isPlaceholderData}>
          <AuditTable rows={page.data.rows} />
        </div>
      )}
      <div className="mt-4 flex items-center justify-between gap-2 text-sm">
        <span className="text-slate-500">
          Page {cursors.length + 1}
          {action && (
            <>
              {' '}
              · action <code className="font-mono">{action}</code>
            </>
          )}
        </span>
        <div className="flex gap-2">
          <Button onClick={() => setCursors((c) => c.slice(0, -1))} disabled={cursors.length === 0 || page.isFetching}>
            Newer
          </Button>
          <Button onClick={() => next !== null && setCursors((c) => [...c, next])} disabled={next === null || page.isFetching}>
            Older
          </Button>
        </div>
      </div>
    </Panel>
  );
}
