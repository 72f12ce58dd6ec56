import { describe, expect, it } from 'vitest';
import { containerWorkflow, deepFreeze } from '../model/__fixtures__/workflows';
import { collapseGraph } from '../model/collapse-graph';
import { toFlowGraph } from '../model/to-flow-graph';
import type { ContainerNodeData, LaneNodeData } from './node-data';
import { leafSizes, toReactFlow } from './to-react-flow';

const input = (collapsed: string[]) => {
  const shown = collapseGraph(toFlowGraph(deepFreeze(containerWorkflow())), new Set(collapsed));
  return {
    graph: shown.graph,
    held: shown.held,
    layout: null,
    moved: {},
    findings: new Map(),
    readOnly: false,
    selection: new Set<string>(),
  };
};

describe('toReactFlow with collapsed containers', () => {
  it('draws an open container with its lane count and its lanes, a lane empty only when it holds no state', () => {
    const { nodes } = toReactFlow(input([]));
    const fan = nodes.find((n) => n.id === '/asl/States/Fan')!;
    expect(fan.type).toBe('container');
    expect((fan.data as ContainerNodeData).lanes).toBe(2);
    expect((fan.data as ContainerNodeData).held).toBeUndefined();
    const lane = nodes.find((n) => n.id === '/asl/States/Fan/Branches/0')!;
    expect((lane.data as LaneNodeData).empty).toBe(false);
  });

  it('draws a collapsed container as one box that says what it holds, sized for the layout as a leaf', () => {
    const i = input(['/asl/States/Fan']);
    const { nodes } = toReactFlow(i);
    const fan = nodes.find((n) => n.id === '/asl/States/Fan')!;
    expect((fan.data as ContainerNodeData).held).toEqual({ lanes: 2, states: 3 });
    expect((fan.data as ContainerNodeData).lanes).toBe(2);
    expect(nodes.some((n) => n.parentId === '/asl/States/Fan')).toBe(false);
    const sizes = leafSizes(i.graph, false, i.held);
    expect(sizes['/asl/States/Fan']).toEqual({ width: fan.width, height: fan.height });
    // An open container gets no size: ELK sizes it to its content.
    expect(sizes['/asl/States/Each']).toBeUndefined();
  });
});
