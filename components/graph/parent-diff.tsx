'use client';
import { useMemo } from 'react';
import { jsonDiff } from './json-diff';
import { JsonDiffView } from './json-diff-view';
import type { SavedVersionWithDocument } from './types';

/** What changed from the parent version to this one (the saved documents, compared as JSON). */
export function ParentDiff({ saved }: { saved: SavedVersionWithDocument }) {
  const entries = useMemo(() => (saved.parentDocument ? jsonDiff(saved.parentDocument, saved.document) : null), [saved]);
  if (!saved.parentWorkflowId) return <p className="text-sm text-slate-500">This version has no parent: it is the root of its lineage.</p>;
  if (!entries)
    return (
      <p className="text-sm text-slate-500">
        The parent version {saved.parentWorkflowId}@{saved.parentVersion} is not saved, so there is nothing to compare.
      </p>
    );
  return <JsonDiffView entries={entries} label={`Changes from ${saved.parentVersion} to ${saved.version}`} />;
}
