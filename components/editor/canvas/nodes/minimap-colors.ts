import type { StateKind } from '../node-data';

/** Minimap fills by state type (the same hues as the nodes' accent bars). */
export const KIND_MINIMAP: Record<StateKind, string> = {
  Task: '#6366f1',
  Pass: '#94a3b8',
  Choice: '#f59e0b',
  Wait: '#0ea5e9',
  Succeed: '#10b981',
  Fail: '#ef4444',
  Parallel: '#c4b5fd',
  Map: '#99f6e4',
};
