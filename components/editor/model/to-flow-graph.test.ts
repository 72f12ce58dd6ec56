import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import type { FlowNode, StateFlowNode } from './flow-graph';
import { toFlowGraph } from './to-flow-graph';

const summary = (nodes: FlowNode[]) => nodes.map((n) => [n.kind, n.id, n.parentId ?? null]);

describe('toFlowGraph', () => {
  it('has one node per state, a start marker and every transition of a Choice workflow', () => {
    const g = toFlowGraph(deepFreeze(choiceWorkflow()));
    expect(summary(g.nodes)).toEqual([
      ['start', '/asl#start', null],
      ['state', '/asl/States/Start', null],
      ['state', '/asl/States/Check', null],
      ['state', '/asl/States/Good', null],
      ['state', '/asl/States/Bad', null],
    ]);
    const states = g.nodes.filter((n): n is StateFlowNode => n.kind === 'state');
    expect(states.map((n) => [n.name, n.type, n.isStart, n.terminal, n.container])).toEqual([
      ['Start', 'Task', true, null, false],
      ['Check', 'Choice', false, null, false],
      ['Good', 'Succeed', false, 'Succeed', false],
      ['Bad', 'Fail', false, 'Fail', false],
    ]);
    expect(g.edges).toEqual([
      { id: '/asl/StartAt', kind: 'start', source: '/asl#start', target: '/asl/States/Start', scope: '/asl' },
      { id: '/asl/States/Start/Next', kind: 'next', source: '/asl/States/Start', target: '/asl/States/Check', scope: '/asl' },
      {
        id: '/asl/States/Start/Catch/0/Next',
        kind: 'catch',
        index: 0,
        label: 'States.Timeout, States.TaskFailed',
        source: '/asl/States/Start',
        target: '/asl/States/Bad',
        scope: '/asl',
      },
      {
        id: '/asl/States/Check/Choices/0/Next',
        kind: 'choice',
        index: 0,
        label: '$.score >= 80',
        source: '/asl/States/Check',
        target: '/asl/States/Good',
        scope: '/asl',
      },
      {
        id: '/asl/States/Check/Choices/1/Next',
        kind: 'choice',
        index: 1,
        label: 'And(2)',
        source: '/asl/States/Check',
        target: '/asl/States/Good',
        scope: '/asl',
      },
      {
        id: '/asl/States/Check/Choices/2/Next',
        kind: 'choice',
        index: 2,
        label: 'Not($.x == "a")',
        source: '/asl/States/Check',
        target: '/asl/States/Bad',
        scope: '/asl',
      },
      {
        id: '/asl/States/Check/Default',
        kind: 'default',
        label: 'Default',
        source: '/asl/States/Check',
        target: '/asl/States/Bad',
        scope: '/asl',
      },
    ]);
  });

  it('nests Parallel branches and the Map processor as lanes, parents before children', () => {
    const g = toFlowGraph(containerWorkflow());
    expect(summary(g.nodes)).toEqual([
      ['start', '/asl#start', null],
      ['state', '/asl/States/Fetch', null],
      ['state', '/asl/States/Fan', null],
      ['lane', '/asl/States/Fan/Branches/0', '/asl/States/Fan'],
      ['start', '/asl/States/Fan/Branches/0#start', '/asl/States/Fan/Branches/0'],
      ['state', '/asl/States/Fan/Branches/0/States/Left', '/asl/States/Fan/Branches/0'],
      ['lane', '/asl/States/Fan/Branches/1', '/asl/States/Fan'],
      ['start', '/asl/States/Fan/Branches/1#start', '/asl/States/Fan/Branches/1'],
      ['state', '/asl/States/Fan/Branches/1/States/Right1', '/asl/States/Fan/Branches/1'],
      ['state', '/asl/States/Fan/Branches/1/States/Right2', '/asl/States/Fan/Branches/1'],
      ['state', '/asl/States/Each', null],
      ['lane', '/asl/States/Each/ItemProcessor', '/asl/States/Each'],
      ['start', '/asl/States/Each/ItemProcessor#start', '/asl/States/Each/ItemProcessor'],
      ['state', '/asl/States/Each/ItemProcessor/States/Item', '/asl/States/Each/ItemProcessor'],
      ['state', '/asl/States/Done', null],
    ]);
    const lanes = g.nodes.filter((n) => n.kind === 'lane');
    expect(lanes.map((n) => n.kind === 'lane' && [n.label, n.laneKind, n.index, n.startAt])).toEqual([
      ['Branch 1', 'branch', 0, 'Left'],
      ['Branch 2', 'branch', 1, 'Right1'],
      ['Item processor', 'processor', 0, 'Item'],
    ]);
    const fan = g.nodes.find((n) => n.id === '/asl/States/Fan') as StateFlowNode;
    expect([fan.container, fan.scope]).toEqual([true, '/asl']);
    const right2 = g.nodes.find((n) => n.id.endsWith('/Right2')) as StateFlowNode;
    expect([right2.scope, right2.terminal, right2.isStart]).toEqual(['/asl/States/Fan/Branches/1', 'End', false]);
    expect(g.edges.map((e) => [e.kind, e.source, e.target])).toEqual([
      ['start', '/asl#start', '/asl/States/Fetch'],
      ['next', '/asl/States/Fetch', '/asl/States/Fan'],
      ['next', '/asl/States/Fan', '/asl/States/Each'],
      ['start', '/asl/States/Fan/Branches/0#start', '/asl/States/Fan/Branches/0/States/Left'],
      ['start', '/asl/States/Fan/Branches/1#start', '/asl/States/Fan/Branches/1/States/Right1'],
      ['next', '/asl/States/Fan/Branches/1/States/Right1', '/asl/States/Fan/Branches/1/States/Right2'],
      ['next', '/asl/States/Each', '/asl/States/Done'],
      ['start', '/asl/States/Each/ItemProcessor#start', '/asl/States/Each/ItemProcessor/States/Item'],
    ]);
  });

  it('reads the legacy Iterator and escapes odd names in pointers', () => {
    const g = toFlowGraph({
      asl: {
        StartAt: 'a/b',
        States: { 'a/b': { Type: 'Map', Iterator: { StartAt: 'x~y', States: { 'x~y': { Type: 'Pass', End: true } } }, End: true } },
      },
    });
    expect(g.nodes.map((n) => n.id)).toEqual([
      '/asl#start',
      '/asl/States/a~1b',
      '/asl/States/a~1b/Iterator',
      '/asl/States/a~1b/Iterator#start',
      '/asl/States/a~1b/Iterator/States/x~0y',
    ]);
    expect(g.nodes[2]).toMatchObject({ kind: 'lane', label: 'Iterator', laneKind: 'processor' });
  });

  it.each([
    ['undefined', undefined],
    ['a string', 'nope'],
    ['an array', []],
    ['no asl', { workflow_id: 'x' }],
    ['asl as a number', { asl: 3 }],
  ])('gives an empty graph for %s', (_what, doc) => {
    expect(toFlowGraph(doc)).toEqual({ nodes: [], edges: [] });
  });

  it('skips what it cannot read and keeps the rest', () => {
    const g = toFlowGraph({
      asl: {
        StartAt: 'Missing',
        States: {
          Weird: 'not an object',
          Odd: { Type: 'Teleport', Next: 'Weird' },
          P: { Type: 'Parallel', Branches: ['x', { StartAt: 'In', States: { In: { Type: 'Pass', Next: 'Odd' } } }], End: true },
          C: { Type: 'Choice', Choices: 'no', Default: 42 },
        },
      },
    });
    expect(g.nodes.map((n) => n.id)).toEqual([
      '/asl#start',
      '/asl/States/Odd',
      '/asl/States/P',
      '/asl/States/P/Branches/1',
      '/asl/States/P/Branches/1#start',
      '/asl/States/P/Branches/1/States/In',
      '/asl/States/C',
    ]);
    expect((g.nodes[1] as StateFlowNode).type).toBeNull();
    // StartAt names no state, Odd → Weird is not an object, In → Odd leaves its branch, Default is not a name.
    expect(g.edges.map((e) => e.id)).toEqual(['/asl/States/P/Branches/1/StartAt']);
  });

  it('labels a catcher without readable errors with ?', () => {
    const g = toFlowGraph({
      asl: { StartAt: 'A', States: { A: { Type: 'Task', Catch: [{ Next: 'B' }], End: true }, B: { Type: 'Succeed' } } },
    });
    expect(g.edges.find((e) => e.kind === 'catch')).toMatchObject({ label: '?', index: 0 });
  });
});
