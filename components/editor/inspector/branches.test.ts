import { describe, expect, it } from 'vitest';
import { getAt } from '../model/pointer-access';
import { addBranch, removeBranch } from './branches';

const doc = {
  asl: {
    StartAt: 'Fan',
    States: {
      Fan: {
        Type: 'Parallel',
        Branches: [
          { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } },
          { StartAt: 'FanBranch3', States: { FanBranch3: { Type: 'Pass', End: true } } },
        ],
        End: true,
      },
      Other: { Type: 'Pass', End: true },
    },
  },
};
const FAN = '/asl/States/Fan';

describe('addBranch', () => {
  it('appends a branch with one ending Pass state, named uniquely in the document', () => {
    const r = addBranch(doc, FAN);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.name).toBe('FanBranch2'); // FanBranch3 is taken: uniqueName counts from 2
    expect(getAt(r.doc, `${FAN}/Branches/2`)).toEqual({ StartAt: 'FanBranch2', States: { FanBranch2: { Type: 'Pass', End: true } } });
    expect(getAt(r.doc, `${FAN}/Branches/0`)).toBe(getAt(doc, `${FAN}/Branches/0`));
  });
  it('starts a list when Branches is missing', () => {
    const bare = { asl: { StartAt: 'P', States: { P: { Type: 'Parallel', End: true } } } };
    const r = addBranch(bare, '/asl/States/P');
    expect(r.ok && getAt(r.doc, '/asl/States/P/Branches/0/StartAt')).toBe('PBranch1');
  });
  it('refuses other state types and unknown pointers', () => {
    expect(addBranch(doc, '/asl/States/Other')).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(addBranch(doc, '/asl/States/Nope')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('removeBranch', () => {
  it('removes the branch with its states', () => {
    const r = removeBranch(doc, FAN, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(getAt(r.doc, `${FAN}/Branches`)).toEqual([{ StartAt: 'FanBranch3', States: { FanBranch3: { Type: 'Pass', End: true } } }]);
  });
  it('keeps the last branch and refuses a branch that does not exist', () => {
    const one = removeBranch(doc, FAN, 1);
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    expect(removeBranch(one.doc, FAN, 0)).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(removeBranch(doc, FAN, 7)).toMatchObject({ ok: false, error: { code: 'invalid_value' } });
    expect(removeBranch(doc, '/asl/States/Other', 0)).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });
});
