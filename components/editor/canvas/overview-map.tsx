'use client';
import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { Panel, useReactFlow, useStore } from '@xyflow/react';
import type { EditorFlowNode } from './node-data';
import { boundsOf, clipToFrame, overviewFrame, toFlow, toMap, visibleFlow, type OverviewFrame } from './overview-geometry';
import { MARK_FILL, overviewItems, type OverviewItem } from './overview-items';

/** How thick a mark is drawn at least, in map pixels. */
const MARK_MIN = 2;

/**
 * Paints every node's rectangle on one canvas, sharp on high-density screens; then the marks (errors,
 * the selection) over them, across the whole strip of a long graph (like a scroll bar's markers) and
 * as the node's own rectangle in a box.
 */
function paint(el: HTMLCanvasElement, frame: OverviewFrame, items: readonly OverviewItem[]) {
  const dpr = window.devicePixelRatio || 1;
  el.width = Math.round(frame.width * dpr);
  el.height = Math.round(frame.height * dpr);
  const g = el.getContext('2d');
  if (!g) return;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, frame.width, frame.height);
  for (const item of items) {
    const r = toMap(frame, item.box);
    g.fillStyle = item.fill;
    g.fillRect(r.x, r.y, r.width, r.height);
  }
  for (const item of items) {
    if (!item.mark) continue;
    const r = toMap(frame, item.box);
    g.fillStyle = MARK_FILL[item.mark];
    if (frame.shape === 'column') g.fillRect(0, r.y, frame.width, Math.max(MARK_MIN, r.height));
    else if (frame.shape === 'row') g.fillRect(r.x, 0, Math.max(MARK_MIN, r.width), frame.height);
    else g.fillRect(r.x, r.y, r.width, r.height);
  }
}

/**
 * The canvas' overview (minimap): every node as a rectangle in its type's colour (errors red, the
 * selection near black) on one <canvas>, repainted only when the nodes change, and the part on screen
 * as a frame that follows the viewport. A press or drag on it centres the view there (zoom kept).
 * React Flow's own minimap draws a 1,000-state chain to scale: a grey box with a line a pixel wide;
 * this one gives a long chain a strip down the canvas (see overviewFrame).
 */
export function OverviewMap({ nodes }: { nodes: readonly EditorFlowNode[] }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const transform = useStore((s) => s.transform);
  const items = useMemo(() => overviewItems(nodes), [nodes]);
  const frame = useMemo(() => overviewFrame(boundsOf(items.map((i) => i.box)), { width, height }), [items, width, height]);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) paint(canvas.current, frame, items);
  }, [frame, items]);

  if (items.length === 0 || width === 0) return null;
  const view = clipToFrame(frame, toMap(frame, visibleFlow(transform, { width, height })));
  const moveTo = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const p = toFlow(frame, { x: e.clientX - box.left, y: e.clientY - box.top });
    void flow.setCenter(p.x, p.y, { zoom: transform[2] });
  };
  return (
    <Panel position="bottom-right">
      <div
        className="relative cursor-pointer overflow-hidden rounded border border-slate-300 bg-white/90 shadow-sm"
        style={{ width: frame.width, height: frame.height }}
        data-testid="overview-map"
        data-shape={frame.shape}
        role="img"
        aria-label="Minimap of the workflow: press to move the view there"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          moveTo(e);
        }}
        onPointerMove={(e) => e.buttons === 1 && moveTo(e)}
      >
        <canvas ref={canvas} className="absolute inset-0" style={{ width: frame.width, height: frame.height }} />
        <svg className="pointer-events-none absolute inset-0" width={frame.width} height={frame.height} aria-hidden>
          <rect
            x={view.x}
            y={view.y}
            width={view.width}
            height={view.height}
            className="fill-indigo-500/15 stroke-indigo-600"
            strokeWidth={1.5}
            data-testid="overview-view"
          />
        </svg>
      </div>
    </Panel>
  );
}
