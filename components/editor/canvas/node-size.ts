import type { StateNodeData } from './node-data';

/** Fixed geometry, so the layout (which runs before anything is drawn) knows every node's box. */
export const NODE_WIDTH = 240;
const HEADER = 52;
const SKILL_ROW = 24;
const META_ROW = 20;
/** The run view's status band on a node (status, attempts, lease or error). */
export const RUN_BAND_HEIGHT = 46;

/**
 * The box of a leaf state node: a header (name and type), a row per bound skill (a Task always
 * shows at least one row, "no skill bound" when empty), a row for rules/retriers/catchers when
 * there are any, and in the run view a band for status, attempts, lease and error.
 */
export function nodeSize(
  d: Pick<StateNodeData, 'kind' | 'skills' | 'rules' | 'retriers' | 'catchers'>,
  withRun: boolean,
): { width: number; height: number } {
  const skillRows = d.kind === 'Task' ? Math.max(1, d.skills.length) : 0;
  const meta = d.rules + d.retriers + d.catchers > 0 ? META_ROW : 0;
  const width = d.kind === 'Succeed' || d.kind === 'Fail' ? 180 : NODE_WIDTH;
  return { width, height: HEADER + skillRows * SKILL_ROW + meta + (withRun ? RUN_BAND_HEIGHT : 0) };
}
