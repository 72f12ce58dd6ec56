import { describe, expect, it } from 'vitest';
import { STATE_TYPES } from '@/server/engine/asl/state-fields';
import { choiceWorkflow, containerWorkflow, deepFreeze, withRootStates } from './__fixtures__/workflows';
import { addState } from './add-state';
import { getAt } from './pointer-access';

describe('addState', () => {
  it('adds a Task with a worker binding and no skills, named after its type', () => {
    const before = deepFreeze(choiceWorkflow());
    const r = addState(before, '/asl', 'Task');
    expect(r).toMatchObject({ ok: true, name: 'Task', pointer: '/asl/States/Task' });
    if (!r.ok) return;
    expect(getAt(r.doc, '/asl/States/Task')).toEqual({
      Type: 'Task',
      AgentBinding: { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: [] },
      End: true,
    });
    expect(getAt(r.doc, '/asl/StartAt')).toBe('Start');
    expect(Object.keys(getAt(before, '/asl/States') as object)).toEqual(['Start', 'Check', 'Good', 'Bad']);
  });

  it('numbers default names against the whole document, nested scopes included', () => {
    const doc = deepFreeze({
      asl: {
        StartAt: 'P',
        States: { P: { Type: 'Parallel', Branches: [{ StartAt: 'Pass', States: { Pass: { Type: 'Pass', End: true } } }], End: true } },
      },
    });
    expect(addState(doc, '/asl', 'Pass')).toMatchObject({ ok: true, name: 'Pass2' });
  });

  it('adds into a Parallel branch and a Map processor', () => {
    const doc = deepFreeze(containerWorkflow());
    const a = addState(doc, '/asl/States/Fan/Branches/1', 'Wait', { name: 'Pause' });
    expect(a).toMatchObject({ ok: true, pointer: '/asl/States/Fan/Branches/1/States/Pause' });
    if (a.ok) expect(getAt(a.doc, '/asl/States/Fan/Branches/1/States/Pause')).toEqual({ Type: 'Wait', Seconds: 1, End: true });
    const b = addState(doc, '/asl/States/Each/ItemProcessor', 'Succeed');
    expect(b).toMatchObject({ ok: true, pointer: '/asl/States/Each/ItemProcessor/States/Succeed' });
  });

  it('gives containers lanes with uniquely named Pass states', () => {
    const r = addState(deepFreeze(choiceWorkflow()), '/asl', 'Parallel', { name: 'Both' });
    expect(r.ok && getAt(r.doc, '/asl/States/Both')).toEqual({
      Type: 'Parallel',
      Branches: [
        { StartAt: 'BothBranch1', States: { BothBranch1: { Type: 'Pass', End: true } } },
        { StartAt: 'BothBranch2', States: { BothBranch2: { Type: 'Pass', End: true } } },
      ],
      End: true,
    });
    const m = addState(deepFreeze(choiceWorkflow()), '/asl', 'Map', { name: 'Each' });
    expect(m.ok && getAt(m.doc, '/asl/States/Each')).toEqual({
      Type: 'Map',
      ItemsPath: '$.items',
      ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' }, StartAt: 'EachItem', States: { EachItem: { Type: 'Pass', End: true } } },
      End: true,
    });
  });

  it.each(STATE_TYPES)('the default %s body has the right Type', (type) => {
    const r = addState(choiceWorkflow(), '/asl', type);
    expect(r.ok && (getAt(r.doc, r.pointer) as { Type: string }).Type).toBe(type);
  });

  it('makes the first state of an empty scope its start', () => {
    const r = addState(deepFreeze({ asl: { States: {} } }), '/asl', 'Pass');
    expect(r.ok && r.doc).toEqual({ asl: { StartAt: 'Pass', States: { Pass: { Type: 'Pass', End: true } } } });
    const noStates = addState(deepFreeze({ asl: {} }), '/asl', 'Succeed', { name: 'Done' });
    expect(noStates.ok && noStates.doc).toEqual({ asl: { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } } });
  });

  it.each([
    ['a taken name', '/asl', { name: 'Check' }, 'duplicate_name'],
    ['a name taken in a nested scope', '/asl', { name: 'Left' }, 'duplicate_name'],
    ['an empty name', '/asl', { name: '' }, 'invalid_name'],
    ['an unknown scope', '/asl/States/Nope/Branches/0', {}, 'not_found'],
    ['a state pointer as the scope', '/asl/States/Fan', {}, 'not_found'],
  ])('refuses %s', (_what, scope, options, code) => {
    const doc = withRootStates(containerWorkflow(), { Check: { Type: 'Pass', End: true } });
    const r = addState(doc, scope, 'Pass', options);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('refuses a scope whose States is not an object', () => {
    const r = addState({ asl: { StartAt: 'A', States: [1] } }, '/asl', 'Pass');
    expect(r.ok ? null : r.error.code).toBe('invalid_value');
  });
});
