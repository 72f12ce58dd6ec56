'use client';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useRef, type DragEvent, type KeyboardEvent, type ClipboardEvent } from 'react';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import { useState } from 'react';

export type { CanvasViewport } from './use-canvas-viewport';
import type { StateType } from '@/server/engine/asl/state-fields';
import { isSourceHandle } from './handles';
import { keepMeasured } from './reuse-flow';
import { absolutePosition, keepInPlace } from './layout-anchor';
import type { EditorFlowNode } from './node-data';
import { ContainerNode, LaneNode } from './nodes/container-node';
import { OverviewMap } from './overview-map';
import { StartNode } from './nodes/start-node';
import { StateNode } from './nodes/state-node';
import { EdgeMarkers, RouteEdge } from './edges/route-edge';
import { FindStateBox, type StateSearch } from './find-state-box';
import { SelectionEcho } from './selection-echo';
import { useCanvasViewport, type CanvasViewport } from './use-canvas-viewport';
import { FAR_ZOOM, FarContext, READABLE_MIN_ZOOM } from './zoom-context';
import { CanvasControls } from './canvas-controls';
import type { RouteEdge as RouteEdgeType } from './to-react-flow';
import { PALETTE_MIME } from './palette-drag';

const NODE_TYPES = { state: StateNode, container: ContainerNode, lane: LaneNode, start: StartNode };
const EDGE_TYPES = { route: RouteEdge };
/** Above this many nodes only what is on screen is drawn (a 500-state workflow stays smooth). */
const VIRTUALIZE_ABOVE = 150;

/** What the canvas asks its owner to do; the owner turns each into a model edit. */
export interface CanvasActions {
  connect(source: string, handle: 'next' | 'rule' | 'default' | 'catch', target: string): void;
  /** An existing transition dragged to a new target. */
  retarget(edge: RouteEdgeType, target: string): void;
  select(pointers: string[], edges: string[]): void;
  move(id: string, position: { x: number; y: number }): void;
  /** A palette item dropped at `position` (relative to the lane `scope`, or to the canvas for `/asl`). */
  drop(type: StateType, scope: string, position: { x: number; y: number }): void;
  remove(pointers: string[], edges: RouteEdgeType[]): void;
  copy(pointers: string[]): string | null;
  paste(text: string, scope: string): void;
  undo(): void;
  redo(): void;
  selectAll(): void;
  /** Double-click on a state: focus its first field in the inspector. */
  open(pointer: string): void;
}

type Props = {
  nodes: EditorFlowNode[];
  edges: RouteEdgeType[];
  readOnly: boolean;
  actions?: CanvasActions;
  /** Called once per mount with viewport controls, so the owner can fit or reveal after a new layout. */
  onReady?(viewport: CanvasViewport): void;
  ariaLabel: string;
  /** Node clicks in read-only mode (the run view opens a state's details). */
  onNodeClick?(id: string): void;
  /** Show the minimap (off in small side-by-side views). */
  minimap?: boolean;
  /** Finding states (Ctrl/⌘+F on the canvas opens the find box); absent, the browser's find is left alone. */
  search?: StateSearch;
};

/** The innermost lane under a point of the flow, with its absolute position (for drops into a branch). */
function laneAt(flow: ReturnType<typeof useReactFlow>, nodes: EditorFlowNode[], point: { x: number; y: number }) {
  let best: { scope: string; origin: { x: number; y: number }; area: number } | null = null;
  for (const n of nodes) {
    if (n.type !== 'lane') continue;
    const internal = flow.getInternalNode(n.id);
    if (!internal) continue;
    const { x, y } = internal.internals.positionAbsolute;
    const w = internal.measured.width ?? n.width ?? 0;
    const h = internal.measured.height ?? n.height ?? 0;
    if (point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h && (!best || w * h < best.area))
      best = { scope: n.id, origin: { x, y }, area: w * h };
  }
  return best;
}

/**
 * The workflow canvas (React Flow): nodes and edges come from the document; every gesture —
 * connect, reconnect, drag, drop from the palette, delete, copy/paste, undo/redo — is reported
 * through `actions` and comes back as a new document. Keyboard: Delete/Backspace, Ctrl/⌘+C, X,
 * V, D (duplicate), A, Z, Shift+Z / Y while the canvas has focus; Ctrl/⌘+F opens the find box
 * (only there: elsewhere on the page the browser's own find answers). Zoomed out below FAR_ZOOM,
 * nodes draw their names large instead of their cards.
 */
export function EditorCanvas({
  nodes: computedNodes,
  edges: computedEdges,
  readOnly,
  actions,
  onReady,
  ariaLabel,
  onNodeClick,
  minimap = true,
  search,
}: Props) {
  const flow = useReactFlow();
  // One subscription for all nodes: they redraw only when the zoom crosses FAR_ZOOM.
  const far = useStore((s) => s.transform[2] < FAR_ZOOM);
  const [finding, setFinding] = useState(false);
  const [nodes, setNodes] = useState(computedNodes);
  const [edges, setEdges] = useState(computedEdges);
  // A node the owner did not change keeps React Flow's copy (with its `measured` size): a new
  // object without one makes React Flow draw the node to measure it, even off screen, so handing
  // over a thousand new objects per keystroke drew a thousand nodes per keystroke. A node the owner
  // changed keeps the measured size too when its box and handles are the same (a new layout moves
  // every node: each would otherwise be drawn once to be measured).
  const lastComputed = useRef(computedNodes);
  // The state a new layout keeps in place on screen (layout-anchor.ts): the one under the pointer, else the one last clicked.
  const hovered = useRef<string | null>(null);
  const pressed = useRef<string | null>(null);
  useEffect(() => {
    const before = new Map(lastComputed.current.map((n) => [n.id, n]));
    lastComputed.current = computedNodes;
    const anchor = hovered.current ?? pressed.current;
    const was = anchor ? flow.getInternalNode(anchor)?.internals.positionAbsolute : undefined;
    const now = anchor ? absolutePosition(computedNodes, anchor) : null;
    const shifted = was && now ? keepInPlace(flow.getViewport(), was, now) : null;
    if (shifted) void flow.setViewport(shifted);
    setNodes((local) => {
      const mine = new Map(local.map((n) => [n.id, n]));
      return computedNodes.map((n) => (before.get(n.id) === n ? (mine.get(n.id) ?? n) : keepMeasured(n, mine.get(n.id))));
    });
  }, [computedNodes, flow]);
  useEffect(() => setEdges(computedEdges), [computedEdges]);
  // What React Flow was last handed as selected: its report of that is not the user's choice (selection-echo.ts).
  const echo = useRef(new SelectionEcho());
  useEffect(() => {
    echo.current.handed(
      computedNodes.filter((n) => n.selected && isState(n)).map((n) => n.id),
      computedEdges.filter((e) => e.selected).map((e) => e.id),
    );
  }, [computedNodes, computedEdges]);
  const wrapper = useRef<HTMLDivElement>(null);

  useCanvasViewport(wrapper, onReady, () => hovered.current ?? pressed.current);
  const isState = (n: EditorFlowNode) => n.type === 'state' || n.type === 'container';

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorFlowNode>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      for (const c of changes) if (c.type === 'position' && c.dragging === false && c.position) actions?.move(c.id, c.position);
    },
    [actions],
  );
  const onEdgesChange = useCallback((changes: EdgeChange<RouteEdgeType>[]) => setEdges((es) => applyEdgeChanges(changes, es)), []);
  const onSelectionChange = useCallback(
    ({ nodes: n, edges: e }: OnSelectionChangeParams) => {
      const states = n.filter((x) => x.type === 'state' || x.type === 'container').map((x) => x.id);
      const routes = e.map((x) => x.id);
      if (!echo.current.isEcho(states, routes)) actions?.select(states, routes);
    },
    [actions],
  );

  const nameOf = useCallback(
    (id: string) => {
      const n = computedNodes.find((x) => x.id === id);
      return n && (n.type === 'state' || n.type === 'container') ? n.data.name : null;
    },
    [computedNodes],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      const target = nameOf(c.target);
      if (target && isSourceHandle(c.sourceHandle)) actions?.connect(c.source, c.sourceHandle, target);
    },
    [actions, nameOf],
  );
  const onReconnect = useCallback(
    (old: RouteEdgeType, c: Connection) => {
      const target = nameOf(c.target);
      if (target && c.source === old.source) actions?.retarget(old, target);
    },
    [actions, nameOf],
  );
  const isValidConnection = useCallback(
    (c: Connection | RouteEdgeType) => {
      const s = computedNodes.find((x) => x.id === c.source);
      const t = computedNodes.find((x) => x.id === c.target);
      return !!s && !!t && (t.type === 'state' || t.type === 'container') && s.parentId === t.parentId;
    },
    [computedNodes],
  );

  const selected = () => ({
    nodes: nodes.filter((n) => n.selected && (n.type === 'state' || n.type === 'container')).map((n) => n.id),
    edges: edges.filter((e) => e.selected),
  });
  /** Where pasted states go: the lane of the first selected state, else the machine's top level. */
  const pasteScope = () => {
    const first = nodes.find((n) => n.selected && (n.type === 'state' || n.type === 'container'));
    return first?.parentId ?? '/asl';
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && k === 'f' && search) {
      e.preventDefault();
      setFinding(true);
      return;
    }
    if (readOnly || !actions) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      const s = selected();
      if (s.nodes.length || s.edges.length) actions.remove(s.nodes, s.edges);
    } else if (mod && k === 'z') (e.shiftKey ? actions.redo : actions.undo)();
    else if (mod && k === 'y') actions.redo();
    else if (mod && k === 'a') actions.selectAll();
    else if (mod && k === 'd') {
      const text = actions.copy(selected().nodes);
      if (text) actions.paste(text, pasteScope());
    } else return;
    e.preventDefault();
  };
  const onCopy = (e: ClipboardEvent, cut = false) => {
    if (!actions) return;
    const s = selected();
    const text = actions.copy(s.nodes);
    if (!text) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
    if (cut && !readOnly) actions.remove(s.nodes, []);
  };
  const onPaste = (e: ClipboardEvent) => {
    if (readOnly || !actions) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    e.preventDefault();
    actions.paste(text, pasteScope());
  };
  const onDragOver = (e: DragEvent) => {
    if (readOnly || !e.dataTransfer.types.includes(PALETTE_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(PALETTE_MIME) as StateType;
    if (readOnly || !type || !actions) return;
    e.preventDefault();
    const point = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
    const lane = laneAt(flow, nodes, point);
    actions.drop(type, lane?.scope ?? '/asl', lane ? { x: point.x - lane.origin.x, y: point.y - lane.origin.y } : point);
  };

  return (
    <div className="relative h-full w-full">
      <div
        ref={wrapper}
        className="relative h-full w-full outline-none focus-visible:ring-2 focus-visible:ring-indigo-300"
        tabIndex={0}
        role="application"
        aria-label={ariaLabel}
        data-testid="editor-canvas"
        onKeyDown={onKeyDown}
        onCopy={(e) => onCopy(e)}
        onCut={(e) => onCopy(e, true)}
        onPaste={onPaste}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <EdgeMarkers />
        <FarContext.Provider value={far}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onSelectionChange={onSelectionChange}
            onConnect={onConnect}
            onReconnect={onReconnect}
            isValidConnection={isValidConnection}
            onNodeClick={(_, n) => {
              if (!isState(n)) return;
              pressed.current = n.id;
              onNodeClick?.(n.id);
            }}
            onPaneClick={() => (pressed.current = null)}
            // A pointer moving over the state (not one a page drew a node under: enter fires for that too).
            onNodeMouseMove={(_, n) => isState(n) && (hovered.current = n.id)}
            onNodeMouseLeave={(_, n) => hovered.current === n.id && (hovered.current = null)}
            onNodeDoubleClick={actions ? (_, n) => (n.type === 'state' || n.type === 'container') && actions.open(n.id) : undefined}
            nodesDraggable={!readOnly}
            nodesConnectable={!readOnly}
            elementsSelectable
            edgesReconnectable={!readOnly}
            deleteKeyCode={null}
            selectionKeyCode="Shift"
            multiSelectionKeyCode={['Meta', 'Control']}
            onlyRenderVisibleElements={computedNodes.length > VIRTUALIZE_ABOVE}
            minZoom={READABLE_MIN_ZOOM}
            maxZoom={2}
            // A large graph is not fitted before its layout: its stacked first positions fitted whole
            // would draw every node at once; the owner fits it once the layout arrives.
            fitView={computedNodes.length <= VIRTUALIZE_ABOVE}
            fitViewOptions={{ padding: 0.1, maxZoom: 1 }}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={20} size={1} />
            <CanvasControls />
            {minimap && <OverviewMap nodes={nodes} />}
          </ReactFlow>
        </FarContext.Provider>
      </div>
      {finding && search && (
        <FindStateBox
          search={search}
          onClose={() => {
            setFinding(false);
            wrapper.current?.focus();
          }}
        />
      )}
    </div>
  );
}
