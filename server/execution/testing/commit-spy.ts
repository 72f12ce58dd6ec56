import type { CommitBuilder } from '../../controlplane/commit-builder.ts';
import type { ExecutionServices } from '../../contracts/execution-services.ts';

/** What one control-plane commit (one Lua call) carried. */
export interface CommitShape {
  /** Operations in the commit. */
  ops: number;
  /** State instances it entered (reset to pending with a notification): iterations, branches, successors. */
  entered: string[];
  /** Size of the commit's spec, the script's argument, in characters. */
  specChars: number;
}

/**
 * TEST SUPPORT: records the shape of every commit the execution of `x` makes, in order. The real
 * commit still runs; this only counts, so a test can prove that no single Lua call grows with
 * the size of the input (a Map's items).
 */
export function recordCommits(x: ExecutionServices): CommitShape[] {
  const shapes: CommitShape[] = [];
  const inner = x.cp.commit.bind(x.cp);
  x.cp.commit = (c: CommitBuilder) => {
    const entered = c.ops.flatMap((o) => (o.op === 'state' && o.reset && o.note === 'entered' ? [o.instance] : []));
    shapes.push({ ops: c.ops.length, entered, specChars: JSON.stringify(c.ops).length });
    return inner(c);
  };
  return shapes;
}
