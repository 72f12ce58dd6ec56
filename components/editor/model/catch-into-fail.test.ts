import { describe, expect, it } from 'vitest';
import { containerWorkflow, deepFreeze, withRootStates } from './__fixtures__/workflows';
import { catchIntoFail } from './catch-into-fail';
import { getAt } from './pointer-access';

const RIGHT2 = '/asl/States/Fan/Branches/1/States/Right2';

describe('catchIntoFail', () => {
  it('creates a Fail state named after the state in its own scope when there is none, and catches into it', () => {
    const doc = deepFreeze(containerWorkflow());
    const r = catchIntoFail(doc, RIGHT2);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.target).toBe('Right2Failed');
    expect(getAt(r.doc, '/asl/States/Fan/Branches/1/States/Right2Failed')).toMatchObject({ Type: 'Fail' });
    expect(getAt(r.doc, `${RIGHT2}/Catch`)).toEqual([{ ErrorEquals: ['States.ALL'], Next: 'Right2Failed' }]);
    // Nothing is added to the other scopes.
    expect(getAt(r.doc, '/asl/States/Right2Failed')).toBeUndefined();
  });

  it('catches into the first Fail state the scope already has, and a second catcher before the catch-all', () => {
    const doc = deepFreeze(withRootStates(containerWorkflow(), { Rejected: { Type: 'Fail', Error: 'Rejected' } }));
    const first = catchIntoFail(doc, '/asl/States/Fan');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.target).toBe('Rejected');
    const second = catchIntoFail(first.doc, '/asl/States/Fan');
    if (!second.ok) throw new Error(second.error.message);
    expect(getAt(second.doc, '/asl/States/Fan/Catch')).toEqual([
      { ErrorEquals: ['States.TaskFailed'], Next: 'Rejected' },
      { ErrorEquals: ['States.ALL'], Next: 'Rejected' },
    ]);
  });

  it('refuses a state that is not there, and a state type that cannot catch', () => {
    const doc = deepFreeze(containerWorkflow());
    expect(catchIntoFail(doc, '/asl/States/Nowhere').ok).toBe(false);
    expect(catchIntoFail(doc, '/asl/States/Fetch').ok).toBe(false);
  });
});
