import { describe, expect, it } from 'vitest';
import { nodeSize } from './node-size';

const d = (kind: 'Task' | 'Pass' | 'Succeed', skills: string[] = [], extra = 0) => ({
  kind,
  skills,
  rules: 0,
  retriers: extra,
  catchers: 0,
});

describe('nodeSize', () => {
  it('grows a Task by one row per bound skill, with one row when none is bound', () => {
    expect(nodeSize(d('Task'), false)).toEqual(nodeSize(d('Task', ['skill://a@1.0.0']), false));
    expect(nodeSize(d('Task', ['a', 'b']), false).height - nodeSize(d('Task', ['a']), false).height).toBe(24);
  });
  it('adds the rules row and the run band', () => {
    expect(nodeSize(d('Pass', [], 1), false).height - nodeSize(d('Pass'), false).height).toBe(20);
    expect(nodeSize(d('Pass'), true).height - nodeSize(d('Pass'), false).height).toBe(46);
  });
  it('draws terminal states narrower', () => {
    expect(nodeSize(d('Succeed'), false).width).toBeLessThan(nodeSize(d('Pass'), false).width);
  });
});
