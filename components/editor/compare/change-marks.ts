import type { ChangeMark } from '@/components/editor/canvas/node-data';
import type { WorkflowDiff } from '@/components/editor/model/diff-workflows';

/**
 * The marks each side of a comparison draws: the left (older) side shows removed and changed
 * states, the right (newer) side added and changed ones.
 */
export function changeMarks(diff: WorkflowDiff): { left: Map<string, ChangeMark>; right: Map<string, ChangeMark> } {
  const left = new Map<string, ChangeMark>();
  const right = new Map<string, ChangeMark>();
  for (const s of diff.states) {
    if (s.status === 'removed') left.set(s.pointer, 'removed');
    else if (s.status === 'added') right.set(s.pointer, 'added');
    else if (s.status === 'changed') {
      left.set(s.pointer, 'changed');
      right.set(s.pointer, 'changed');
    }
  }
  return { left, right };
}
