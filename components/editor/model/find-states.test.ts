import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { findStates } from './find-states';
import { toFlowGraph } from './to-flow-graph';

describe('findStates', () => {
  const graph = toFlowGraph(deepFreeze(containerWorkflow()));

  it('finds states by name, ignoring case, in the document order with nested states after their container', () => {
    expect(findStates(graph, 'right')).toEqual(['/asl/States/Fan/Branches/1/States/Right1', '/asl/States/Fan/Branches/1/States/Right2']);
    expect(findStates(graph, 'FETCH')).toEqual(['/asl/States/Fetch']);
  });

  it('finds states by Type and by a bound skill, and needs every word to match', () => {
    expect(findStates(graph, 'map')).toEqual(['/asl/States/Each']);
    expect(findStates(graph, 'whisper')).toEqual(['/asl/States/Each/ItemProcessor/States/Item']);
    expect(findStates(graph, 'task sentiment')).toEqual(['/asl/States/Fan/Branches/1/States/Right2']);
    expect(findStates(graph, 'pass sentiment')).toEqual([]);
    expect(findStates(toFlowGraph(choiceWorkflow()), 'skill://scoring@1.1.0')).toEqual(['/asl/States/Start']);
  });

  it('matches nothing for an empty query or one no state has', () => {
    expect(findStates(graph, '   ')).toEqual([]);
    expect(findStates(graph, 'nowhere')).toEqual([]);
  });
});
