import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze, withRootStates } from './__fixtures__/workflows';
import { getAt } from './pointer-access';
import { renameState } from './rename-state';

describe('renameState', () => {
  it('renames in place and updates StartAt, Next, Choice rules, Default and Catch', () => {
    const before = deepFreeze(choiceWorkflow());
    const bad = renameState(before, '/asl/States/Bad', 'Rejected');
    expect(bad).toMatchObject({ ok: true, pointer: '/asl/States/Rejected' });
    if (!bad.ok) return;
    expect(Object.keys(getAt(bad.doc, '/asl/States') as object)).toEqual(['Start', 'Check', 'Good', 'Rejected']);
    expect(getAt(bad.doc, '/asl/States/Start/Catch/0/Next')).toBe('Rejected');
    expect(getAt(bad.doc, '/asl/States/Check/Choices/2/Next')).toBe('Rejected');
    expect(getAt(bad.doc, '/asl/States/Check/Default')).toBe('Rejected');
    expect(getAt(bad.doc, '/asl/States/Check/Choices/0/Next')).toBe('Good');
    const start = renameState(before, '/asl/States/Start', 'Begin');
    expect(start.ok && getAt(start.doc, '/asl/StartAt')).toBe('Begin');
    expect(getAt(before, '/asl/StartAt')).toBe('Start');
  });

  it('renames a stray Next inside nested And/Or/Not rules too', () => {
    const doc = deepFreeze({
      asl: {
        StartAt: 'C',
        States: {
          C: { Type: 'Choice', Choices: [{ Not: { Variable: '$.a', IsNull: true, Next: 'X' }, Next: 'X' }] },
          X: { Type: 'Succeed' },
        },
      },
    });
    const r = renameState(doc, '/asl/States/X', 'Y');
    expect(r.ok && getAt(r.doc, '/asl/States/C/Choices/0')).toEqual({ Not: { Variable: '$.a', IsNull: true, Next: 'Y' }, Next: 'Y' });
  });

  it('renames inside a branch without touching other scopes', () => {
    const r = renameState(deepFreeze(containerWorkflow()), '/asl/States/Fan/Branches/1/States/Right2', 'Sentiment');
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Branches/1/States/Right1/Next')).toBe('Sentiment');
    expect(r.ok && r.pointer).toBe('/asl/States/Fan/Branches/1/States/Sentiment');
  });

  it('changes nothing when the name is the same', () => {
    const doc = choiceWorkflow();
    expect(renameState(doc, '/asl/States/Good', 'Good')).toEqual({ ok: true, doc, pointer: '/asl/States/Good' });
  });

  it.each([
    ['/asl/States/Good', 'Bad', 'duplicate_name'],
    ['/asl/States/Fetch', 'Left', 'duplicate_name'],
    ['/asl/States/Good', '', 'invalid_name'],
    ['/asl/States/Nope', 'New', 'not_found'],
  ])('refuses renaming %s to %j', (pointer, name, code) => {
    const doc = withRootStates(containerWorkflow(), { Good: { Type: 'Succeed' }, Bad: { Type: 'Fail' } });
    const r = renameState(doc, pointer, name);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});
