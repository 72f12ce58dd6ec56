import type { Box } from './overview-geometry';
import type { EditorFlowNode, StateKind } from './node-data';
import { KIND_MINIMAP } from './nodes/minimap-colors';

/**
 * One rectangle of the overview: where a node is (flow pixels, absolute), its fill, and a mark for
 * a state with errors or a selected one (drawn across the whole strip, so it is found along a chain).
 */
export type OverviewItem = { box: Box; fill: string; id: string; mark?: 'error' | 'selected' };

const LANE_FILL = '#e2e8f0';
/** The marks' colours: errors red, the selection near black. */
export const MARK_FILL = { error: '#dc2626', selected: '#1e1b4b' } as const;

/**
 * The overview's rectangles from the canvas' nodes: lanes pale, states and containers in their
 * type's colour, marked when selected or with errors. Positions are made absolute through the
 * parents (React Flow lists a parent before its children); the start marker is left out.
 */
export function overviewItems(nodes: readonly EditorFlowNode[]): OverviewItem[] {
  const origin = new Map<string, { x: number; y: number }>();
  const items: OverviewItem[] = [];
  for (const n of nodes) {
    const parent = n.parentId ? origin.get(n.parentId) : undefined;
    const x = n.position.x + (parent?.x ?? 0);
    const y = n.position.y + (parent?.y ?? 0);
    origin.set(n.id, { x, y });
    const type = n.type as string;
    if (type === 'start') continue;
    const box = { x, y, width: n.measured?.width ?? n.width ?? 0, height: n.measured?.height ?? n.height ?? 0 };
    if (n.type === 'lane') {
      items.push({ box, fill: LANE_FILL, id: n.id });
      continue;
    }
    const mark = n.selected ? 'selected' : n.data.findings.errors > 0 ? 'error' : undefined;
    items.push({ box, fill: KIND_MINIMAP[n.data.kind as StateKind], id: n.id, ...(mark ? { mark } : {}) });
  }
  return items;
}
