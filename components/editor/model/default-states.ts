import type { StateType } from '@/server/engine/asl/state-fields';
import { uniqueName } from './state-names';
import type { JsonObject } from './types';

/** The worker template every new Task is bound to; skills are picked afterwards in the inspector. */
export const DEFAULT_AGENT_TEMPLATE = { name: 'agent_template_worker', version: '1.0.0' } as const;

/**
 * The body a new state of `type` starts with: the smallest sensible state of that type. Flow
 * states end (`End: true`) until connected; a Choice starts with no rules (the validator asks for
 * one); a Parallel has two branches and a Map an inline item processor over `$.items`, each with a
 * Pass state whose name is made unique against `taken`. `names` lists those nested names.
 */
export function defaultState(type: StateType, name: string, taken: ReadonlySet<string>): { state: JsonObject; names: string[] } {
  const names: string[] = [];
  const lane = (suffix: string) => {
    const inner = uniqueName(`${name}${suffix}`, new Set([...taken, name, ...names]));
    names.push(inner);
    return { StartAt: inner, States: { [inner]: { Type: 'Pass', End: true } } };
  };
  switch (type) {
    case 'Task':
      return { state: { Type: 'Task', AgentBinding: { agent_template_ref: { ...DEFAULT_AGENT_TEMPLATE }, skills: [] }, End: true }, names };
    case 'Pass':
      return { state: { Type: 'Pass', End: true }, names };
    case 'Choice':
      return { state: { Type: 'Choice', Choices: [] }, names };
    case 'Wait':
      return { state: { Type: 'Wait', Seconds: 1, End: true }, names };
    case 'Succeed':
      return { state: { Type: 'Succeed' }, names };
    case 'Fail':
      return { state: { Type: 'Fail', Error: 'WorkflowFailed', Cause: `${name} was reached` }, names };
    case 'Parallel':
      return { state: { Type: 'Parallel', Branches: [lane('Branch1'), lane('Branch2')], End: true }, names };
    case 'Map':
      return {
        state: { Type: 'Map', ItemsPath: '$.items', ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' }, ...lane('Item') }, End: true },
        names,
      };
  }
}
