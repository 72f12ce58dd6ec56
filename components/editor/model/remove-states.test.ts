import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { getAt } from './pointer-access';
import { removeStates } from './remove-states';

describe('removeStates', () => {
  it('removes a state and every reference to it', () => {
    const before = deepFreeze(choiceWorkflow());
    const r = removeStates(before, ['/asl/States/Bad']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.removed).toEqual(['/asl/States/Bad']);
    expect(getAt(r.doc, '/asl/States')).toEqual({
      Start: { Type: 'Task', AgentBinding: getAt(before, '/asl/States/Start/AgentBinding'), ResultPath: '$.result', Next: 'Check' },
      Check: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.score', NumericGreaterThanEquals: 80, Next: 'Good' },
          {
            And: [
              { Variable: '$.a', IsPresent: true },
              { Variable: '$.b', BooleanEquals: true },
            ],
            Next: 'Good',
          },
        ],
      },
      Good: { Type: 'Succeed' },
    });
    expect(getAt(before, '/asl/States/Bad')).toBeDefined();
  });

  it('turns a Next to a removed state into End: true', () => {
    const r = removeStates(deepFreeze(choiceWorkflow()), ['/asl/States/Check']);
    expect(r.ok && getAt(r.doc, '/asl/States/Start')).toMatchObject({ End: true });
    expect(r.ok && Object.keys(getAt(r.doc, '/asl/States/Start') as object)).not.toContain('Next');
  });

  it("moves StartAt along the removed start's Next chain, skipping removed states", () => {
    const doc = deepFreeze({
      asl: {
        StartAt: 'A',
        States: { Z: { Type: 'Succeed' }, A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Pass', Next: 'C' }, C: { Type: 'Pass', Next: 'Z' } },
      },
    });
    const r = removeStates(doc, ['/asl/States/A', '/asl/States/B']);
    expect(r.ok && getAt(r.doc, '/asl/StartAt')).toBe('C');
  });

  it('falls back to the first remaining state when the start had no surviving successor', () => {
    const r = removeStates(deepFreeze(choiceWorkflow()), ['/asl/States/Start', '/asl/States/Check']);
    expect(r.ok && getAt(r.doc, '/asl/StartAt')).toBe('Good');
  });

  it('drops StartAt of a scope left empty', () => {
    const r = removeStates(deepFreeze(containerWorkflow()), ['/asl/States/Fan/Branches/0/States/Left']);
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Branches/0')).toEqual({ States: {} });
  });

  it('removes a container with its children, and nested selections with it', () => {
    const before = deepFreeze(containerWorkflow());
    const r = removeStates(before, ['/asl/States/Fan/Branches/1/States/Right2', '/asl/States/Fan']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.removed).toEqual(['/asl/States/Fan']);
    expect(Object.keys(getAt(r.doc, '/asl/States') as object)).toEqual(['Fetch', 'Each', 'Done']);
    expect(getAt(r.doc, '/asl/States/Fetch')).toEqual({ Type: 'Pass', End: true });
  });

  it('cleans only the scope of the removed state', () => {
    const r = removeStates(deepFreeze(containerWorkflow()), ['/asl/States/Fan/Branches/1/States/Right2']);
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Branches/1')).toEqual({
      StartAt: 'Right1',
      States: { Right1: { Type: 'Pass', End: true } },
    });
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Next')).toBe('Each');
  });

  it('removes states of several scopes in one edit', () => {
    const r = removeStates(deepFreeze(containerWorkflow()), ['/asl/States/Done', '/asl/States/Each/ItemProcessor/States/Item']);
    expect(r.ok && getAt(r.doc, '/asl/States/Each')).toMatchObject({ End: true, ItemProcessor: { States: {} } });
  });

  it('refuses, changing nothing, when a pointer names no state', () => {
    const r = removeStates(choiceWorkflow(), ['/asl/States/Good', '/asl/States/Nope']);
    expect(r).toEqual({ ok: false, error: { code: 'not_found', message: 'No state at /asl/States/Nope.' } });
  });

  it('accepts an empty selection', () => {
    const doc = choiceWorkflow();
    expect(removeStates(doc, [])).toEqual({ ok: true, doc, removed: [] });
  });
});
