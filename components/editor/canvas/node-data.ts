import type { Node } from '@xyflow/react';

export type StateKind = 'Task' | 'Pass' | 'Choice' | 'Wait' | 'Succeed' | 'Fail' | 'Parallel' | 'Map';

/** Reliability of a bound skill as the Task chips show it (from get_skill_reliability). */
export type SkillFigures = { successRate: number | null; p95Ms: number | null; runs: number };

/** A state's live status in the run view (spec §5.4 state document, plus what the view derives). */
export type RunOverlay = {
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  owner: string | null;
  /** Epoch ms when the lease runs out (lease ts + ttl_s), for the countdown. */
  leaseExpiresAt: number | null;
  lastError: string | null;
  /** A Map state: its iterations, counted by status. */
  iterations?: { total: number; done: number; running: number; failed: number };
  /** The skill that ran after a swap, when one happened. */
  swappedTo?: string | null;
};

/** What a state node draws. Built from the document by the canvas model; never edited directly. */
export type StateNodeData = {
  name: string;
  kind: StateKind;
  pointer: string;
  isStart: boolean;
  /** End: true, Succeed or Fail: no Next edge leaves it. */
  terminal: boolean;
  comment: string | null;
  /** Bound skill URIs (Task). */
  skills: string[];
  /** Choice: how many rules; Task/Parallel/Map: how many retriers and catchers. */
  rules: number;
  retriers: number;
  catchers: number;
  findings: { errors: number; warnings: number };
  readOnly: boolean;
  run?: RunOverlay;
  /** In a version comparison: how this state differs from the other side. */
  change?: ChangeMark;
};

/** A state's change between two versions (the comparison view colours it). */
export type ChangeMark = 'added' | 'removed' | 'changed';

/** A Parallel/Map container or one of its lanes (a branch, the item processor). */
export type ContainerNodeData = StateNodeData & {
  lanes: number;
  /** Collapsed (editor only): what it holds; its lanes are then not drawn. */
  held?: { lanes: number; states: number };
};
export type LaneNodeData = { label: string; scope: string; readOnly: boolean; empty: boolean };

export type StateFlowNode = Node<StateNodeData, 'state'>;
export type ContainerFlowNode = Node<ContainerNodeData, 'container'>;
export type LaneFlowNode = Node<LaneNodeData, 'lane'>;
export type EditorFlowNode = StateFlowNode | ContainerFlowNode | LaneFlowNode;
