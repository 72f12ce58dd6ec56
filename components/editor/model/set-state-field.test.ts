import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { changeStateType } from './change-state-type';
import { getAt } from './pointer-access';
import { setStartAt, setStateField } from './set-state-field';

describe('setStateField', () => {
  it('sets, replaces and removes a field without touching the input', () => {
    const before = deepFreeze(choiceWorkflow());
    const set = setStateField(before, '/asl/States/Start', 'TimeoutSeconds', 30);
    expect(set.ok && getAt(set.doc, '/asl/States/Start/TimeoutSeconds')).toBe(30);
    const cleared = setStateField(before, '/asl/States/Start', 'ResultPath', undefined);
    expect(cleared.ok && Object.keys(getAt(cleared.doc, '/asl/States/Start') as object)).toEqual(['Type', 'AgentBinding', 'Catch', 'Next']);
    const nulled = setStateField(before, '/asl/States/Start', 'ResultPath', null);
    expect(nulled.ok && getAt(nulled.doc, '/asl/States/Start/ResultPath')).toBeNull();
    expect(getAt(before, '/asl/States/Start/ResultPath')).toBe('$.result');
  });

  it('keeps Next and End exclusive', () => {
    const ended = setStateField(choiceWorkflow(), '/asl/States/Start', 'End', true);
    expect(ended.ok && getAt(ended.doc, '/asl/States/Start/Next')).toBeUndefined();
    if (!ended.ok) return;
    const next = setStateField(ended.doc, '/asl/States/Start', 'Next', 'Good');
    expect(next.ok && getAt(next.doc, '/asl/States/Start')).toMatchObject({ Next: 'Good' });
    expect(next.ok && getAt(next.doc, '/asl/States/Start/End')).toBeUndefined();
  });

  it('returns the same document when removing an absent field', () => {
    const doc = choiceWorkflow();
    expect(setStateField(doc, '/asl/States/Start', 'Comment', undefined)).toEqual({ ok: true, doc });
  });

  it('accepts any known field on a state of unreadable type', () => {
    const r = setStateField({ asl: { StartAt: 'X', States: { X: { Type: 'Odd' } } } }, '/asl/States/X', 'Seconds', 3);
    expect(r.ok).toBe(true);
  });

  it.each([
    ['a field the type does not allow', '/asl/States/Good', 'Next', 'Bad', 'not_allowed'],
    ['Parameters on a Fail', '/asl/States/Bad', 'Parameters', {}, 'not_allowed'],
    ['an unknown field', '/asl/States/Start', 'Colour', 'red', 'not_allowed'],
    ['Type', '/asl/States/Start', 'Type', 'Pass', 'not_allowed'],
    ['a non-JSON value', '/asl/States/Start', 'TimeoutSeconds', Number.NaN, 'invalid_value'],
    ['a value with a function', '/asl/States/Start', 'Parameters', { f: () => 1 }, 'invalid_value'],
    ['an unknown state', '/asl/States/Nope', 'Comment', 'x', 'not_found'],
  ])('refuses %s', (_what, pointer, field, value, code) => {
    const r = setStateField(choiceWorkflow(), pointer, field, value);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});

describe('setStartAt', () => {
  it('moves the start of a scope', () => {
    const before = deepFreeze(containerWorkflow());
    const r = setStartAt(before, '/asl/States/Fan/Branches/1', 'Right2');
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Branches/1/StartAt')).toBe('Right2');
    expect(getAt(before, '/asl/States/Fan/Branches/1/StartAt')).toBe('Right1');
  });

  it.each([
    ['/asl', 'Left', 'not_found'],
    ['/asl/States/Fan', 'Fetch', 'not_found'],
  ])('refuses scope %s with %s', (scope, name, code) => {
    const r = setStartAt(containerWorkflow(), scope, name);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});

describe('changeStateType', () => {
  it('keeps the fields the new type allows and adds its defaults', () => {
    const before = deepFreeze(choiceWorkflow());
    const r = changeStateType(before, '/asl/States/Start', 'Pass');
    expect(r.ok && getAt(r.doc, '/asl/States/Start')).toEqual({ Type: 'Pass', ResultPath: '$.result', Next: 'Check' });
    const task = changeStateType(before, '/asl/States/Good', 'Task');
    expect(task.ok && getAt(task.doc, '/asl/States/Good')).toEqual({
      Type: 'Task',
      AgentBinding: { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: [] },
      End: true,
    });
  });

  it('drops transitions a Succeed cannot have and branches a Pass cannot have', () => {
    const s = changeStateType(deepFreeze(choiceWorkflow()), '/asl/States/Check', 'Succeed');
    expect(s.ok && getAt(s.doc, '/asl/States/Check')).toEqual({ Type: 'Succeed' });
    const p = changeStateType(deepFreeze(containerWorkflow()), '/asl/States/Fan', 'Pass');
    expect(p.ok && getAt(p.doc, '/asl/States/Fan')).toEqual({ Type: 'Pass', ResultPath: '$.fan', Next: 'Each' });
  });

  it('gives a new Map a processor with a unique state name', () => {
    const r = changeStateType(deepFreeze(containerWorkflow()), '/asl/States/Fetch', 'Map');
    expect(r.ok && getAt(r.doc, '/asl/States/Fetch/ItemProcessor/StartAt')).toBe('FetchItem');
    expect(r.ok && getAt(r.doc, '/asl/States/Fetch/Next')).toBe('Fan');
  });

  it('changes nothing for the same type and refuses an unknown state', () => {
    const doc = choiceWorkflow();
    expect(changeStateType(doc, '/asl/States/Start', 'Task')).toEqual({ ok: true, doc });
    const r = changeStateType(doc, '/asl/States/Nope', 'Pass');
    expect(r.ok ? null : r.error.code).toBe('not_found');
  });
});
