import { bumpVersion, compareVersions, type VersionPart } from '@/lib/semver';
import type { WorkflowDiff } from '../model/diff-workflows';
import type { WorkflowDoc } from '../model/types';

export type SaveMode = 'version' | 'copy';
export type Parent = { workflow_id: string; version: string; relation: 'VERSION_OF' | 'REFINEMENT_OF' };

/** What saving will write: the document with its id, name and version set, and its lineage parent. */
export type SavePlan = { doc: WorkflowDoc; parent: Parent | null };

/**
 * Plans a save. `saved` lists the versions already saved under the document's workflow_id;
 * `base` is the saved version the editor opened (or the draft was based on).
 * - `version`: the same workflow_id at `version` (a bump of the highest saved one by default); its
 *   parent is the base when it is this workflow, else the highest saved version — VERSION_OF.
 *   The very first save of a workflow has no parent.
 * - `copy`: a new workflow (fresh id, `name`, `version`), REFINEMENT_OF the base (or the highest
 *   saved version of the workflow it was copied from), so the lineage records where it came from.
 */
export function planSave(input: {
  doc: WorkflowDoc;
  mode: SaveMode;
  version: string;
  name: string;
  saved: readonly string[];
  base: { workflow_id: string; version: string } | null;
  newId: string;
  now: Date;
}): SavePlan {
  const { doc, mode, saved, base } = input;
  const id = typeof doc.workflow_id === 'string' ? doc.workflow_id : input.newId;
  const highest = [...saved].sort(compareVersions).at(-1) ?? null;
  const stamp = input.now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (mode === 'version') {
    const parentVersion = base && base.workflow_id === id ? base.version : highest;
    return {
      doc: { ...doc, workflow_id: id, version: input.version, updated_at: stamp },
      parent: parentVersion ? { workflow_id: id, version: parentVersion, relation: 'VERSION_OF' } : null,
    };
  }
  const from = base ?? (highest ? { workflow_id: id, version: highest } : null);
  return {
    doc: { ...doc, workflow_id: input.newId, workflow_name: input.name, version: input.version, created_at: stamp, updated_at: stamp },
    parent: from ? { ...from, relation: 'REFINEMENT_OF' } : null,
  };
}

/** The version the dialog proposes: the next `part` after the highest saved one, or the document's own for a first save. */
export function proposedVersion(docVersion: unknown, saved: readonly string[], part: VersionPart): string {
  const highest = [...saved].sort(compareVersions).at(-1);
  if (!highest) return typeof docVersion === 'string' && docVersion ? docVersion : '1.0.0';
  const r = bumpVersion(highest, part);
  return r.ok ? r.version : highest;
}

/** State fields that shape the graph: its type, where it goes, what it nests. */
const STRUCTURAL_FIELDS = new Set(['Type', 'Next', 'End', 'Default', 'Choices', 'Catch', 'Branches', 'ItemProcessor', 'Iterator']);

/**
 * The version part a change bumps by default: `minor` when the graph changed — a state added or
 * removed (a rename is both), a transition, a catcher, a Choice rule, a type, a nested scope, or
 * where the machine starts — and `patch` when only fields inside states or the document's own
 * fields (a comment, parameters, a description) did. A breaking change (`major`) is the designer's
 * call. Without the base version's document (a first save, or not loaded yet): `patch`.
 */
export function defaultBump(diff: WorkflowDiff | null): VersionPart {
  if (!diff) return 'patch';
  if (diff.counts.added > 0 || diff.counts.removed > 0) return 'minor';
  if (diff.document.some((f) => f.field === 'asl.StartAt')) return 'minor';
  return diff.states.some((s) => s.fields.some((f) => STRUCTURAL_FIELDS.has(f))) ? 'minor' : 'patch';
}
