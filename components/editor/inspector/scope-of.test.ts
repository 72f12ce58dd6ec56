import { describe, expect, it } from 'vitest';
import { getAt } from '../model/pointer-access';
import { renameState } from '../model/rename-state';
import { setStateField } from '../model/set-state-field';
import { scopeOf } from './scope-of';
import { setWorkflowField } from './workflow-fields';

const doc = {
  workflow_name: 'w',
  asl: {
    StartAt: 'A',
    States: {
      A: {
        Type: 'Parallel',
        Branches: [{ StartAt: 'B1', States: { B1: { Type: 'Pass', Next: 'B2' }, B2: { Type: 'Pass', End: true } } }],
        Next: 'C',
      },
      C: { Type: 'Succeed' },
    },
  },
};

describe('scopeOf', () => {
  it('names the scope, whether the state starts it, and the states a transition may target', () => {
    expect(scopeOf(doc, '/asl/States/A')).toEqual({ name: 'A', scope: '/asl', isStart: true, targets: ['A', 'C'] });
    expect(scopeOf(doc, '/asl/States/A/Branches/0/States/B2')).toEqual({
      name: 'B2',
      scope: '/asl/States/A/Branches/0',
      isStart: false,
      targets: ['B1', 'B2'],
    });
    expect(scopeOf(doc, '/asl/States/Z')).toBeNull();
  });

  it('hands over the same targets array after a field edit, and a new one after a rename', () => {
    const before = scopeOf(doc, '/asl/States/C')!.targets;
    const typed = setStateField(doc, '/asl/States/C', 'Comment', 'x');
    expect(typed.ok && scopeOf(typed.doc, '/asl/States/C')!.targets).toBe(before);
    const renamed = renameState(doc, '/asl/States/C', 'D');
    expect(renamed.ok && scopeOf(renamed.doc, '/asl/States/D')!.targets).toEqual(['A', 'D']);
  });
});

describe('setWorkflowField', () => {
  it('sets, adds and removes workflow fields', () => {
    const r = setWorkflowField(doc, '/asl/Comment', 'hello');
    expect(r.ok && getAt(r.doc, '/asl/Comment')).toBe('hello');
    const removed = setWorkflowField(doc, '/workflow_name', undefined);
    expect(removed.ok && 'workflow_name' in removed.doc).toBe(false);
  });
  it('refuses a field under a missing container', () => {
    expect(setWorkflowField({}, '/asl/Comment', 'x')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
