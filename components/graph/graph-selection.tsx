'use client';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { VersionRef } from './types';

/** What the side panel shows: a workflow version, a skill (from a version's skill chip), or nothing. */
export type GraphSelection = { kind: 'version'; ref: VersionRef } | { kind: 'skill'; uri: string } | null;

type Ctx = { selection: GraphSelection; selectVersion(ref: VersionRef): void; selectSkill(uri: string): void };
const SelectionContext = createContext<Ctx | null>(null);

/** Writes the selection to the URL (`?workflow=&version=` or `?skill=`) so a view can be shared. */
function syncUrl(selection: GraphSelection) {
  const url = new URL(window.location.href);
  for (const k of ['workflow', 'version', 'skill']) url.searchParams.delete(k);
  if (selection?.kind === 'version') {
    url.searchParams.set('workflow', selection.ref.workflowId);
    url.searchParams.set('version', selection.ref.version);
  } else if (selection?.kind === 'skill') url.searchParams.set('skill', selection.uri);
  window.history.replaceState(null, '', url);
}

/** Holds the Graph page's selection; the lineage nodes and the side panel read and change it. */
export function GraphSelectionProvider({ initial, children }: { initial: GraphSelection; children: ReactNode }) {
  const [selection, setSelection] = useState<GraphSelection>(initial);
  const select = useCallback((s: GraphSelection) => {
    setSelection(s);
    syncUrl(s);
  }, []);
  const value = useMemo<Ctx>(
    () => ({ selection, selectVersion: (ref) => select({ kind: 'version', ref }), selectSkill: (uri) => select({ kind: 'skill', uri }) }),
    [selection, select],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useGraphSelection(): Ctx {
  const ctx = useContext(SelectionContext);
  if (!ctx) throw new Error('useGraphSelection outside GraphSelectionProvider');
  return ctx;
}
