'use client';
import { useEffect, useMemo, useRef } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import { EditorCanvas, type CanvasViewport } from './canvas/editor-canvas';
import type { ChangeMark, RunOverlay } from './canvas/node-data';
import { SkillFiguresContext } from './canvas/skill-figures';
import { leafSizes, toReactFlow, type RouteEdge } from './canvas/to-react-flow';
import { useFlowLayout } from './canvas/use-flow-layout';
import { useSkillFigures } from './canvas/use-skill-figures';
import { RUN_BAND_HEIGHT } from './canvas/node-size';
import { toFlowGraph } from './model/to-flow-graph';

const NO_FINDINGS = new Map();
const NO_MOVES = {};
/** In the run view a Parallel/Map header carries a status band: its lanes start lower. */
const RUN_LAYOUT = { containerHeader: 52 + RUN_BAND_HEIGHT + 8 };
const NO_OPTIONS = {};

type Props = {
  doc: unknown;
  ariaLabel: string;
  /** The run view: each state's live status (by node id, i.e. the state's pointer). */
  run?: ReadonlyMap<string, RunOverlay>;
  /** The comparison view: states added, removed or changed. */
  changes?: ReadonlyMap<string, ChangeMark>;
  /** Transitions a run took (edge ids): drawn strong, the others faint. */
  taken?: ReadonlySet<string>;
  selected?: string | null;
  onSelect?(pointer: string): void;
  minimap?: boolean;
};

/**
 * A workflow drawn read-only with the editor's canvas and layout: the run view colours its states
 * by status, the comparison view by change. Clicking a state reports it through `onSelect`.
 */
export function WorkflowGraphView({ doc, ariaLabel, run, changes, taken, selected = null, onSelect, minimap = true }: Props) {
  const figures = useSkillFigures();
  const graph = useMemo(() => toFlowGraph(doc), [doc]);
  const sizes = useMemo(() => leafSizes(graph, !!run), [graph, run]);
  const { layout } = useFlowLayout(graph, sizes, false, run ? RUN_LAYOUT : NO_OPTIONS);
  const selection = useMemo(() => new Set(selected ? [selected] : []), [selected]);
  const flow = useMemo(() => {
    const f = toReactFlow({ graph, layout, moved: NO_MOVES, findings: NO_FINDINGS, run, changes, readOnly: true, selection });
    if (!taken) return f;
    const edges: RouteEdge[] = f.edges.map((e) => ({ ...e, data: { ...e.data!, tone: taken.has(e.id) ? 'taken' : 'idle' } }));
    return { ...f, edges };
  }, [graph, layout, run, changes, selection, taken]);
  const viewport = useRef<CanvasViewport | null>(null);
  const fitted = useRef(false);
  useEffect(() => {
    if (layout && !fitted.current) {
      fitted.current = true;
      requestAnimationFrame(() => viewport.current?.anchor() || viewport.current?.fit());
    }
  }, [layout]);
  return (
    <SkillFiguresContext.Provider value={figures}>
      <ReactFlowProvider>
        <EditorCanvas
          nodes={flow.nodes}
          edges={flow.edges}
          readOnly
          ariaLabel={ariaLabel}
          onReady={(v) => (viewport.current = v)}
          onNodeClick={onSelect}
          minimap={minimap}
        />
      </ReactFlowProvider>
    </SkillFiguresContext.Provider>
  );
}
