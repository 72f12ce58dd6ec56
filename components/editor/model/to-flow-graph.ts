import { isStateType } from '@/server/engine/asl/state-fields';
import { isTerminalState, stateTransitions } from '@/server/engine/asl/transitions';
import { isObject } from '@/server/engine/json';
import { choiceRuleLabel } from './choice-label';
import { startNodeId, type FlowEdge, type FlowGraph, type TerminalKind } from './flow-graph';
import { indexStates, type Scope, type StateNode } from './state-index';

/**
 * The graph of a workflow document. Tolerant: never throws on invalid or partial documents; what
 * it cannot read is skipped — a state that is not an object, a branch that is not an object, an
 * edge whose target is not a state of the source's scope (the validator reports those).
 */
export function toFlowGraph(doc: unknown): FlowGraph {
  const graph: FlowGraph = { nodes: [], edges: [] };
  const root = indexStates(doc).tree.root;
  if (root) addScope(graph, root, undefined);
  return graph;
}

function addScope(graph: FlowGraph, scope: Scope, parentId: string | undefined): void {
  const start = startNodeId(scope.pointer);
  graph.nodes.push({ kind: 'start', id: start, scope: scope.pointer, ...(parentId ? { parentId } : {}) });
  const first = typeof scope.startAt === 'string' ? scope.states.get(scope.startAt) : undefined;
  if (first && isObject(first.value)) {
    graph.edges.push({ id: `${scope.pointer}/StartAt`, kind: 'start', source: start, target: first.pointer, scope: scope.pointer });
  }
  for (const node of scope.states.values()) addState(graph, node, parentId);
}

function addState(graph: FlowGraph, node: StateNode, parentId: string | undefined): void {
  const state = node.value;
  if (!isObject(state)) return;
  const type = isStateType(state.Type) ? state.Type : null;
  graph.nodes.push({
    kind: 'state',
    id: node.pointer,
    name: node.name,
    type,
    state,
    scope: node.scope.pointer,
    ...(parentId ? { parentId } : {}),
    isStart: node.scope.startAt === node.name,
    terminal: terminalKind(state),
    container: type === 'Parallel' || type === 'Map',
  });
  graph.edges.push(...edgesOf(node, state));
  node.children.forEach((lane, i) => {
    const laneKind = lane.kind === 'branch' ? 'branch' : 'processor';
    const index = laneKind === 'branch' ? Number(lane.pointer.slice(lane.pointer.lastIndexOf('/') + 1)) : 0;
    graph.nodes.push({
      kind: 'lane',
      id: lane.pointer,
      parentId: node.pointer,
      laneKind,
      index: laneKind === 'branch' ? index : i,
      label: laneKind === 'branch' ? `Branch ${index + 1}` : lane.pointer.endsWith('/Iterator') ? 'Iterator' : 'Item processor',
      startAt: typeof lane.startAt === 'string' ? lane.startAt : null,
    });
    addScope(graph, lane, lane.pointer);
  });
}

function terminalKind(state: Record<string, unknown>): TerminalKind | null {
  if (state.Type === 'Succeed' || state.Type === 'Fail') return state.Type;
  return isTerminalState(state) ? 'End' : null;
}

/** Next, Default, each Choice rule and each catcher whose target is a state of the same scope. */
function edgesOf(node: StateNode, state: Record<string, unknown>): FlowEdge[] {
  const edges: FlowEdge[] = [];
  for (const t of stateTransitions(state, node.pointer)) {
    const target = typeof t.target === 'string' ? node.scope.states.get(t.target) : undefined;
    if (!target || !isObject(target.value)) continue;
    const edge: FlowEdge = { id: t.pointer, kind: t.kind, source: node.pointer, target: target.pointer, scope: node.scope.pointer };
    if (t.kind === 'choice' || t.kind === 'catch') {
      const index = Number(t.pointer.split('/').at(-2));
      const list = t.kind === 'choice' ? state.Choices : state.Catch;
      const item = Array.isArray(list) ? list[index] : undefined;
      edge.index = index;
      edge.label = t.kind === 'choice' ? choiceRuleLabel(item) : catchLabel(item);
    } else if (t.kind === 'default') {
      edge.label = 'Default';
    }
    edges.push(edge);
  }
  return edges;
}

/** A catcher's errors, joined: `States.Timeout, States.TaskFailed`; `?` when unreadable. */
export function catchLabel(catcher: unknown): string {
  const errors =
    isObject(catcher) && Array.isArray(catcher.ErrorEquals) ? catcher.ErrorEquals.filter((e): e is string => typeof e === 'string') : [];
  return errors.length > 0 ? errors.join(', ') : '?';
}
