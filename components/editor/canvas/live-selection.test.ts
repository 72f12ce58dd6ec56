import { describe, expect, it } from 'vitest';
import { containerWorkflow, deepFreeze } from '../model/__fixtures__/workflows';
import { toFlowGraph } from '../model/to-flow-graph';
import type { WorkflowDoc } from '../model/types';
import { withLiveSelected } from './live-selection';
import type { StateNodeData } from './node-data';
import { toReactFlow } from './to-react-flow';

const RIGHT2 = '/asl/States/Fan/Branches/1/States/Right2';

/** The canvas' nodes of a document, as the editor draws them. */
const nodesOf = (doc: WorkflowDoc) =>
  toReactFlow({ graph: toFlowGraph(doc), layout: null, moved: {}, findings: new Map(), readOnly: false, selection: new Set([RIGHT2]) })
    .nodes;

/** The document with Right2 (a Task in a Parallel's branch) changed by `patch`. */
function editRight2(doc: WorkflowDoc, patch: Record<string, unknown>): WorkflowDoc {
  const next = structuredClone(doc) as { asl: { States: { Fan: { Branches: { States: Record<string, Record<string, unknown>> }[] } } } };
  Object.assign(next.asl.States.Fan.Branches[1]!.States.Right2!, patch);
  return deepFreeze(next as unknown as WorkflowDoc);
}
const dataOf = (nodes: ReturnType<typeof nodesOf>, id: string) => nodes.find((n) => n.id === id)!.data as StateNodeData;

describe('withLiveSelected', () => {
  const before = deepFreeze(containerWorkflow());
  const drawn = nodesOf(before);

  it("draws the selected state's card from the current document while the rest stay the deferred copy's", () => {
    const now = editRight2(before, { Comment: 'slow step', Retry: [{ ErrorEquals: ['States.Timeout'] }] });
    const out = withLiveSelected(drawn, now, RIGHT2);
    expect(dataOf(out, RIGHT2).comment).toBe('slow step');
    expect(dataOf(out, RIGHT2).retriers).toBe(1);
    // The meta row it now shows makes its box taller, as the deferred copy will once it catches up.
    const caughtUp = nodesOf(now).find((n) => n.id === RIGHT2)!;
    const live = out.find((n) => n.id === RIGHT2)!;
    expect([live.width, live.height]).toEqual([caughtUp.width, caughtUp.height]);
    expect(live.data).toEqual(caughtUp.data);
    expect(live.position).toEqual(drawn.find((n) => n.id === RIGHT2)!.position);
    out.forEach((n, i) => n.id !== RIGHT2 && expect(n).toBe(drawn[i]));
  });

  it('returns the same list when the card would not change, nothing is selected, or the state is gone', () => {
    expect(withLiveSelected(drawn, before, RIGHT2)).toBe(drawn);
    expect(withLiveSelected(drawn, editRight2(before, { ResultPath: '$.other' }), RIGHT2)).toBe(drawn);
    expect(withLiveSelected(drawn, editRight2(before, { Comment: 'x' }), null)).toBe(drawn);
    expect(withLiveSelected(drawn, before, '/asl/States/Nowhere')).toBe(drawn);
    // A lane is not a state's card.
    expect(withLiveSelected(drawn, before, '/asl/States/Fan/Branches/0')).toBe(drawn);
  });

  it("leaves a type change to the deferred copy (the card's handles and box are the layout's then)", () => {
    expect(withLiveSelected(drawn, editRight2(before, { Type: 'Pass', Comment: 'x' }), RIGHT2)).toBe(drawn);
  });
});
