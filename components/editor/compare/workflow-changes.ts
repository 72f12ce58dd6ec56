import { diffWorkflows, type FieldDiff, type WorkflowDiff } from '@/components/editor/model/diff-workflows';

/**
 * What a workflow version changes against the version it was derived from, in words a reader
 * scans: the states added, removed and changed (with the fields that changed), how many stayed
 * the same, and the workflow-level fields that differ. Built on the comparison view's diff
 * (diff-workflows.ts: states matched by their JSON pointer, so a renamed state is one removed
 * and one added). Used by the chat's workflow card and the editor's comparison banner.
 */
export interface WorkflowChanges {
  added: string[];
  removed: string[];
  changed: Array<{ name: string; fields: string[] }>;
  unchanged: number;
  /** Top-level members and `asl.<field>` beside States, e.g. `version`, `description`, `asl.StartAt`. */
  fields: FieldDiff[];
  /** Nothing differs at all (states or fields). */
  none: boolean;
}

/**
 * A state's label: its name, after the Parallel/Map states it sits in when it is nested
 * (`ScoreEachCall › TranscribeRecording`). Pointers are /asl/States/<A>[/Branches/<i>|/ItemProcessor]/States/<B>…
 */
export function stateLabel(pointer: string, name: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const names: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'States' && i + 1 < parts.length) names.push(parts[++i]!);
  }
  return names.length > 1 ? [...names.slice(0, -1), name].join(' › ') : name;
}

export function changesOf(diff: WorkflowDiff): WorkflowChanges {
  const label = (s: WorkflowDiff['states'][number]) => stateLabel(s.pointer, s.name);
  const added = diff.states.filter((s) => s.status === 'added').map(label);
  const removed = diff.states.filter((s) => s.status === 'removed').map(label);
  const changed = diff.states.filter((s) => s.status === 'changed').map((s) => ({ name: label(s), fields: s.fields }));
  const none = added.length + removed.length + changed.length + diff.document.length === 0;
  return { added, removed, changed, unchanged: diff.counts.unchanged, fields: diff.document, none };
}

/** How `doc` differs from `parent` (both workflow documents; anything else counts as empty). */
export function workflowChanges(parent: unknown, doc: unknown): WorkflowChanges {
  return changesOf(diffWorkflows(parent, doc));
}
