import { describe, expect, it } from 'vitest';
import { groupByRole } from './agent-groups';

describe('the Findings filter’s agents by role', () => {
  it('groups in the roles’ order, keeps the server’s order within a group, and puts unknown roles last', () => {
    const groups = groupByRole([
      { id: 'x', name: 'x', role: null },
      { id: 'w1', name: 'worker of CalculateScore, run 1a48c82f (29 Nov 2026, 07:04)', role: 'worker' },
      { id: 'w2', name: 'worker of TranscribeRecording, run 1a48c82f (29 Nov 2026, 07:04)', role: 'worker' },
      { id: 'p', name: 'planner-casey', role: 'planner' },
    ]);
    expect(groups.map(([label, list]) => [label, list.map((a) => a.id)])).toEqual([
      ['Planners', ['p']],
      ['Workers', ['w1', 'w2']],
      ['Other', ['x']],
    ]);
  });
});
