import { describe, expect, it } from 'vitest';
import { toFlowGraph } from '../model/to-flow-graph';
import { layoutSignature } from './layout-signature';
import { leafSizes } from './to-react-flow';

const doc = (extra: Record<string, unknown> = {}, next = 'B') => ({
  asl: {
    StartAt: 'A',
    States: {
      A: { Type: 'Task', AgentBinding: { skills: ['skill://echo@1.0.0'] }, Next: next, ...extra },
      B: { Type: 'Succeed' },
      C: { Type: 'Fail' },
    },
  },
});
const sig = (d: unknown, withRun = false) => {
  const g = toFlowGraph(d);
  return layoutSignature(g, leafSizes(g, withRun));
};

describe('layoutSignature', () => {
  it('ignores edits that change no box and no transition', () => {
    expect(sig(doc({ Comment: 'hello', Parameters: { 'x.$': '$.y' } }))).toBe(sig(doc()));
  });
  it('changes with a transition, a size (one more skill), and the run band', () => {
    expect(sig(doc({}, 'C'))).not.toBe(sig(doc()));
    expect(sig(doc({ AgentBinding: { skills: ['skill://echo@1.0.0', 'skill://fail@1.0.0'] } }))).not.toBe(sig(doc()));
    expect(sig(doc(), true)).not.toBe(sig(doc()));
  });
});
