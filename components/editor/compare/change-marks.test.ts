import { describe, expect, it } from 'vitest';
import { diffWorkflows } from '@/components/editor/model/diff-workflows';
import { changeMarks } from './change-marks';

describe('changeMarks', () => {
  it('marks removed and changed states on the left, added and changed ones on the right', () => {
    const a = { asl: { StartAt: 'A', States: { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Succeed' }, Old: { Type: 'Fail' } } } };
    const b = {
      asl: { StartAt: 'A', States: { A: { Type: 'Pass', Next: 'New' }, New: { Type: 'Pass', Next: 'B' }, B: { Type: 'Succeed' } } },
    };
    const { left, right } = changeMarks(diffWorkflows(a, b));
    expect(Object.fromEntries(left)).toEqual({ '/asl/States/A': 'changed', '/asl/States/Old': 'removed' });
    expect(Object.fromEntries(right)).toEqual({ '/asl/States/A': 'changed', '/asl/States/New': 'added' });
  });
});
