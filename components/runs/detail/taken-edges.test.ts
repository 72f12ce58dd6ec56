import { describe, expect, it } from 'vitest';
import { toFlowGraph } from '@/components/editor/model/to-flow-graph';
import type { RunOverlay } from '@/components/editor/canvas/node-data';
import { takenEdges } from './taken-edges';

const doc = {
  asl: {
    StartAt: 'T',
    States: {
      T: { Type: 'Task', Next: 'C', Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Oops' }] },
      C: { Type: 'Choice', Choices: [{ Variable: '$.x', IsPresent: true, Next: 'Yes' }], Default: 'No' },
      Yes: { Type: 'Succeed' },
      No: { Type: 'Succeed' },
      Oops: { Type: 'Fail' },
    },
  },
};
const o = (status: RunOverlay['status']): RunOverlay => ({ status, attempts: 1, owner: null, leaseExpiresAt: null, lastError: null });
const p = (n: string) => `/asl/States/${n}`;

describe('takenEdges', () => {
  const graph = toFlowGraph(doc);
  it('marks the start, the Next of a done state and the Choice rule that was followed', () => {
    const overlays = new Map([
      [p('T'), o('done')],
      [p('C'), o('done')],
      [p('Yes'), o('done')],
    ]);
    const taken = takenEdges(graph, overlays, new Set([p('T'), p('C'), p('Yes')]));
    expect([...taken].sort()).toEqual(['/asl/StartAt', '/asl/States/C/Choices/0/Next', '/asl/States/T/Next']);
  });
  it('marks a Catch only when its source failed', () => {
    const overlays = new Map([
      [p('T'), o('failed')],
      [p('Oops'), o('done')],
    ]);
    expect([...takenEdges(graph, overlays, new Set([p('T'), p('Oops')]))].sort()).toEqual(['/asl/StartAt', '/asl/States/T/Catch/0/Next']);
  });
});
