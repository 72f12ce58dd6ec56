/**
 * Small workflow documents for the model's tests, built fresh per call so a test that mutated
 * one by mistake cannot leak into another (and `deepFreeze` makes such a mutation throw).
 */
import type { WorkflowDoc } from '../types';

const binding = (skill: string) => ({ agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: [skill] });

/** Start → Check (Choice: score rule, And, Not, Default) → Good/Bad; Start catches into Bad. */
export function choiceWorkflow(): WorkflowDoc {
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: '11111111-1111-4111-8111-111111111111',
    workflow_name: 'Choice',
    version: '1.0.0',
    workflow_input_schema: {
      type: 'object',
      properties: { advisor_name: { type: 'string' }, score: { type: 'number' } },
      required: ['advisor_name'],
    },
    asl: {
      StartAt: 'Start',
      States: {
        Start: {
          Type: 'Task',
          AgentBinding: binding('skill://scoring@1.1.0'),
          ResultPath: '$.result',
          Catch: [{ ErrorEquals: ['States.Timeout', 'States.TaskFailed'], Next: 'Bad' }],
          Next: 'Check',
        },
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
            { Not: { Variable: '$.x', StringEquals: 'a' }, Next: 'Bad' },
          ],
          Default: 'Bad',
        },
        Good: { Type: 'Succeed' },
        Bad: { Type: 'Fail', Error: 'Low', Cause: 'score too low' },
      },
    },
  };
}

/** Fetch → Fan (Parallel: [Left], [Right1 → Right2]) → Each (Map over $.items: Item) → Done. */
export function containerWorkflow(): WorkflowDoc {
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: '22222222-2222-4222-8222-222222222222',
    workflow_name: 'Containers',
    version: '1.2.3',
    workflow_input_schema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { uri: { type: 'string' } } } } },
    },
    asl: {
      StartAt: 'Fetch',
      States: {
        Fetch: { Type: 'Pass', Next: 'Fan' },
        Fan: {
          Type: 'Parallel',
          Branches: [
            { StartAt: 'Left', States: { Left: { Type: 'Pass', Result: { side: 'left' }, ResultPath: '$.left', End: true } } },
            {
              StartAt: 'Right1',
              States: {
                Right1: { Type: 'Pass', Next: 'Right2' },
                Right2: { Type: 'Task', AgentBinding: binding('skill://sentiment-analysis@1.2.0'), ResultPath: '$.sentiment', End: true },
              },
            },
          ],
          ResultPath: '$.fan',
          Next: 'Each',
        },
        Each: {
          Type: 'Map',
          ItemsPath: '$.items',
          ItemSelector: { 'recording.$': '$$.Map.Item.Value', 'index.$': '$$.Map.Item.Index' },
          ItemProcessor: {
            StartAt: 'Item',
            States: {
              Item: { Type: 'Task', AgentBinding: binding('skill://whisper-transcribe@1.0.0'), ResultPath: '$.transcript', End: true },
            },
          },
          ResultPath: '$.calls',
          Next: 'Done',
        },
        Done: { Type: 'Succeed' },
      },
    },
  };
}

/** `doc` with `extra` states added to its root machine (for tests that need one more name taken). */
export function withRootStates(doc: WorkflowDoc, extra: Record<string, unknown>): WorkflowDoc {
  const asl = doc.asl as { States: Record<string, unknown> };
  return { ...doc, asl: { ...asl, States: { ...asl.States, ...extra } } };
}

/** Freezes a value and everything in it, so a test fails loudly if an operation mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
