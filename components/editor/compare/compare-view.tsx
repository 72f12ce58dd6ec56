'use client';
import { useMemo } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { FIELD } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { WorkflowGraphView } from '@/components/editor/graph-view';
import { diffWorkflows } from '@/components/editor/model/diff-workflows';
import { jsonDiff } from '@/components/graph/json-diff';
import { JsonDiffView } from '@/components/graph/json-diff-view';
import { compareHref, parseVersionRef, type VersionRef } from '../../workflows/editor-links';
import { groupVersions } from '../../workflows/catalog/group-versions';
import { changeMarks } from './change-marks';

const refKey = (r: VersionRef) => `${r.workflowId}@${r.version}`;

/** Picks one saved version (any workflow), for one side of the comparison. */
function VersionPicker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: VersionRef | null;
  options: Array<{ ref: VersionRef; text: string }>;
  onChange(r: VersionRef): void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="font-medium">{label}</span>
      <select className={FIELD} value={value ? refKey(value) : ''} onChange={(e) => onChange(parseVersionRef(e.target.value)!)}>
        {!value && <option value="">Choose a version</option>}
        {options.map((o) => (
          <option key={refKey(o.ref)} value={refKey(o.ref)}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Two saved versions side by side: both graphs, the older with removed and changed states marked,
 * the newer with added and changed ones; a summary of what changed; and the JSON diff.
 */
export function CompareView() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const left = parseVersionRef(params.get('left'));
  const right = parseVersionRef(params.get('right'));
  const all = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const a = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions({ workflow_id: left?.workflowId ?? '', version: left?.version ?? '' }),
    enabled: !!left,
  });
  const b = useQuery({
    ...trpc.graph.savedWorkflow.queryOptions({ workflow_id: right?.workflowId ?? '', version: right?.version ?? '' }),
    enabled: !!right,
  });
  const options = useMemo(
    () =>
      groupVersions(all.data ?? []).flatMap((g) =>
        g.versions.map((v) => ({ ref: { workflowId: v.workflowId, version: v.version }, text: `${v.name} v${v.version}` })),
      ),
    [all.data],
  );
  const diff = useMemo(() => (a.data && b.data ? diffWorkflows(a.data.document, b.data.document) : null), [a.data, b.data]);
  const marks = useMemo(() => (diff ? changeMarks(diff) : null), [diff]);
  const entries = useMemo(() => (a.data && b.data ? jsonDiff(a.data.document, b.data.document) : []), [a.data, b.data]);
  const go = (l: VersionRef | null, r: VersionRef | null) => l && r && router.replace(compareHref(l, r));

  if (all.isError) return <ErrorState title="Saved workflows could not be loaded" message={errorMessage(all.error)} />;
  return (
    <div className="space-y-4" data-testid="compare-view">
      <div className="flex flex-wrap items-center gap-4">
        <VersionPicker label="Before" value={left} options={options} onChange={(r) => go(r, right ?? r)} />
        <span aria-hidden>→</span>
        <VersionPicker label="After" value={right} options={options} onChange={(r) => go(left ?? r, r)} />
      </div>
      {(a.isPending && !!left) || (b.isPending && !!right) ? (
        <LoadingState label="Loading both versions…" />
      ) : !a.data || !b.data ? (
        <EmptyState title="Choose two saved versions to compare." />
      ) : (
        <>
          <p className="flex flex-wrap gap-2 text-sm" data-testid="compare-summary">
            <Badge tone="ok">{diff!.counts.added} added</Badge>
            <Badge tone="bad">{diff!.counts.removed} removed</Badge>
            <Badge tone="warn">{diff!.counts.changed} changed</Badge>
            <Badge>{diff!.counts.unchanged} unchanged</Badge>
            {diff!.document.length > 0 && (
              <span className="text-slate-600">Workflow fields changed: {diff!.document.map((d) => d.field).join(', ')}</span>
            )}
          </p>
          <div className="grid gap-3 lg:grid-cols-2">
            {[
              { side: 'before', data: a.data, marks: marks!.left },
              { side: 'after', data: b.data, marks: marks!.right },
            ].map(({ side, data, marks }) => (
              <section
                key={side}
                aria-label={`${side === 'before' ? 'Before' : 'After'}: ${data.name} v${data.version}`}
                className="rounded-lg border border-slate-200 bg-white"
              >
                <h2 className="border-b border-slate-100 px-3 py-2 text-sm font-semibold">
                  {side === 'before' ? 'Before' : 'After'}: {data.name}{' '}
                  <span className="font-mono text-xs font-normal text-slate-500">v{data.version}</span>
                </h2>
                <div className="h-[520px]">
                  <WorkflowGraphView
                    doc={data.document}
                    changes={marks}
                    minimap={false}
                    ariaLabel={`Graph of ${data.name} v${data.version}`}
                  />
                </div>
              </section>
            ))}
          </div>
          {diff!.states.some((s) => s.status === 'changed') && (
            <ul className="space-y-1 text-sm" aria-label="Changed states">
              {diff!.states
                .filter((s) => s.status === 'changed')
                .map((s) => (
                  <li key={s.pointer}>
                    <span className="font-medium">{s.name}</span>: {s.fields.join(', ')}
                  </li>
                ))}
            </ul>
          )}
          <section aria-labelledby="json-diff-title" className="space-y-2">
            <h2 id="json-diff-title" className="text-base font-semibold">
              JSON diff
            </h2>
            <JsonDiffView entries={entries} label={`Changes from v${a.data.version} to v${b.data.version}`} />
          </section>
        </>
      )}
    </div>
  );
}
