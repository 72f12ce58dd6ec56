import { describe, expect, it, vi } from 'vitest';
import { containerWorkflow, deepFreeze } from '../model/__fixtures__/workflows';
import { toFlowGraph } from '../model/to-flow-graph';
import type { WorkflowDoc } from '../model/types';
import { createLiveSelection, liveCardData } from './live-selection';
import type { StateNodeData } from './node-data';
import { toReactFlow } from './to-react-flow';

const RIGHT2 = '/asl/States/Fan/Branches/1/States/Right2';

/** A state's card data as the canvas draws it from a document. */
const cardOf = (doc: WorkflowDoc, id = RIGHT2) =>
  toReactFlow({
    graph: toFlowGraph(doc),
    layout: null,
    moved: {},
    findings: new Map(),
    readOnly: false,
    selection: new Set([id]),
  }).nodes.find((n) => n.id === id)!.data as StateNodeData;

/** The document with Right2 (a Task in a Parallel's branch) changed by `patch`. */
function editRight2(doc: WorkflowDoc, patch: Record<string, unknown>): WorkflowDoc {
  const next = structuredClone(doc) as { asl: { States: { Fan: { Branches: { States: Record<string, Record<string, unknown>> }[] } } } };
  Object.assign(next.asl.States.Fan.Branches[1]!.States.Right2!, patch);
  return deepFreeze(next as unknown as WorkflowDoc);
}

describe('liveCardData', () => {
  const before = deepFreeze(containerWorkflow());
  const drawn = cardOf(before);

  it("is the card the deferred copy will draw once it catches up, from the current document's fields", () => {
    const now = editRight2(before, { Comment: 'slow step', Retry: [{ ErrorEquals: ['States.Timeout'] }] });
    const live = liveCardData(drawn, now, RIGHT2);
    expect(live.comment).toBe('slow step');
    expect(live.retriers).toBe(1);
    expect(live).toEqual(cardOf(now));
  });

  it('is the drawn card itself when nothing of the card changed, the state is gone, or its type changed', () => {
    expect(liveCardData(drawn, before, RIGHT2)).toBe(drawn);
    expect(liveCardData(drawn, editRight2(before, { ResultPath: '$.other' }), RIGHT2)).toBe(drawn);
    expect(liveCardData(drawn, before, '/asl/States/Nowhere')).toBe(drawn);
    expect(liveCardData(drawn, editRight2(before, { Type: 'Pass', Comment: 'x' }), RIGHT2)).toBe(drawn);
  });
});

describe('createLiveSelection', () => {
  it('gives the current document to the selected card only, and tells subscribers when it changes', () => {
    const live = createLiveSelection();
    const heard = vi.fn();
    const stop = live.subscribe(heard);
    const doc = { a: 1 };
    live.set(doc, RIGHT2);
    expect(live.docFor(RIGHT2)).toBe(doc);
    expect(live.docFor('/asl/States/Fetch')).toBeNull();
    live.set(doc, RIGHT2);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    live.set({ a: 2 }, null);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(live.docFor(RIGHT2)).toBeNull();
  });
});
