/**
 * The canvas' selection is the editor's, handed to React Flow with its nodes and edges; React Flow
 * reports its selection back (onSelectionChange), for clicks, Shift-drags and keys. It also reports
 * the selection it was handed — and that report may come late: a selection the editor set (a find
 * match) is reported in an effect that can run after the editor has already chosen the next one
 * (the next match, a key later), and taken as a choice it put the older selection back. So a report
 * of exactly the selection last handed over is an echo, not a choice; anything else is the user's.
 */
export class SelectionEcho {
  private last = key([], []);

  /** The selection just handed to React Flow. */
  handed(nodeIds: readonly string[], edgeIds: readonly string[]): void {
    this.last = key(nodeIds, edgeIds);
  }

  /** Whether React Flow's report is the selection it was last handed (nothing to do). */
  isEcho(nodeIds: readonly string[], edgeIds: readonly string[]): boolean {
    return key(nodeIds, edgeIds) === this.last;
  }
}

const key = (nodeIds: readonly string[], edgeIds: readonly string[]) =>
  `${[...nodeIds].sort().join('\n')}\t${[...edgeIds].sort().join('\n')}`;
