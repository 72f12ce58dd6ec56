'use client';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { ElkGraphOptions, NodeSize } from '../model/elk-graph';
import type { FlowGraph } from '../model/flow-graph';
import { layoutFlowGraph, type FlowLayout } from '../model/layout-flow-graph';
import { elkLayouter } from './elk-instance';
import { keysQuiet, TYPING_PAUSE_MS } from './input-idle';
import { layoutSignature } from './layout-signature';

/** How long structural edits must pause before ELK runs again (a burst of edits lays out once). */
const SETTLE_MS = 120;

/**
 * The ELK layout of the graph, recomputed in the background when its signature changes (never
 * for edits that move no box). Until a new layout arrives the previous one stays on screen, so
 * the canvas never blanks; a stale result (the graph changed meanwhile) is dropped. `frozen`
 * keeps the current layout (auto-layout off) until `relayout()` is called.
 */
export function useFlowLayout(graph: FlowGraph, sizes: Readonly<Record<string, NodeSize>>, frozen = false, options: ElkGraphOptions = {}) {
  const [layout, setLayout] = useState<{ signature: string; layout: FlowLayout } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [force, setForce] = useState(0);
  // Computed when the graph or sizes change, not on every render of the editor.
  const signature = useMemo(
    () => `${options.containerHeader ?? ''}|${layoutSignature(graph, sizes)}`,
    [graph, sizes, options.containerHeader],
  );
  const latest = useRef(signature);
  latest.current = signature;
  const want = frozen && layout ? layout.signature : signature;

  useEffect(() => {
    if (layout?.signature === want && force === 0) return;
    let cancelled = false;
    const run = async () => {
      try {
        const elk = await elkLayouter();
        const t0 = performance.now();
        const result = await layoutFlowGraph(graph, sizes, elk, options);
        if (cancelled) return;
        performance.measure?.('dcf:layout', { start: t0, end: performance.now() });
        // Applied in a pause of typing, as a transition (the render it starts yields to a key).
        await keysQuiet(TYPING_PAUSE_MS);
        if (cancelled) return;
        startTransition(() => {
          setLayout({ signature, layout: result });
          setError(null);
          setForce(0);
        });
      } catch (err) {
        if (!cancelled) setError((err as Error).message);
      }
    };
    const timer = setTimeout(() => void run(), layout ? SETTLE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // graph and sizes are described by `signature`; re-running on their identity would lay out per keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [want, force]);

  return {
    layout: layout?.layout ?? null,
    /** True while the drawn layout is not the one of the current graph. */
    pending: layout?.signature !== signature && !frozen,
    error,
    relayout: () => setForce((n) => n + 1),
  };
}
