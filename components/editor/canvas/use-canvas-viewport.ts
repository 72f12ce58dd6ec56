'use client';
import { useEffect, type RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';

/** The smallest zoom a workflow is first shown at; a larger one starts at its top instead of fitted whole. */
const READABLE_ZOOM = 0.45;
/** The zoom a found state is centred at when the canvas is zoomed out further (its card readable). */
const FOUND_ZOOM = 0.8;

/** Viewport moves the owner may ask for: fit the whole graph, or bring one node into view (zoom kept). */
export interface CanvasViewport {
  fit(): void;
  reveal(id: string): void;
  /** Centre a node, zooming in to a readable size if the canvas is zoomed out further; false when it is not drawn. */
  center(id: string): boolean;
  /** The state a new layout keeps in place on screen (the person points at it, or clicked it last), if any: no fit then. */
  anchor(): string | null;
}

/** Hands the canvas' viewport moves to its owner once per mount (`onReady`). */
export function useCanvasViewport(
  wrapper: RefObject<HTMLDivElement | null>,
  onReady: ((viewport: CanvasViewport) => void) | undefined,
  anchor: () => string | null,
) {
  const flow = useReactFlow();
  useEffect(() => {
    onReady?.({
      fit() {
        // A large workflow fitted whole would be unreadably small: below READABLE_ZOOM its top is
        // shown at that zoom instead (the start is where a reader begins), centred across.
        const el = wrapper.current;
        const bounds = flow.getNodesBounds(flow.getNodes());
        if (!el || bounds.width === 0) return void flow.fitView({ padding: 0.1, maxZoom: 1 });
        const zoom = Math.min(1, (el.clientWidth * 0.9) / bounds.width, (el.clientHeight * 0.9) / bounds.height);
        if (zoom >= READABLE_ZOOM) return void flow.fitView({ padding: 0.1, maxZoom: 1, duration: 200 });
        const z = Math.min(READABLE_ZOOM, (el.clientWidth * 0.95) / bounds.width) || READABLE_ZOOM;
        void flow.setViewport(
          { x: el.clientWidth / 2 - (bounds.x + bounds.width / 2) * z, y: 24 - bounds.y * z, zoom: Math.max(z, 0.2) },
          { duration: 200 },
        );
      },
      reveal(id) {
        const n = flow.getInternalNode(id);
        const el = wrapper.current;
        if (!n || !el) return;
        const { x, y, zoom } = flow.getViewport();
        const p = n.internals.positionAbsolute;
        const w = n.measured.width ?? 0;
        const h = n.measured.height ?? 0;
        const inside =
          p.x * zoom + x >= 0 && p.y * zoom + y >= 0 && (p.x + w) * zoom + x <= el.clientWidth && (p.y + h) * zoom + y <= el.clientHeight;
        if (!inside) void flow.setCenter(p.x + w / 2, p.y + h / 2, { zoom, duration: 200 });
      },
      center(id) {
        const n = flow.getInternalNode(id);
        if (!n) return false;
        const p = n.internals.positionAbsolute;
        const w = n.measured.width ?? n.width ?? 0;
        const h = n.measured.height ?? n.height ?? 0;
        void flow.setCenter(p.x + w / 2, p.y + h / 2, { zoom: Math.max(flow.getViewport().zoom, FOUND_ZOOM), duration: 200 });
        return true;
      },
      anchor,
    });
    // `anchor` reads refs: a new function per render does not change what it answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow, onReady, wrapper]);
}
