'use client';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { FIELD } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { editorHref } from '../editor-links';
import { DraftList } from './draft-list';
import { ExampleList } from './example-list';
import { ImportFileButton } from './import-file-button';
import { groupVersions, matchesSearch } from './group-versions';
import { WorkflowRow } from './workflow-row';
import { CLOCK_NOTE } from '../versions/lifecycle-text';

const LINK_PRIMARY =
  'inline-flex items-center rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white ' +
  'hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-indigo-500';

/**
 * The Workflows page: saved workflows (every version, searchable) to open in the editor, compare
 * or run; the signed-in designer's drafts; and the example files. `canEdit` (designers, admins)
 * shows the actions that change workflows — the server enforces the same roles.
 */
export function WorkflowCatalog({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const saved = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const [search, setSearch] = useState('');
  const groups = useMemo(() => groupVersions(saved.data ?? []), [saved.data]);
  const shown = groups.filter((g) => matchesSearch(g, search));

  return (
    <div className="space-y-8">
      <section aria-labelledby="saved-workflows" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="saved-workflows" className="text-lg font-semibold">
              Saved workflows
            </h2>
            <p className="text-xs text-slate-500" data-testid="clock-note">
              Only the published version of a workflow is used by runs by id, the Planner and schedules. {CLOCK_NOTE}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search name, tag, skill or state"
              aria-label="Search workflows"
              className={`${FIELD} w-72`}
            />
            {canEdit && <ImportFileButton />}
            {canEdit && (
              <Link href={editorHref({ kind: 'new' })} className={LINK_PRIMARY}>
                New workflow
              </Link>
            )}
          </div>
        </div>
        {saved.isPending ? (
          <LoadingState label="Loading saved workflows…" />
        ) : saved.isError ? (
          <ErrorState
            title="Saved workflows could not be loaded"
            message={errorMessage(saved.error)}
            onRetry={() => void saved.refetch()}
          />
        ) : shown.length === 0 ? (
          <EmptyState title={groups.length ? 'No workflow matches the search.' : 'No workflow is saved yet.'}>
            {canEdit && !groups.length ? 'Start a new one, or open an example below and save it.' : null}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Saved workflows">
            {shown.map((g) => (
              <WorkflowRow key={g.workflowId} workflow={g} canEdit={canEdit} />
            ))}
          </ul>
        )}
      </section>
      {canEdit && <DraftList />}
      <ExampleList />
    </div>
  );
}
