import { describe, expect, it } from 'vitest';
import { assignSubtasks, reliabilityScore, type Reliability } from './assign.ts';

const agents = [
  { id: 'a', model_type: 'worker', capabilities: ['transcription', 'diarization'] },
  { id: 'b', model_type: 'worker', capabilities: ['Transcription'] },
  { id: 'c', model_type: 'worker', capabilities: ['compliance'] },
];
const rec = (done: number, failed: number, mean_rating: number | null = null, open = 0): Reliability => ({
  done,
  failed,
  mean_rating,
  open,
});

describe('assignSubtasks', () => {
  it('most capabilities held wins, whatever the reliability', () => {
    const [x] = assignSubtasks(
      [{ id: 's1', description: 'd', required_capabilities: ['transcription', 'diarization'] }],
      agents,
      new Map([
        ['b', rec(10, 0)],
        ['a', rec(0, 5)],
      ]),
    );
    expect(x).toMatchObject({
      status: 'assigned',
      assigned_agent_id: 'a',
      matched_capabilities: ['transcription', 'diarization'],
      missing_capabilities: [],
    });
  });

  it('ties are broken by measured reliability, then rating, then load', () => {
    const s = [{ id: 's1', description: 'd', required_capabilities: ['transcription'] }];
    expect(
      assignSubtasks(
        s,
        agents,
        new Map([
          ['a', rec(1, 3)],
          ['b', rec(3, 1)],
        ]),
      )[0]!.assigned_agent_id,
    ).toBe('b');
    expect(
      assignSubtasks(
        s,
        agents,
        new Map([
          ['a', rec(3, 1)],
          ['b', rec(1, 3)],
        ]),
      )[0]!.assigned_agent_id,
    ).toBe('a');
    expect(
      assignSubtasks(
        s,
        agents,
        new Map([
          ['a', rec(2, 2, 3)],
          ['b', rec(2, 2, 4.5)],
        ]),
      )[0]!.assigned_agent_id,
    ).toBe('b');
    // Equal records: the work is shared (the first goes to a by id, the second to b, which now has less open work).
    const two = assignSubtasks([...s, { id: 's2', description: 'd', required_capabilities: ['transcription'] }], agents, new Map());
    expect(two.map((x) => x.assigned_agent_id)).toEqual(['a', 'b']);
    expect(two[0]!.reason).toMatch(/chosen among 2 equally capable agents/);
  });

  it('partial coverage is assigned with the missing capabilities named', () => {
    const [x] = assignSubtasks([{ id: 's', description: 'd', required_capabilities: ['compliance', 'scoring'] }], agents, new Map());
    expect(x).toMatchObject({ assigned_agent_id: 'c', missing_capabilities: ['scoring'] });
  });

  it('unassignable subtasks come back unassigned with the reason', () => {
    const out = assignSubtasks(
      [
        { id: 'none', description: 'd', required_capabilities: [] },
        { id: 'nobody', description: 'd', required_capabilities: ['painting'] },
      ],
      agents,
      new Map(),
    );
    expect(out.map((x) => [x.status, x.assigned_agent_id])).toEqual([
      ['unassigned', null],
      ['unassigned', null],
    ]);
    expect(out[0]!.reason).toMatch(/requires no capability/);
    expect(out[1]!.reason).toMatch(/no available agent has any of the required capabilities \(painting\)/);
  });

  it('reliability score is Laplace-smoothed', () => {
    expect(reliabilityScore(undefined)).toBe(0.5);
    expect(reliabilityScore(rec(3, 1))).toBeCloseTo(4 / 6);
  });
});
