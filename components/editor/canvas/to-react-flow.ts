import type { Edge, Node } from '@xyflow/react';
import { isObject } from '@/server/engine/json';
import type { FlowEdge, FlowGraph, FlowNode, StateFlowNode as ModelStateNode } from '../model/flow-graph';
import type { EdgeRoute, FlowLayout, Point } from '../model/layout-flow-graph';
import type { Held } from '../model/collapse-graph';
import type { NodeSize } from '../model/elk-graph';
import { HANDLE, type SourceHandle } from './handles';
import type { ChangeMark, EditorFlowNode, RunOverlay, StateKind, StateNodeData } from './node-data';
import { nodeSize } from './node-size';

/** What an edge draws: its kind and index (to edit exactly it), its label and, when fresh, ELK's route. */
export type RouteEdgeData = { kind: FlowEdge['kind']; index?: number; label?: string; route: EdgeRoute | null; tone?: 'taken' | 'idle' };
export type RouteEdge = Edge<RouteEdgeData, 'route'>;

export type FindingCounts = { errors: number; warnings: number };
const NO_FINDINGS: FindingCounts = { errors: 0, warnings: 0 };

export interface CanvasInput {
  graph: FlowGraph;
  layout: FlowLayout | null;
  /** Positions the user dragged nodes to (relative to their parent). */
  moved: Readonly<Record<string, Point>>;
  findings: ReadonlyMap<string, FindingCounts>;
  run?: ReadonlyMap<string, RunOverlay>;
  /** Version comparison: states added, removed or changed relative to the other side. */
  changes?: ReadonlyMap<string, ChangeMark>;
  readOnly: boolean;
  selection: ReadonlySet<string>;
  /** Collapsed Parallel/Map containers (the graph no longer holds their insides): what each holds. */
  held?: ReadonlyMap<string, Held>;
}

const SOURCE_HANDLE: Record<Exclude<FlowEdge['kind'], 'start'>, SourceHandle> = {
  next: HANDLE.next,
  default: HANDLE.default,
  choice: HANDLE.rule,
  catch: HANDLE.catch,
};

/** A node's drawing data from the model node: type, skills, counts of rules, retriers and catchers. */
export function stateData(n: ModelStateNode, findings: FindingCounts, readOnly: boolean, run: RunOverlay | undefined): StateNodeData {
  const s = n.state;
  const binding = isObject(s.AgentBinding) ? s.AgentBinding : null;
  const skills = binding && Array.isArray(binding.skills) ? binding.skills.filter((x): x is string => typeof x === 'string') : [];
  return {
    name: n.name,
    kind: (n.type ?? 'Pass') as StateKind,
    pointer: n.id,
    isStart: n.isStart,
    terminal: n.terminal !== null,
    comment: typeof s.Comment === 'string' ? s.Comment : null,
    skills,
    rules: Array.isArray(s.Choices) ? s.Choices.length : 0,
    retriers: Array.isArray(s.Retry) ? s.Retry.length : 0,
    catchers: Array.isArray(s.Catch) ? s.Catch.length : 0,
    findings,
    readOnly,
    ...(run ? { run } : {}),
  };
}

/** The extra line of a collapsed container ("3 states in 2 branches") and room for its toggle. */
const HELD_ROW = 20;
const HELD_EXTRA_WIDTH = 60;

/** The box of a collapsed Parallel/Map: a state's card, a line longer and wider for the toggle. */
function collapsedSize(n: ModelStateNode, withRun: boolean): NodeSize {
  const s = nodeSize(stateData(n, NO_FINDINGS, true, undefined), withRun);
  return { width: s.width + HELD_EXTRA_WIDTH, height: s.height + HELD_ROW };
}

/**
 * The layout sizes of every leaf node for ELK: leaf states, and Parallel/Map containers that are
 * collapsed (`held`); an open container is sized by its content.
 */
export function leafSizes(graph: FlowGraph, withRun: boolean, held?: ReadonlyMap<string, Held>): Record<string, NodeSize> {
  const sizes: Record<string, NodeSize> = {};
  for (const n of graph.nodes) {
    if (n.kind !== 'state') continue;
    if (!n.container) sizes[n.id] = nodeSize(stateData(n, NO_FINDINGS, true, undefined), withRun);
    else if (held?.has(n.id)) sizes[n.id] = collapsedSize(n, withRun);
  }
  return sizes;
}

/** Where a node goes: where the user put it, else where the layout put it, else stacked below its siblings. */
function placeOf(n: FlowNode, input: CanvasInput, fallbackY: Map<string | undefined, number>): { position: Point; size?: NodeSize } {
  const laid = input.layout?.nodes[n.id];
  const moved = input.moved[n.id];
  if (laid) return { position: moved ?? laid.position, size: { width: laid.width, height: laid.height } };
  const y = fallbackY.get(n.parentId) ?? 40;
  fallbackY.set(n.parentId, y + 90);
  return { position: moved ?? { x: 40, y } };
}

/** True when the node or one of its ancestors sits where the user dragged it, not where ELK put it. */
function displaced(id: string, parents: ReadonlyMap<string, string | undefined>, moved: Readonly<Record<string, Point>>): boolean {
  for (let cur: string | undefined = id; cur; cur = parents.get(cur)) if (moved[cur]) return true;
  return false;
}

/**
 * React Flow nodes and edges for the canvas. Pure: the same input gives equal output. A node
 * without a layout position yet (just added) is stacked at the left until the next layout; an
 * edge keeps ELK's orthogonal route only while both its ends sit where ELK put them.
 */
export function toReactFlow(input: CanvasInput): { nodes: EditorFlowNode[]; edges: RouteEdge[] } {
  const { graph, readOnly } = input;
  const fallbackY = new Map<string | undefined, number>();
  const parents = new Map(graph.nodes.map((n) => [n.id, n.parentId]));
  // Per parent: how many lanes it has and whether it holds a state (counted once, not per node).
  const lanes = new Map<string, number>();
  const holdsState = new Set<string>();
  for (const c of graph.nodes) {
    if (c.parentId === undefined) continue;
    if (c.kind === 'lane') lanes.set(c.parentId, (lanes.get(c.parentId) ?? 0) + 1);
    else if (c.kind === 'state') holdsState.add(c.parentId);
  }
  const nodes: EditorFlowNode[] = [];
  for (const n of graph.nodes) {
    const { position, size } = placeOf(n, input, fallbackY);
    const base = {
      id: n.id,
      position,
      ...(n.parentId ? { parentId: n.parentId, extent: 'parent' as const } : {}),
      selected: input.selection.has(n.id),
    };
    if (n.kind === 'start') {
      nodes.push({
        ...base,
        type: 'start',
        data: {},
        draggable: false,
        selectable: false,
        connectable: false,
        width: 16,
        height: 16,
      } as unknown as EditorFlowNode);
    } else if (n.kind === 'lane') {
      const empty = !holdsState.has(n.id);
      nodes.push({
        ...base,
        type: 'lane',
        data: { label: n.label, scope: n.id, readOnly, empty },
        draggable: false,
        selectable: false,
        connectable: false,
        ...(size ?? { width: 260, height: 120 }),
      } as Node as EditorFlowNode);
    } else {
      const change = input.changes?.get(n.id);
      const data = {
        ...stateData(n, input.findings.get(n.id) ?? NO_FINDINGS, readOnly, input.run?.get(n.id)),
        ...(change ? { change } : {}),
      };
      const held = n.container ? input.held?.get(n.id) : undefined;
      const own = n.container ? (size ?? (held ? collapsedSize(n, !!input.run) : undefined)) : nodeSize(data, !!input.run);
      nodes.push({
        ...base,
        type: n.container ? 'container' : 'state',
        data: n.container ? { ...data, lanes: held ? held.lanes : (lanes.get(n.id) ?? 0), ...(held ? { held } : {}) } : data,
        draggable: !readOnly,
        connectable: !readOnly,
        ...(own ?? nodeSize(data, !!input.run)),
      } as EditorFlowNode);
    }
  }
  const edges: RouteEdge[] = graph.edges.map((e) => {
    const fresh = !displaced(e.source, parents, input.moved) && !displaced(e.target, parents, input.moved);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      ...(e.kind === 'start' ? {} : { sourceHandle: SOURCE_HANDLE[e.kind] }),
      targetHandle: HANDLE.in,
      type: 'route',
      selectable: !readOnly && e.kind !== 'start',
      reconnectable: !readOnly && e.kind !== 'start' ? 'target' : false,
      data: {
        kind: e.kind,
        ...(e.index !== undefined ? { index: e.index } : {}),
        ...(e.label ? { label: e.label } : {}),
        route: fresh ? (input.layout?.edges[e.id] ?? null) : null,
      },
    } as RouteEdge;
  });
  return { nodes, edges };
}
