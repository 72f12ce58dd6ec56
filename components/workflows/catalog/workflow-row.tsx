'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { FIELD } from '@/components/ui/button';
import { VersionActions } from '../versions/version-actions';
import { VersionLifecycle } from '../versions/version-lifecycle';
import { compareHref, editorHref } from '../editor-links';
import type { CatalogWorkflow } from './group-versions';

const LINK =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 ' +
  'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500';

/**
 * One saved workflow: name, description, tags, how many states and skills, its lineage parent;
 * a version picker (the published version first selected) drives the version's lifecycle — status,
 * saved / published / retired at and by (issue 28) —, Publish and Retire (designers and admins),
 * Open (edit, or view for read-only roles), Compare (with the version before it) and Runs.
 */
export function WorkflowRow({ workflow, canEdit }: { workflow: CatalogWorkflow; canEdit: boolean }) {
  const [version, setVersion] = useState((workflow.published ?? workflow.latest).version);
  const v = workflow.versions.find((x) => x.version === version) ?? workflow.latest;
  const previous = workflow.versions[workflow.versions.indexOf(v) + 1];
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-4 px-4 py-3"
      data-testid="catalog-workflow"
      data-workflow-id={workflow.workflowId}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {v.name || '(unnamed)'} <span className="font-normal text-slate-500">v{v.version}</span>
        </p>
        {v.description && <p className="mt-0.5 text-sm text-slate-600">{v.description}</p>}
        <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
          <span>{v.states.length} states</span>·<span>{v.skills.length} skills</span>·
          <span>{workflow.published ? `in use: v${workflow.published.version}` : 'no published version'}</span>
          {v.relation && v.parentVersion && (
            <Badge tone={v.relation === 'REFINEMENT_OF' ? 'info' : 'neutral'}>
              {v.relation} {v.parentWorkflowId === v.workflowId ? `v${v.parentVersion}` : `another workflow v${v.parentVersion}`}
            </Badge>
          )}
          {v.tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </p>
        {v.note && <p className="mt-1 text-xs text-slate-600 italic">“{v.note}”</p>}
        <div className="mt-2 flex flex-wrap items-start gap-4">
          <VersionLifecycle version={v.version} lifecycle={v} />
          {canEdit && <VersionActions workflowId={workflow.workflowId} version={v.version} status={v.status} name={v.name} />}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <label className="sr-only" htmlFor={`version-${workflow.workflowId}`}>
          Version of {v.name}
        </label>
        <select id={`version-${workflow.workflowId}`} value={version} onChange={(e) => setVersion(e.target.value)} className={FIELD}>
          {workflow.versions.map((x) => (
            <option key={x.version} value={x.version}>
              v{x.version} — {x.status === 'published' ? 'published' : x.status}
            </option>
          ))}
        </select>
        <Link
          className={LINK}
          href={editorHref({ kind: 'saved', workflowId: workflow.workflowId, version: v.version })}
          aria-label={`${canEdit ? 'Edit' : 'View'} ${v.name} v${v.version}`}
        >
          {canEdit ? 'Edit' : 'View'}
        </Link>
        {previous && (
          <Link
            className={LINK}
            href={compareHref(
              { workflowId: workflow.workflowId, version: previous.version },
              { workflowId: workflow.workflowId, version: v.version },
            )}
            aria-label={`Compare ${v.name} v${previous.version} with v${v.version}`}
          >
            Compare
          </Link>
        )}
        <Link
          className={LINK}
          href={`/runs?${new URLSearchParams({ workflow_id: workflow.workflowId, version: v.version }).toString()}`}
          aria-label={`Runs of ${v.name} v${v.version}`}
        >
          Runs
        </Link>
      </div>
    </li>
  );
}
