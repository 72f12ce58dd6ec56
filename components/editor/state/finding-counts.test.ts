import { describe, expect, it } from 'vitest';
import type { Finding } from '@/components/workflows/types';
import { toFlowGraph } from '../model/to-flow-graph';
import { findingCounts, sameCounts } from './finding-counts';

const f = (path: string, severity: Finding['severity'] = 'error'): Finding => ({
  path,
  severity,
  code: 'x',
  message: 'm',
  key: `${severity}|${path}`,
});
const doc = {
  workflow_id: 'nope',
  asl: {
    StartAt: 'A',
    States: {
      A: { Type: 'Pass', Next: 'Zed' },
      P: { Type: 'Parallel', End: true, Branches: [{ StartAt: 'B', States: { B: { Type: 'Pass', End: true } } }] },
    },
  },
};

describe('findingCounts', () => {
  it('counts each finding on the innermost state its pointer lies in', () => {
    const findings = [
      f('/asl/States/A/Next'),
      f('/asl/States/A', 'warning'),
      f('/asl/States/P/Branches/0/States/B/End'),
      f('/workflow_id'),
    ];
    // The same whether the counts build the flow graph or are handed the canvas' own.
    for (const c of [findingCounts(doc, findings), findingCounts(doc, findings, toFlowGraph(doc))]) {
      expect(c.get('/asl/States/A')).toEqual({ errors: 1, warnings: 1 });
      expect(c.get('/asl/States/P/Branches/0/States/B')).toEqual({ errors: 1, warnings: 0 });
      expect(c.has('/asl/States/P')).toBe(false);
      expect([...c.keys()]).toHaveLength(2);
    }
  });

  it('sameCounts: the same counts per node, whatever the maps', () => {
    const a = new Map([['/asl/States/A', { errors: 1, warnings: 0 }]]);
    expect(sameCounts(a, new Map([['/asl/States/A', { errors: 1, warnings: 0 }]]))).toBe(true);
    expect(sameCounts(a, new Map([['/asl/States/A', { errors: 1, warnings: 1 }]]))).toBe(false);
    expect(sameCounts(a, new Map([['/asl/States/B', { errors: 1, warnings: 0 }]]))).toBe(false);
    expect(sameCounts(a, new Map())).toBe(false);
  });
});
