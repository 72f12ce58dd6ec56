import { describe, expect, it } from 'vitest';
import { indexStates } from './index-states.ts';
import { StatesError } from './states-error.ts';

const inner = { StartAt: 'Deep', States: { Deep: { Type: 'Pass', End: true } } };
const asl = {
  StartAt: 'Fork',
  States: {
    Fork: {
      Type: 'Parallel',
      Next: 'Loop',
      Branches: [
        { StartAt: 'B0', States: { B0: { Type: 'Pass', End: true } } },
        { StartAt: 'B1', States: { B1: { Type: 'Map', End: true, ItemProcessor: inner } } },
      ],
    },
    Loop: { Type: 'Map', Next: 'Done', Iterator: { StartAt: 'It', States: { It: { Type: 'Task', End: true } } } },
    Done: { Type: 'Succeed' },
  },
};

describe('indexStates', () => {
  const index = indexStates(asl);

  it('finds every state, nested ones included', () => {
    expect([...index.keys()].sort()).toEqual(['B0', 'B1', 'Deep', 'Done', 'Fork', 'It', 'Loop']);
  });

  it('gives top-level states an empty enclosing chain and the root States as siblings', () => {
    expect(index.get('Done')).toEqual({ name: 'Done', state: asl.States.Done, enclosing: [], siblings: asl.States });
  });

  it('records Parallel branch indexes and Map processors, innermost first', () => {
    expect(index.get('B0')?.enclosing).toEqual([{ name: 'Fork', kind: 'Parallel', branchIndex: 0 }]);
    expect(index.get('B1')?.enclosing).toEqual([{ name: 'Fork', kind: 'Parallel', branchIndex: 1 }]);
    expect(index.get('Deep')?.enclosing).toEqual([
      { name: 'B1', kind: 'Map', branchIndex: 0 },
      { name: 'Fork', kind: 'Parallel', branchIndex: 1 },
    ]);
    expect(index.get('It')?.enclosing).toEqual([{ name: 'Loop', kind: 'Map', branchIndex: 0 }]);
  });

  it('siblings is the States object of the scope, by identity', () => {
    expect(index.get('Deep')?.siblings).toBe(inner.States);
    expect(index.get('B0')?.siblings).toBe(asl.States.Fork.Branches[0]!.States);
  });

  it('a duplicate name is States.Runtime', () => {
    const dup = {
      StartAt: 'A',
      States: { A: { Type: 'Map', End: true, ItemProcessor: { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } } } },
    };
    expect(() => indexStates(dup)).toThrow(StatesError);
  });
});
