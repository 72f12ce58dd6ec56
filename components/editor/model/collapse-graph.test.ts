import { describe, expect, it } from 'vitest';
import { containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { collapseGraph } from './collapse-graph';
import { toFlowGraph } from './to-flow-graph';

describe('collapseGraph', () => {
  const graph = toFlowGraph(deepFreeze(containerWorkflow()));

  it('returns the graph itself when nothing is collapsed', () => {
    const r = collapseGraph(graph, new Set());
    expect(r.graph).toBe(graph);
    expect(r.held.size).toBe(0);
  });

  it('leaves out what a collapsed Parallel holds and counts its branches and states', () => {
    const r = collapseGraph(graph, new Set(['/asl/States/Fan']));
    const ids = r.graph.nodes.map((n) => n.id);
    expect(ids).toContain('/asl/States/Fan');
    expect(ids.filter((id) => id.startsWith('/asl/States/Fan/'))).toEqual([]);
    // The Map is untouched.
    expect(ids).toContain('/asl/States/Each/ItemProcessor/States/Item');
    expect(r.held).toEqual(new Map([['/asl/States/Fan', { lanes: 2, states: 3 }]]));
    // Transitions inside the Parallel go; the ones into and out of it stay.
    expect(r.graph.edges.some((e) => e.source.startsWith('/asl/States/Fan/') || e.target.startsWith('/asl/States/Fan/'))).toBe(false);
    expect(r.graph.edges.map((e) => e.id)).toContain('/asl/States/Fetch/Next');
    expect(r.graph.edges.map((e) => e.id)).toContain('/asl/States/Fan/Next');
  });

  it('collapses a Map to its item processor and state, and ignores pointers that are not containers', () => {
    const r = collapseGraph(graph, new Set(['/asl/States/Each', '/asl/States/Fetch']));
    expect(r.held).toEqual(new Map([['/asl/States/Each', { lanes: 1, states: 1 }]]));
    expect(r.graph.nodes).toHaveLength(graph.nodes.length - 3);
  });
});
