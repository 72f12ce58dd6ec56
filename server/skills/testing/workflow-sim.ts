import { chooseTool } from '../../execution/skill-choice.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  StatesError,
  applyStateResult,
  evaluateChoice,
  failStateError,
  indexStates,
  mapItemInput,
  mapItems,
  mapProcessor,
  maxConcurrency,
  nextOrEnd,
  passStateOutput,
  selectEffectiveInput,
  simpleStateOutput,
  type AslState,
  type ContextObject,
  type Json,
} from '../../engine/runtime/index.ts';
import { loadExampleIndex, REPO_ROOT } from '../../schemas/testing/example-files.ts';
import type { SkillCatalog } from '../catalog.ts';
import type { ToolRequirement } from '../manifest.ts';
import { callDemoTool } from '../demo/skills/catalog.ts';

/**
 * TEST SUPPORT, not the runner. Walks a workflow's states one at a time, in process, with the
 * real ASL run-time semantics of server/engine/runtime (selectEffectiveInput, applyStateResult,
 * mapItems/mapItemInput/mapProcessor, evaluateChoice, nextOrEnd, …): the data flow a run has,
 * without the control plane, agents, leases or timers of server/execution. Parallel branches and
 * Map iterations run one after another, their results in branch/item order (as the runner joins
 * them); Wait does not wait; there is no Retry or Catch — any StatesError propagates, so a path
 * that names nothing fails the test. Each Task is answered by `invoke` (the example envelopes of
 * schemas/examples/ours/data-plane-output/ or the real demo skills), its arguments checked
 * against its tool's parameter schema.
 */
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
export const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

export type Obj = Record<string, any>; // fixture documents, read loosely
export const readJson = (path: string): Obj => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8'));

type Scope = { StartAt: string; States: Record<string, AslState> };

/** One Task the walk ran: its name, its AgentBinding skills and its effective input (the tool's arguments). */
export interface TaskCall {
  state: string;
  skills: string[];
  args: Obj;
}

/**
 * Runs the workflow `asl` on `input` and returns its output. Every state is looked up through
 * indexStates (so nested names resolve as the runner resolves them) and must belong to the scope
 * being walked. The `$$` context is a fixed, made-up execution.
 */
export function runWorkflow(asl: Scope, input: Json, invoke: (call: TaskCall) => Json): Json {
  const index = indexStates(asl);
  const context = (name: string): ContextObject => ({
    Execution: { Id: 'sim-run', Input: input, Name: 'sim-run', StartTime: '2024-07-08T09:00:00Z' },
    State: { Name: name, EnteredTime: '2024-07-08T09:00:00Z', RetryCount: 0 },
    StateMachine: { Id: 'sim-workflow', Name: 'sim-workflow' },
  });

  const runScope = (scope: Scope, scopeInput: Json): Json => {
    let name = scope.StartAt;
    let data = scopeInput;
    for (let transitions = 0; ; transitions++) {
      if (transitions > 1000) throw new Error('more than 1000 transitions in one scope: a loop?');
      const loc = index.get(name);
      if (!loc || loc.siblings !== scope.States) throw new Error(`no state ${name} in this scope`);
      const state = loc.state;
      const ctx = context(name);
      switch (state.Type) {
        case 'Task': {
          const binding = (state.AgentBinding ?? {}) as { skills?: string[] };
          const args = selectEffectiveInput(state, data, ctx) as Obj;
          data = applyStateResult(state, data, invoke({ state: name, skills: binding.skills ?? [], args }), ctx);
          break;
        }
        case 'Parallel': {
          const effective = selectEffectiveInput(state, data, ctx);
          const results = (state.Branches as Scope[]).map((branch) => runScope(branch, effective));
          data = applyStateResult(state, data, results, ctx);
          break;
        }
        case 'Map': {
          const effective = selectEffectiveInput(state, data, ctx);
          maxConcurrency(state, effective, ctx); // checked only: iterations run one after another here
          const processor = mapProcessor(state);
          const results = mapItems(state, effective, ctx).map((item, i) =>
            runScope(processor, mapItemInput(state, effective, item, i, { ...ctx, Map: { Item: { Index: i, Value: item } } })),
          );
          data = applyStateResult(state, data, results, ctx);
          break;
        }
        case 'Pass':
          data = passStateOutput(state, data, ctx);
          break;
        case 'Choice': {
          const next = evaluateChoice(state, selectEffectiveInput(state, data, ctx), ctx);
          data = simpleStateOutput(state, data, ctx);
          name = next;
          continue;
        }
        case 'Wait':
        case 'Succeed':
          data = simpleStateOutput(state, data, ctx);
          break;
        case 'Fail': {
          const { error, cause } = failStateError(state, data, ctx);
          throw new StatesError(error, cause);
        }
        default:
          throw new Error(`${name}: unknown state type ${String(state.Type)}`);
      }
      const step = nextOrEnd(state);
      if ('end' in step) return data;
      name = step.next;
    }
  };

  return runScope(asl, input);
}

/** The one tool a Task bound to `skills` invokes (each shipped Task binds one single-tool skill). */
export function boundTool(catalog: SkillCatalog, skills: string[], args: Obj = {}): { uri: string; tool: ToolRequirement } {
  expect(skills).toHaveLength(1);
  const entry = catalog.entries.find((e) => e.uri === skills[0]);
  if (!entry?.manifest) throw new Error(`skill ${skills[0]} is not in skills/`);
  // The tool a worker calls with these arguments (server/execution/skill-choice.ts chooseTool); the first one when none fits,
  // so that a state whose Parameters fit no tool is compared with the skill's spec tool.
  const tool = chooseTool(entry.manifest, args) ?? entry.manifest.requiredTools[0]!;
  return { uri: entry.uri!, tool };
}

/** Every Task state, including those inside Parallel branches and Map processors, in document order. */
export function taskStates(asl: Obj): Array<[string, Obj]> {
  return [...indexStates(asl as Scope).values()].filter((l) => l.state.Type === 'Task').map((l) => [l.name, l.state as Obj]);
}

/** The example envelope each skill tool returns, from schemas/examples/index.json. */
export function sampleResults(): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const e of loadExampleIndex()) if (e.producedBy) out.set(`${e.producedBy.skill}#${e.producedBy.tool}`, readJson(e.file));
  return out;
}

export type ResultSource = (key: string, args: Obj) => Obj;

/** The example envelope of each tool, whatever the arguments. */
export const exampleResults: ResultSource = (key) => {
  const result = sampleResults().get(key);
  if (!result) throw new Error(`no example result for ${key}`);
  return structuredClone(result);
};

/** The real demo skill, called in process; a failed call fails the test. */
export const demoResults: ResultSource = (key, args) => {
  const envelope = callDemoTool(key, args);
  expect(envelope.ok, `${key}: ${envelope.summary}`).toBe(true);
  return envelope;
};

/** Runs `workflow` on `input`; fails the test if a tool is called with arguments its schema rejects. */
export function simulate(
  catalog: SkillCatalog,
  workflow: Obj,
  input: Obj,
  results: ResultSource = exampleResults,
): { output: Obj; calls: TaskCall[] } {
  const calls: TaskCall[] = [];
  const output = runWorkflow(workflow.asl, input, (call) => {
    calls.push(call);
    const { uri, tool } = boundTool(catalog, call.skills, call.args as Obj);
    const validate = ajv.compile({ ...tool.json_schema!.parameters, additionalProperties: false });
    expect(validate(call.args) ? [] : validate.errors, `${call.state} → ${tool.toolName}`).toEqual([]);
    return results(`${uri}#${tool.toolName}`, call.args);
  }) as Obj;
  return { output, calls };
}
