import { describe, expect, it } from 'vitest';
import { isObject } from '@/server/engine/json';
import { parsePath } from '@/server/engine/paths/parse-path';
import { containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { exampleSkillOutputs, repositoryWorkflow } from './__fixtures__/skill-outputs';
import { contextShape } from './context-shape';
import { selectPath } from './shape-paths';
import { UNKNOWN, arrayShape, objectShape, type Shape } from './shape';
import { inputShapeOf, stateShapes } from './state-shapes';
import { indexStates } from './state-index';
import { shapeFromSchema } from './schema-shape';

const S: Shape = { kind: 'string' };
const I: Shape = { kind: 'integer' };
const B: Shape = { kind: 'boolean' };
const envelope = (data: Shape) =>
  objectShape({ ok: B, summary: S, data, metrics: objectShape({ latency_ms: { kind: 'number' } }), artifacts: arrayShape(UNKNOWN) }, true);
const keys = (s: Shape) => (s.kind === 'object' ? Object.keys(s.fields) : s.kind);
const machine = (States: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  deepFreeze({
    workflow_input_schema: { type: 'object', properties: { a: { type: 'string' }, n: { type: 'integer' } } },
    ...extra,
    asl: { StartAt: Object.keys(States)[0], States },
  });

describe('stateShapes on small machines', () => {
  it('gives the StartAt state the workflow input and a Task its envelope at ResultPath', () => {
    const doc = machine({
      T: { Type: 'Task', AgentBinding: { skills: ['skill://x@1.0.0'] }, ResultPath: '$.t', Next: 'E' },
      E: { Type: 'Succeed' },
    });
    expect(inputShapeOf(doc, '/asl/States/T')).toEqual(objectShape({ a: S, n: I }));
    const withSkill = inputShapeOf(doc, '/asl/States/E', { skillOutputs: { 'skill://x@1.0.0': objectShape({ text: S }) } });
    expect(withSkill).toEqual(objectShape({ a: S, n: I, t: envelope(objectShape({ text: S })) }));
    expect(inputShapeOf(doc, '/asl/States/E')).toEqual(objectShape({ a: S, n: I, t: envelope(UNKNOWN) }));
  });

  it.each<[string, Record<string, unknown>, Shape]>([
    ['no ResultPath: the result replaces the input', { Type: 'Pass', Result: { x: 1 } }, objectShape({ x: I })],
    ['ResultPath null: the input passes on', { Type: 'Pass', Result: { x: 1 }, ResultPath: null }, objectShape({ a: S, n: I })],
    [
      'Parameters build the result',
      { Type: 'Pass', Parameters: { 'copy.$': '$.a', k: true, 'f.$': "States.Format('{}', $.a)" } },
      objectShape({ copy: S, k: B, f: S }),
    ],
    [
      'InputPath narrows the effective input',
      { Type: 'Pass', InputPath: '$.a', ResultPath: '$.only' },
      objectShape({ a: S, n: I, only: S }),
    ],
    ['InputPath null gives {}', { Type: 'Pass', InputPath: null }, objectShape({})],
    [
      'OutputPath narrows the output',
      { Type: 'Pass', Result: { x: { y: 'z' } }, ResultPath: '$.r', OutputPath: '$.r.x' },
      objectShape({ y: S }),
    ],
    ['OutputPath null gives {}', { Type: 'Pass', OutputPath: null }, objectShape({})],
    [
      'ResultSelector shapes a Task result',
      { Type: 'Task', ResultSelector: { 'ok.$': '$.ok', 'ctx.$': '$$.State.Name' }, ResultPath: '$.r' },
      objectShape({ a: S, n: I, r: objectShape({ ok: B, ctx: S }) }),
    ],
    ['a Wait passes its input through InputPath/OutputPath', { Type: 'Wait', Seconds: 1, OutputPath: '$.n' }, I],
    ['an unparsable path selects unknown', { Type: 'Pass', InputPath: '$[', ResultPath: '$.r' }, objectShape({ a: S, n: I, r: UNKNOWN })],
  ])('%s', (_what, state, expected) => {
    const doc = machine({ X: { ...state, Next: 'End' }, End: { Type: 'Succeed' } });
    expect(stateShapes(doc, '/asl/States/X')!.output).toEqual(expected);
    expect(inputShapeOf(doc, '/asl/States/End')).toEqual(expected);
  });

  it('unions the outputs of every predecessor, Choice rules and Default included', () => {
    const doc = machine({
      C: { Type: 'Choice', Choices: [{ Variable: '$.n', NumericEquals: 1, Next: 'P1' }], Default: 'P2' },
      P1: { Type: 'Pass', Result: 'one', ResultPath: '$.one', Next: 'J' },
      P2: { Type: 'Pass', Result: 2, ResultPath: '$.two', Next: 'J' },
      J: { Type: 'Succeed' },
    });
    expect(inputShapeOf(doc, '/asl/States/P2')).toEqual(objectShape({ a: S, n: I }));
    expect(inputShapeOf(doc, '/asl/States/J')).toEqual(objectShape({ a: S, n: I, one: S, two: I }));
  });

  it("hands a catcher's target the error at the catcher's ResultPath", () => {
    const doc = machine({
      T: {
        Type: 'Task',
        Catch: [
          { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'H' },
          { ErrorEquals: ['X'], Next: 'H2' },
        ],
        End: true,
      },
      H: { Type: 'Fail' },
      H2: { Type: 'Fail' },
    });
    expect(inputShapeOf(doc, '/asl/States/H')).toEqual(objectShape({ a: S, n: I, error: objectShape({ Error: S, Cause: S }) }));
    expect(inputShapeOf(doc, '/asl/States/H2')).toEqual(objectShape({ Error: S, Cause: S }));
  });

  it('terminates on loops, a back edge adding what the loop body adds', () => {
    const doc = machine({
      A: { Type: 'Pass', Result: 1, ResultPath: '$.count', Next: 'B' },
      B: { Type: 'Pass', Parameters: { 'prev.$': '$' }, ResultPath: '$.wrapped', Next: 'C' },
      C: { Type: 'Choice', Choices: [{ Variable: '$.count', NumericLessThan: 3, Next: 'A' }], Default: 'D' },
      D: { Type: 'Succeed' },
    });
    const sorted = (s: Shape) => [...(keys(s) as string[])].sort();
    // Every state of the loop sees what a previous round added, wherever the computation starts.
    for (const name of ['A', 'B', 'C', 'D'])
      expect(sorted(inputShapeOf(doc, `/asl/States/${name}`))).toEqual(['a', 'count', 'n', 'wrapped']);
    expect(sorted(stateShapes(doc, '/asl/States/A')!.output)).toEqual(['a', 'count', 'n', 'wrapped']);
    const self = machine({ L: { Type: 'Pass', ResultPath: '$.again', Next: 'L' } });
    expect(sorted(inputShapeOf(self, '/asl/States/L'))).toEqual(['a', 'again', 'n']);
  });

  it('gives Parallel branches the effective input and collects their outputs by position', () => {
    const doc = deepFreeze(containerWorkflow());
    const items = arrayShape(objectShape({ uri: S }));
    expect(inputShapeOf(doc, '/asl/States/Fan/Branches/0/States/Left')).toEqual(objectShape({ items }));
    expect(inputShapeOf(doc, '/asl/States/Fan/Branches/1/States/Right2')).toEqual(objectShape({ items }));
    const fan = stateShapes(doc, '/asl/States/Fan')!;
    const left = objectShape({ items, left: objectShape({ side: S }) });
    const right = objectShape({ items, sentiment: envelope(UNKNOWN) });
    expect(fan.result).toEqual(
      arrayShape(objectShape({ items, left: objectShape({ side: S }), sentiment: envelope(UNKNOWN) }), [left, right]),
    );
    expect(keys(inputShapeOf(doc, '/asl/States/Each'))).toEqual(['items', 'fan']);
  });

  it('gives a Map iteration its ItemSelector with $$.Map.Item, and collects an array', () => {
    const doc = deepFreeze(containerWorkflow());
    expect(inputShapeOf(doc, '/asl/States/Each/ItemProcessor/States/Item')).toEqual(
      objectShape({ recording: objectShape({ uri: S }), index: I }),
    );
    const done = inputShapeOf(doc, '/asl/States/Done');
    expect(done.kind === 'object' && done.fields.calls).toEqual(
      arrayShape(objectShape({ recording: objectShape({ uri: S }), index: I, transcript: envelope(UNKNOWN) })),
    );
  });

  it('gives a Map iteration the item itself without a selector', () => {
    const doc = machine(
      { M: { Type: 'Map', ItemsPath: '$.list', Iterator: { StartAt: 'I', States: { I: { Type: 'Succeed' } } }, End: true } },
      {
        workflow_input_schema: { type: 'object', properties: { list: { type: 'array', items: { type: 'integer' } } } },
      },
    );
    expect(inputShapeOf(doc, '/asl/States/M/Iterator/States/I')).toEqual(I);
  });

  it.each([
    ['no state there', '/asl/States/Nope'],
    ['a scope pointer', '/asl'],
  ])('gives null shapes for %s', (_what, pointer) => {
    expect(stateShapes(machine({ A: { Type: 'Succeed' } }), pointer)).toBeNull();
    expect(inputShapeOf(machine({ A: { Type: 'Succeed' } }), pointer)).toEqual(UNKNOWN);
  });

  it('copes with a document without an input schema or with odd states', () => {
    const doc = {
      asl: { StartAt: 'A', States: { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Teleport', Next: 'C' }, C: { Type: 'Succeed' } } },
    };
    expect(inputShapeOf(doc, '/asl/States/A')).toEqual(UNKNOWN);
    expect(inputShapeOf(doc, '/asl/States/C')).toEqual(UNKNOWN);
  });
});

/**
 * The shipped workflows run on the demo skills (server/skills/workflow-bindings.test.ts): so
 * with the example outputs as skill outputs, every `.$` path a Task or selector reads must select
 * something known in the shape the editor infers for it.
 */
describe('stateShapes on the shipped workflows', () => {
  const skillOutputs = exampleSkillOutputs();
  it.each([
    'standard-advice-call-analysis.json',
    'standard-advice-call-analysis-1.0.1.json',
    'standard-advice-call-analysis-all-calls.json',
    'product-explanation-compliance.json',
  ])('%s: every path read is known', (file) => {
    const doc = repositoryWorkflow(file);
    const context = contextShape(shapeFromSchema(doc.workflow_input_schema));
    const unknownPaths: string[] = [];
    for (const node of indexStates(doc).tree.states) {
      const state = node.value as Record<string, unknown>;
      const shapes = stateShapes(doc, node.pointer, { skillOutputs })!;
      const reads: Array<[string, Shape, unknown]> = [
        ['Parameters', shapes.selectedInput, state.Type === 'Map' ? undefined : state.Parameters],
        ['ResultSelector', shapes.result, state.ResultSelector],
      ];
      if (state.Type === 'Map') reads.push(['ItemsPath', shapes.selectedInput, { 'items.$': state.ItemsPath }]);
      for (const [field, data, template] of reads) {
        if (!isObject(template)) continue;
        for (const [key, path] of Object.entries(template)) {
          if (!key.endsWith('.$') || typeof path !== 'string' || path.startsWith('$$')) continue;
          const parsed = parsePath(path);
          if (!parsed.ok || selectPath(parsed.ast, data, context).kind === 'unknown')
            unknownPaths.push(`${node.name}.${field}.${key}: ${path}`);
        }
      }
    }
    expect(unknownPaths).toEqual([]);
  });

  it('knows the QA score path of the pilot at its end', () => {
    const doc = repositoryWorkflow('standard-advice-call-analysis.json');
    const out = stateShapes(doc, '/asl/States/CalculateScore', { skillOutputs })!.output;
    const parsed = parsePath('$.qa_score.data.score');
    expect(parsed.ok && selectPath(parsed.ast, out, UNKNOWN)).toEqual({ kind: 'integer' });
  });
});
