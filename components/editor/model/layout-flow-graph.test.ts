import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { generateWorkflow } from '@/bench/generate-workflow';
import allCalls from '@/workflows/standard-advice-call-analysis-all-calls.json';
import { choiceWorkflow, containerWorkflow, deepFreeze, withRootStates } from './__fixtures__/workflows';
import { DEFAULT_NODE_SIZE } from './elk-graph';
import type { FlowGraph } from './flow-graph';
import { layoutFlowGraph, type FlowLayout, type NodeLayout, type Point } from './layout-flow-graph';
import { toFlowGraph } from './to-flow-graph';

const elk = new ELK();
const EPS = 0.5;

const overlaps = (a: NodeLayout, b: NodeLayout) =>
  a.position.x < b.position.x + b.width - EPS &&
  b.position.x < a.position.x + a.width - EPS &&
  a.position.y < b.position.y + b.height - EPS &&
  b.position.y < a.position.y + a.height - EPS;

/** True when `p` lies on the border of the node's box (canvas coordinates). */
const onBorder = (p: Point, n: NodeLayout) => {
  const { x, y } = n.absolute;
  const inX = p.x >= x - EPS && p.x <= x + n.width + EPS;
  const inY = p.y >= y - EPS && p.y <= y + n.height + EPS;
  const onVertical = Math.abs(p.x - x) <= EPS || Math.abs(p.x - (x + n.width)) <= EPS;
  const onHorizontal = Math.abs(p.y - y) <= EPS || Math.abs(p.y - (y + n.height)) <= EPS;
  return inX && inY && (onVertical || onHorizontal);
};

/** Every geometric promise of the layout, as a list of broken ones (empty when all hold). */
function problems(graph: FlowGraph, layout: FlowLayout): string[] {
  const out: string[] = [];
  for (const n of graph.nodes) if (!layout.nodes[n.id]) out.push(`no layout for ${n.id}`);
  const siblings = new Map<string | undefined, string[]>();
  for (const n of graph.nodes) siblings.set(n.parentId, [...(siblings.get(n.parentId) ?? []), n.id]);
  for (const ids of siblings.values()) {
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++)
        if (overlaps(layout.nodes[ids[i]!]!, layout.nodes[ids[j]!]!)) out.push(`${ids[i]} overlaps ${ids[j]}`);
    }
  }
  for (const n of graph.nodes) {
    if (!n.parentId) continue;
    const c = layout.nodes[n.id]!;
    const p = layout.nodes[n.parentId]!;
    if (c.position.x < -EPS || c.position.y < -EPS || c.position.x + c.width > p.width + EPS || c.position.y + c.height > p.height + EPS)
      out.push(`${n.id} leaves its container`);
    if (Math.abs(c.absolute.x - (p.absolute.x + c.position.x)) > EPS || Math.abs(c.absolute.y - (p.absolute.y + c.position.y)) > EPS)
      out.push(`${n.id} absolute != parent + position`);
  }
  for (const e of graph.edges) {
    const r = layout.edges[e.id];
    if (!r) {
      out.push(`no route for ${e.id}`);
      continue;
    }
    if (!onBorder(r.start, layout.nodes[e.source]!)) out.push(`${e.id} does not start on ${e.source}`);
    if (!onBorder(r.end, layout.nodes[e.target]!)) out.push(`${e.id} does not end on ${e.target}`);
    const points = [r.start, ...r.bends, r.end];
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1]!, points[i]!];
      if (Math.abs(a.x - b.x) > EPS && Math.abs(a.y - b.y) > EPS) out.push(`${e.id} has a diagonal segment`);
    }
  }
  return out;
}

describe('layoutFlowGraph', () => {
  it.each([
    ['a Choice with a catcher and a back edge', () => withRootStates(choiceWorkflow(), { Good: { Type: 'Pass', Next: 'Start' } })],
    ['Parallel branches and a Map processor', containerWorkflow],
    [
      'a self-loop and a catcher to itself',
      () => ({ asl: { StartAt: 'L', States: { L: { Type: 'Task', Catch: [{ ErrorEquals: ['States.ALL'], Next: 'L' }], Next: 'L' } } } }),
    ],
    [
      'a container without readable branches',
      () => ({ asl: { StartAt: 'P', States: { P: { Type: 'Parallel', Branches: [], Next: 'E' }, E: { Type: 'Succeed' } } } }),
    ],
    ['the all-calls workflow (a Parallel inside a Map)', () => allCalls],
    ['a generated 100-state workflow', () => generateWorkflow(100)],
  ])('lays out %s: no overlaps, children inside containers, routes on borders', async (_what, make) => {
    const graph = toFlowGraph(make());
    const layout = await layoutFlowGraph(graph, {}, elk);
    expect(problems(graph, layout)).toEqual([]);
    expect(Object.keys(layout.edges).sort()).toEqual(graph.edges.map((e) => e.id).sort());
  });

  it('uses the given sizes for leaves and the defaults for the rest, changing neither input', async () => {
    const graph = deepFreeze(toFlowGraph(choiceWorkflow()));
    const layout = await layoutFlowGraph(graph, deepFreeze({ '/asl/States/Check': { width: 300, height: 120 } }), elk);
    expect(layout.nodes['/asl/States/Check']).toMatchObject({ width: 300, height: 120 });
    expect(layout.nodes['/asl/States/Good']).toMatchObject(DEFAULT_NODE_SIZE.state);
    expect(layout.nodes['/asl#start']).toMatchObject(DEFAULT_NODE_SIZE.start);
    expect(problems(graph, layout)).toEqual([]);
  });

  it('sizes containers to fit their lanes, lanes side by side', async () => {
    const graph = toFlowGraph(containerWorkflow());
    const layout = await layoutFlowGraph(graph, {}, elk);
    const [fan, left, right] = ['/asl/States/Fan', '/asl/States/Fan/Branches/0', '/asl/States/Fan/Branches/1'].map(
      (id) => layout.nodes[id]!,
    );
    expect(right!.height).toBeGreaterThan(left!.height);
    expect(fan!.width).toBeGreaterThanOrEqual(left!.width + right!.width);
    expect(layout.width).toBeGreaterThanOrEqual(fan!.width);
  });

  it('places a Choice rule label between its ends, in canvas coordinates', async () => {
    const graph = toFlowGraph(choiceWorkflow());
    const layout = await layoutFlowGraph(graph, {}, elk);
    const route = layout.edges['/asl/States/Check/Choices/0/Next']!;
    expect(route.label).toMatchObject({ height: 18 });
    expect(route.label!.y).toBeGreaterThanOrEqual(route.start.y - EPS);
    expect(route.label!.y + route.label!.height).toBeLessThanOrEqual(route.end.y + EPS);
  });

  it('lays out an empty graph', async () => {
    expect(await layoutFlowGraph({ nodes: [], edges: [] }, {}, elk)).toMatchObject({ nodes: {}, edges: {} });
  });

  it('lays out a generated 500-state workflow without overlaps', { timeout: 120_000 }, async () => {
    const graph = toFlowGraph(generateWorkflow(500));
    const started = performance.now();
    const layout = await layoutFlowGraph(graph, {}, elk);
    console.log(`layout of ${graph.nodes.length} nodes / ${graph.edges.length} edges: ${Math.round(performance.now() - started)} ms`);
    expect(problems(graph, layout)).toEqual([]);
  });
});
