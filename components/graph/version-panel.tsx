'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatTime } from './format';
import { useGraphSelection } from './graph-selection';
import { HealthCheck } from './health-check';
import { PanelSection } from './panel-section';
import { ParentDiff } from './parent-diff';
import { SkillChip } from './skill-chip';
import { useLineage } from './use-lineage';
import { VersionDescendants } from './version-descendants';
import { VersionRuns } from './version-runs';
import type { VersionRef } from './types';

/** The lineage part of the panel: runs and descendants from the knowledge graph. */
function LineageParts({ version }: { version: VersionRef }) {
  const lineage = useLineage(version);
  if (lineage.isPending) return <LoadingState label="Loading runs and descendants from the knowledge graph…" />;
  if (lineage.isError)
    return (
      <ErrorState title="The lineage could not be loaded" message={errorMessage(lineage.error)} onRetry={() => void lineage.refetch()} />
    );
  if (lineage.data.status === 'error') {
    return lineage.data.error_code === 'not_found' ? (
      <p className="text-sm text-slate-500" role="status">
        The knowledge graph has not recorded this version yet; it catches up within seconds.
      </p>
    ) : (
      <ErrorState
        title="The version's history could not be read"
        message={lineage.data.error}
        code={lineage.data.error_code}
        onRetry={() => void lineage.refetch()}
      />
    );
  }
  const runs = lineage.data.runs.find((r) => r.workflow_id === version.workflowId && r.version === version.version)?.runs ?? [];
  return (
    <>
      <PanelSection title={`Runs (${runs.length})`} testId="version-runs-section">
        <VersionRuns runs={runs} />
      </PanelSection>
      <PanelSection title={`Descendants (${lineage.data.descendants.length})`} testId="version-descendants-section">
        <VersionDescendants descendants={lineage.data.descendants} />
      </PanelSection>
    </>
  );
}

/**
 * One saved version: what it is and where it came from, its skills, a health check (designers and
 * admins), its runs and descendants, and the diff to its parent.
 */
export function VersionPanel({ version, canChange }: { version: VersionRef; canChange: boolean }) {
  const trpc = useTRPC();
  const { selection, selectVersion, selectSkill } = useGraphSelection();
  const saved = useQuery(trpc.graph.savedWorkflow.queryOptions({ workflow_id: version.workflowId, version: version.version }));
  const all = useQuery(trpc.graph.savedWorkflows.queryOptions());
  if (saved.isPending) return <LoadingState label="Loading the version…" />;
  if (saved.isError)
    return <ErrorState title="The version could not be loaded" message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />;
  const v = saved.data;
  if (!v)
    return (
      <ErrorState
        title="No such saved version"
        message={`${version.workflowId}@${version.version} is not in the saved-workflow catalog.`}
      />
    );
  const parentName = all.data?.find((w) => w.workflowId === v.parentWorkflowId && w.version === v.parentVersion)?.name;

  return (
    <article aria-labelledby="version-panel-title" className="space-y-3" data-testid="version-panel">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="version-panel-title" className="text-base font-semibold">
            {v.name}
          </h2>
          <Badge>v{v.version}</Badge>
        </div>
        <p className="font-mono text-xs break-all text-slate-500">{v.workflowId}</p>
        {v.description && <p className="text-sm text-slate-600">{v.description}</p>}
        <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
          <dt className="text-slate-500">Parent</dt>
          <dd>
            {v.parentWorkflowId && v.parentVersion ? (
              <>
                <Badge tone={v.relation === 'VERSION_OF' ? 'info' : 'neutral'}>{v.relation}</Badge>{' '}
                <button
                  type="button"
                  onClick={() => selectVersion({ workflowId: v.parentWorkflowId!, version: v.parentVersion! })}
                  className="text-left text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  {parentName ?? v.parentWorkflowId} v{v.parentVersion}
                </button>
              </>
            ) : (
              '— (root)'
            )}
          </dd>
          <dt className="text-slate-500">Saved</dt>
          <dd>
            {formatTime(v.createdAt)}
            {v.author && ` by ${v.author}`}
          </dd>
          {v.note && (
            <>
              <dt className="text-slate-500">Note</dt>
              <dd>{v.note}</dd>
            </>
          )}
        </dl>
      </header>

      <PanelSection title={`Skills (${v.skills.length})`}>
        <ul className="flex flex-wrap gap-1" aria-label={`Skills of ${v.name} ${v.version}`}>
          {v.skills.map((s) => (
            <li key={s}>
              <SkillChip uri={s} selected={selection?.kind === 'skill' && selection.uri === s} onSelect={selectSkill} />
            </li>
          ))}
        </ul>
      </PanelSection>

      {canChange && (
        <PanelSection title="Health">
          <HealthCheck key={`${v.workflowId}@${v.version}`} version={version} />
        </PanelSection>
      )}

      <LineageParts version={version} />

      <PanelSection title="Diff to parent" testId="parent-diff">
        <ParentDiff saved={v} />
      </PanelSection>
    </article>
  );
}
