import type { StateType } from '@/server/engine/asl/state-fields';
import type { JsonObject } from './types';

/**
 * The editor's graph of a workflow document, shaped for React Flow sub-flows: every node id is a
 * JSON pointer into the document, so a node, a validation finding and an edit all name the same
 * place. Parents always come before their children in `nodes` (React Flow requires it).
 */

/** How a state ends its scope: `End: true`, or being a Succeed or Fail state. */
export type TerminalKind = 'End' | 'Succeed' | 'Fail';

/** One state. Parallel and Map states are containers: their lanes carry `parentId` = this id. */
export interface StateFlowNode {
  kind: 'state';
  /** The pointer of the state object, e.g. `/asl/States/P/Branches/1/States/Compliance`. */
  id: string;
  name: string;
  /** The state's Type, or null when it is missing or not one of the eight ASL types. */
  type: StateType | null;
  /** The state object as written (shared with the document: do not mutate). */
  state: JsonObject;
  /** Pointer of the scope the state belongs to (`/asl`, a branch, a Map processor). */
  scope: string;
  /** The lane holding the state; absent for states of the root machine. */
  parentId?: string;
  /** True when the scope's StartAt names this state. */
  isStart: boolean;
  terminal: TerminalKind | null;
  /** True for Parallel and Map states (their lanes are nested nodes). */
  container: boolean;
}

/** A Parallel branch or a Map processor: a container inside its Parallel/Map state. */
export interface LaneFlowNode {
  kind: 'lane';
  /** The scope pointer: `/asl/States/P/Branches/0`, `/asl/States/M/ItemProcessor`. */
  id: string;
  /** The owning Parallel or Map state's id. */
  parentId: string;
  laneKind: 'branch' | 'processor';
  /** Branch index (0-based); 0 for a processor. */
  index: number;
  label: string;
  /** The lane's StartAt when it is a string. */
  startAt: string | null;
}

/** The entry marker of a scope; its `start` edge points at the scope's StartAt state. */
export interface StartFlowNode {
  kind: 'start';
  /** `<scope pointer>#start`, e.g. `/asl#start` (never a state's pointer). */
  id: string;
  scope: string;
  parentId?: string;
}

export type FlowNode = StateFlowNode | LaneFlowNode | StartFlowNode;

export type FlowEdgeKind = 'start' | 'next' | 'default' | 'choice' | 'catch';

/**
 * One transition. The id is the pointer of the field that names the target
 * (`/asl/States/A/Catch/1/Next`, `/asl/StartAt`), so editing or deleting exactly this edge is a
 * write at a known place. `index` is the Choice rule's or catcher's position.
 */
export interface FlowEdge {
  id: string;
  kind: FlowEdgeKind;
  source: string;
  target: string;
  scope: string;
  index?: number;
  /** Choice: the condition; Catch: the errors caught; Default: `Default`. */
  label?: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** The start marker id of a scope. */
export function startNodeId(scope: string): string {
  return `${scope}#start`;
}
