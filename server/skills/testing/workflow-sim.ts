import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadExampleIndex, REPO_ROOT } from '../../schemas/example-index.ts';
import type { SkillCatalog } from '../catalog.ts';
import type { ToolRequirement } from '../manifest.ts';
import { callDemoTool } from '../demo/skills/catalog.ts';
import { runStates, type TaskCall } from './asl-data-flow.ts';

/**
 * TEST SUPPORT: runs a shipped workflow with the ASL data-flow stand-in (asl-data-flow.ts), each
 * Task answered by the example envelopes (schemas/examples/ours/data-plane-output/) or by the real
 * demo skills called in process, checking every tool's arguments against its parameter schema.
 */
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
export const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

export type Obj = Record<string, any>; // fixture documents, read loosely
export const readJson = (path: string): Obj => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8'));

/** The one tool a Task bound to `skills` invokes (each shipped Task binds one single-tool skill). */
export function boundTool(catalog: SkillCatalog, skills: string[]): { uri: string; tool: ToolRequirement } {
  expect(skills).toHaveLength(1);
  const entry = catalog.entries.find((e) => e.uri === skills[0]);
  if (!entry?.manifest) throw new Error(`skill ${skills[0]} is not in skills/`);
  expect(entry.manifest.requiredTools).toHaveLength(1);
  return { uri: entry.uri!, tool: entry.manifest.requiredTools[0]! };
}

/** Every Task state, including those inside Parallel branches and Map processors. */
export function taskStates(states: Record<string, Obj>): Array<[string, Obj]> {
  return Object.entries(states).flatMap(([name, s]): Array<[string, Obj]> =>
    s.Type === 'Task'
      ? [[name, s]]
      : s.Type === 'Parallel'
        ? s.Branches.flatMap((b: Obj) => taskStates(b.States))
        : s.Type === 'Map'
          ? taskStates(s.ItemProcessor.States)
          : [],
  );
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
export function simulate(catalog: SkillCatalog, workflow: Obj, input: Obj, results: ResultSource = exampleResults): { output: Obj; calls: TaskCall[] } {
  const calls: TaskCall[] = [];
  const output = runStates(workflow.asl.States, workflow.asl.StartAt, input, (call) => {
    calls.push(call);
    const { uri, tool } = boundTool(catalog, call.skills);
    const validate = ajv.compile({ ...tool.json_schema!.parameters, additionalProperties: false });
    expect(validate(call.args) ? [] : validate.errors, `${call.state} → ${tool.toolName}`).toEqual([]);
    return results(`${uri}#${tool.toolName}`, call.args);
  }) as Obj;
  return { output, calls };
}
