'use client';
import { createContext, useContext, useMemo } from 'react';
import type { Finding } from '@/components/workflows/types';
import type { WorkflowDoc } from '../model/types';
import type { InspectorEdit } from './inspector';
import { pathSource, type PathSource, type PathTarget } from './path-sources';

/**
 * What every form of the inspector reads: the document, the node it inspects (a state's
 * pointer, or null for the workflow), whether it may edit, how to edit, the findings pinned to
 * that node, and — computed on first use per document — the data a path field reads.
 */
export interface InspectorScope {
  doc: WorkflowDoc;
  pointer: string | null;
  readOnly: boolean;
  edit: InspectorEdit;
  findings: readonly Finding[];
  source(target: PathTarget): PathSource;
}

const Context = createContext<InspectorScope | null>(null);

export function useInspector(): InspectorScope {
  const scope = useContext(Context);
  if (!scope) throw new Error('useInspector outside <InspectorProvider>');
  return scope;
}

/**
 * Provides the inspector scope; path sources are computed lazily and cached for this document.
 * Skill outputs are unknown shapes: the catalog (get_skillset) has no example results to build
 * them from, so completion stops at a Task result's `data`.
 */
export function InspectorProvider({ value, children }: { value: Omit<InspectorScope, 'source'>; children: React.ReactNode }) {
  const { doc, pointer, readOnly, edit, findings } = value;
  const scope = useMemo<InspectorScope>(() => {
    const cache = new Map<PathTarget, PathSource>();
    const source = (target: PathTarget) => {
      let s = cache.get(target);
      if (!s) {
        s = pathSource(doc, pointer ?? '', target);
        cache.set(target, s);
      }
      return s;
    };
    return { doc, pointer, readOnly, edit, findings, source };
  }, [doc, pointer, readOnly, edit, findings]);
  return <Context.Provider value={scope}>{children}</Context.Provider>;
}
