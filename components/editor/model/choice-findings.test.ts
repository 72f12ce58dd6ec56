import { describe, expect, it } from 'vitest';
import { choiceWorkflow, deepFreeze } from './__fixtures__/workflows';
import { exampleSkillOutputs, repositoryWorkflow } from './__fixtures__/skill-outputs';
import { choiceShapeFindings, choiceShapeFindingsSince } from './choice-findings';
import { setStateField } from './set-state-field';
import { firstField, variableProblem } from './check-variable';
import { objectShape, OPEN_OBJECT, UNKNOWN, arrayShape, type Shape } from './shape';
import type { WorkflowDoc } from './types';

const S: Shape = { kind: 'string' };
const at = (findings: Array<{ path: string }>) => findings.map((f) => f.path);

describe('variableProblem', () => {
  const source = {
    shape: objectShape({ name: S, calls: arrayShape(objectShape({ id: S })), pair: arrayShape(S, [S, S]), more: OPEN_OBJECT }),
    context: UNKNOWN,
  };
  it.each<[string, string | null]>([
    ['$.name', null],
    ['$.calls[0].id', null],
    ['$.more.anything.at.all', null],
    ['$$.Execution.Input.x', null],
    ['$.calls[*].id', null],
    ['$.value', 'the data reaching this state has no field "value" (it has name, calls, pair, more)'],
    ['$.calls[0].nope', '$.calls[0] has no field "nope" (it has id)'],
    ['$.name.first', '$.name is a string, which has no field "first"'],
    ['$.calls.id', '$.calls is an array, which has no field "id"'],
    ['$.name[0]', '$.name is a string, not an array: [0] cannot select anything'],
    ['$.pair[2]', '$.pair has 2 items: [2] is not one of them'],
    ['not a path', null],
  ])('%s', (path, problem) => {
    expect(variableProblem(path, source)).toBe(problem);
  });

  it('finds the first field a new rule can start with', () => {
    expect(firstField(source.shape)).toBe('$.name');
    expect(firstField(UNKNOWN)).toBeNull();
    expect(firstField(objectShape({ 'a b': S }))).toBeNull();
  });
});

describe('choiceShapeFindings', () => {
  it('flags the rules of the model fixture that name fields its input cannot have, nested ones too', () => {
    const findings = choiceShapeFindings(deepFreeze(choiceWorkflow()));
    expect(at(findings)).toEqual([
      '/asl/States/Check/Choices/1/And/0/Variable',
      '/asl/States/Check/Choices/1/And/1/Variable',
      '/asl/States/Check/Choices/2/Not/Variable',
    ]);
    expect(findings[0]).toMatchObject({ code: 'shape.unknown_field', message: expect.stringContaining('no field "a"') });
  });

  it('checks a Choice inserted into the product-explanation workflow, with and without skill outputs', () => {
    const doc = withChoiceAfter(repositoryWorkflow('product-explanation-compliance.json'), 'GetCallRecordings', [
      { Variable: '$.start_date', IsPresent: true },
      { Variable: '$.advisor_name', IsPresent: true },
      { Variable: '$.recordings.data.recordings[0].uri', IsPresent: true },
      { Variable: '$.recordings.summary.text', IsPresent: true },
      { Variable: '$.start_date', StringEqualsPath: '$.applications.data.first' },
      { Variable: '$$.Execution.Input.end_date', IsPresent: true },
      { Variable: '$$.Execution.Input.stage', IsPresent: true },
    ]);
    const rule = (i: number, key = 'Variable') => `/asl/States/Branch/Choices/${i}/${key}`;
    // Without skill outputs a Task's `data` is not known: only the input fields and the envelope are checked.
    expect(at(choiceShapeFindings(doc))).toEqual([rule(1), rule(3), rule(6)]);
    // With the demo skills' example outputs, `data` is known too.
    expect(at(choiceShapeFindings(doc, { skillOutputs: exampleSkillOutputs() }))).toEqual([
      rule(1),
      rule(3),
      rule(4, 'StringEqualsPath'),
      rule(6),
    ]);
  });

  it('follows InputPath, a loop, and data that is not known', () => {
    const doc = (States: Record<string, unknown>) =>
      deepFreeze({
        workflow_input_schema: { type: 'object', properties: { n: { type: 'integer' } } },
        asl: { StartAt: Object.keys(States)[0], States },
      });
    const choice = (variable: string, extra: Record<string, unknown> = {}) => ({
      Type: 'Choice',
      ...extra,
      Choices: [{ Variable: variable, NumericGreaterThan: 3, Next: 'End' }],
      Default: 'Again',
    });
    const loop = {
      Again: { Type: 'Pass', Parameters: { 'n.$': 'States.MathAdd($.n, 1)' }, Next: 'Check' },
      End: { Type: 'Succeed' },
    };
    // A loop (Check → Again → Check) still knows its fields: `m` is reported, `n` is not.
    expect(at(choiceShapeFindings(doc({ Check: choice('$.m'), ...loop })))).toEqual(['/asl/States/Check/Choices/0/Variable']);
    expect(choiceShapeFindings(doc({ Check: choice('$.n'), ...loop }))).toEqual([]);
    // InputPath narrows what the rules see.
    expect(at(choiceShapeFindings(doc({ Check: choice('$.n', { InputPath: '$.n' }), ...loop })))).toHaveLength(1);
    // An input merged with data that is not known (a Task's `data` as OutputPath) may have any field.
    const unknownSide = doc({
      First: { Type: 'Choice', Choices: [{ Variable: '$.n', IsPresent: true, Next: 'T' }], Default: 'Check' },
      T: { Type: 'Task', AgentBinding: { skills: ['skill://x@1.0.0'] }, OutputPath: '$.data', Next: 'Check' },
      Check: choice('$.m'),
      ...loop,
    });
    expect(choiceShapeFindings(unknownSide)).toEqual([]);
  });
});

describe('choiceShapeFindingsSince', () => {
  it('reuses the findings while only a comment changed, and computes them again after a data-flow edit', () => {
    const doc = deepFreeze(choiceWorkflow());
    const previous = { doc, findings: choiceShapeFindings(doc) };
    const commented = setStateField(doc, '/asl/States/Start', 'Comment', 'typed');
    expect(commented.ok && choiceShapeFindingsSince(commented.doc, previous)).toBe(previous.findings);
    const moved = setStateField(doc, '/asl/States/Start', 'ResultPath', '$.a');
    const again = moved.ok ? choiceShapeFindingsSince(moved.doc, previous) : [];
    expect(again).not.toBe(previous.findings);
    // `$.a` is now written by Start, so the And rule's first condition is no longer reported.
    expect(at(again)).not.toContain('/asl/States/Check/Choices/1/And/0/Variable');
  });
});

/** `doc` with a Choice named Branch after `state`: each rule goes on to the state's old Next. */
function withChoiceAfter(doc: Record<string, unknown>, state: string, conditions: Array<Record<string, unknown>>): WorkflowDoc {
  const asl = doc.asl as { States: Record<string, Record<string, unknown>> };
  const next = asl.States[state]!.Next as string;
  const Branch = { Type: 'Choice', Choices: conditions.map((c) => ({ ...c, Next: next })), Default: next };
  return deepFreeze({ ...doc, asl: { ...asl, States: { ...asl.States, [state]: { ...asl.States[state], Next: 'Branch' }, Branch } } });
}
