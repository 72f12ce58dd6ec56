'use client';
import Link from 'next/link';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { compareVersions } from '@/lib/semver';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { editorHref } from '@/components/workflows/editor-links';
import { CLOCK_NOTE } from '@/components/workflows/versions/lifecycle-text';
import { VersionActions } from '@/components/workflows/versions/version-actions';
import { VersionLifecycle } from '@/components/workflows/versions/version-lifecycle';

/**
 * The editor's Versions tab (issue 28): every saved version of the open workflow, highest first,
 * with its status and when and by whom it was saved, published and retired; designers and admins
 * publish and retire from here. The version the open document names is marked "this document".
 */
export function VersionsPanel({
  workflowId,
  openVersion,
  canEdit,
}: {
  workflowId: string | null;
  openVersion: string | null;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const saved = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const versions = useMemo(
    () => (saved.data ?? []).filter((v) => v.workflowId === workflowId).sort((a, b) => compareVersions(b.version, a.version)),
    [saved.data, workflowId],
  );
  if (saved.isPending) return <LoadingState label="Loading versions…" />;
  if (saved.isError) {
    return <ErrorState title="Versions could not be loaded" message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />;
  }
  return (
    <section className="space-y-3 p-3" aria-label="Versions" data-testid="versions-panel">
      <p className="text-xs text-slate-500">
        Only the published version is used by runs by workflow id, the Planner and schedules; a draft can be test-run (Run…). {CLOCK_NOTE}
      </p>
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600">No version of this workflow is saved yet: “Save version…” saves a draft.</p>
      ) : (
        <ul className="space-y-3">
          {versions.map((v) => (
            <li
              key={v.version}
              className="space-y-2 rounded-md border border-slate-200 p-2"
              data-testid="editor-version"
              data-version={v.version}
            >
              <div className="flex items-start justify-between gap-2">
                <VersionLifecycle version={v.version} lifecycle={v} />
                {v.version === openVersion ? (
                  <span className="text-xs font-medium text-slate-500">this document</span>
                ) : (
                  <Link
                    className="text-xs text-indigo-700 hover:underline"
                    href={editorHref({ kind: 'saved', workflowId: v.workflowId, version: v.version })}
                  >
                    Open
                  </Link>
                )}
              </div>
              {canEdit && <VersionActions workflowId={v.workflowId} version={v.version} status={v.status} name={v.name} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
