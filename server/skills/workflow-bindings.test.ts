import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadExampleIndex, REPO_ROOT } from '../schemas/example-index.ts';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { loadSkillCatalog } from './catalog.ts';
import type { SkillCatalog } from './catalog.ts';
import type { ToolRequirement } from './manifest.ts';
import { DataFlowError, runStates } from './testing/asl-data-flow.ts';
import type { TaskCall } from './testing/asl-data-flow.ts';

/**
 * The shipped workflows against the shipped skills: every Task's Parameters keys are its tool's
 * parameter names, and — run with ASL data-flow semantics on the example envelopes of
 * schemas/examples/ours/data-plane-output/ — every path resolves and every tool receives
 * arguments its parameter schema accepts. The spec's own versions are shown to fail for the
 * reasons workflows/README.md gives.
 */
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

type Obj = Record<string, any>; // fixture documents, read loosely
const readJson = (path: string): Obj => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8'));

let catalog: SkillCatalog;
beforeAll(async () => {
  catalog = await loadSkillCatalog(join(REPO_ROOT, 'skills'));
});

/** The one tool a Task bound to `skills` invokes (each shipped Task binds one single-tool skill). */
function boundTool(skills: string[]): { uri: string; tool: ToolRequirement } {
  expect(skills).toHaveLength(1);
  const entry = catalog.entries.find((e) => e.uri === skills[0]);
  if (!entry?.manifest) throw new Error(`skill ${skills[0]} is not in skills/`);
  expect(entry.manifest.requiredTools).toHaveLength(1);
  return { uri: entry.uri!, tool: entry.manifest.requiredTools[0]! };
}

/** Every Task state, including those inside Parallel branches. */
function taskStates(states: Record<string, Obj>): Array<[string, Obj]> {
  return Object.entries(states).flatMap(([name, s]): Array<[string, Obj]> =>
    s.Type === 'Task' ? [[name, s]] : s.Type === 'Parallel' ? s.Branches.flatMap((b: Obj) => taskStates(b.States)) : [],
  );
}

interface ParameterProblem {
  state: string;
  undeclared: string[];
  missing: string[];
}

/** Parameters keys (minus `.$`) that the tool does not declare, and required parameters not supplied. */
function parameterProblems(workflow: Obj): ParameterProblem[] {
  return taskStates(workflow.asl.States).flatMap(([state, s]) => {
    const { tool } = boundTool(s.AgentBinding.skills);
    const declared = Object.keys(tool.json_schema?.parameters.properties ?? {});
    const keys = Object.keys(s.Parameters ?? {}).map((k) => k.replace(/\.\$$/, ''));
    const undeclared = keys.filter((k) => !declared.includes(k));
    const missing = (tool.json_schema?.parameters.required ?? []).filter((r) => !keys.includes(r));
    return undeclared.length || missing.length ? [{ state, undeclared, missing }] : [];
  });
}

/** The example envelope each skill tool returns, from schemas/examples/index.json. */
function sampleResults(): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const e of loadExampleIndex()) if (e.producedBy) out.set(`${e.producedBy.skill}#${e.producedBy.tool}`, readJson(e.file));
  return out;
}

/** Runs `workflow` on `input`; fails the test if a tool is called with arguments its schema rejects. */
function simulate(workflow: Obj, input: Obj): { output: Obj; calls: TaskCall[] } {
  const samples = sampleResults();
  const calls: TaskCall[] = [];
  const output = runStates(workflow.asl.States, workflow.asl.StartAt, input, (call) => {
    calls.push(call);
    const { uri, tool } = boundTool(call.skills);
    const validate = ajv.compile({ ...tool.json_schema!.parameters, additionalProperties: false });
    expect(validate(call.args) ? [] : validate.errors, `${call.state} → ${tool.toolName}`).toEqual([]);
    const result = samples.get(`${uri}#${tool.toolName}`);
    if (!result) throw new Error(`no example result for ${uri}#${tool.toolName}`);
    return structuredClone(result);
  }) as Obj;
  return { output, calls };
}

const shipped = [
  { file: 'workflows/standard-advice-call-analysis.json', input: 'workflows/inputs/standard-advice-call-analysis.json', result: '/qa_score/data/score' },
  { file: 'workflows/standard-advice-call-analysis-1.0.1.json', input: 'workflows/inputs/standard-advice-call-analysis-1.0.1.json', result: '/qa_score/data/score' },
  { file: 'workflows/product-explanation-compliance.json', input: 'workflows/inputs/product-explanation-compliance.json', result: '/compliance/data/verdicts' },
];

describe.each(shipped)('$file', ({ file, input, result }) => {
  const workflow = readJson(file);
  const inputDoc = readJson(input);

  it('validates against the workflow schema', () => {
    expect(validateAgainstSchema('workflow', workflow)).toEqual([]);
  });

  it('has an example input that satisfies its workflow_input_schema', () => {
    const validate = ajv.compile(workflow.workflow_input_schema);
    expect(validate(inputDoc) ? [] : validate.errors).toEqual([]);
  });

  it('imports exactly the skills its Tasks bind, from files in skills/', () => {
    const imported = workflow.skill_imports.map((i: Obj) => {
      const m = /^file:\/\/skills\/([^/]+)$/.exec(i.uri);
      expect(m, i.uri).not.toBeNull();
      return catalog.entries.find((e) => e.file === m![1])?.uri;
    });
    const bound = taskStates(workflow.asl.States).flatMap(([, s]) => s.AgentBinding.skills);
    expect(new Set(imported)).toEqual(new Set(bound));
  });

  it("uses its tools' parameter names and supplies every required parameter", () => {
    expect(parameterProblems(workflow)).toEqual([]);
  });

  it('runs end to end on the example results: every path resolves, every Task runs once', () => {
    const { output, calls } = simulate(workflow, inputDoc);
    expect(calls.map((c) => c.state).sort()).toEqual(taskStates(workflow.asl.States).map(([n]) => n).sort());
    const value = result.split('/').slice(1).reduce<unknown>((v, k) => (v as Obj)?.[k], output);
    expect(value).toBeDefined();
  });
});

describe('the spec versions fail for the documented reasons', () => {
  it('§2.3: Parameters keys are not the tool parameter names', () => {
    expect(parameterProblems(readJson('schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json'))).toEqual([
      { state: 'SentimentAnalysis', undeclared: ['transcript'], missing: ['text'] },
      { state: 'ComplianceAnalysis', undeclared: ['transcript', 'rule_set'], missing: ['transcript_text', 'rule_set_id'] },
      { state: 'CalculateScore', undeclared: ['sentiment', 'compliance', 'formula'], missing: ['sentiment_report', 'compliance_verdicts', 'formula_id'] },
    ]);
  });

  it.each([
    ['§2.3', 'schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json', 'workflows/inputs/standard-advice-call-analysis.json'],
    ['§3.3', 'schemas/examples/spec/3.3-workflow-product-explanation-compliance.json', 'workflows/inputs/product-explanation-compliance.json'],
  ])('%s: $.recordings.data[0].uri treats the data object as an array', (_s, file, input) => {
    // Run without argument checks: the first failure must be the path, not a parameter name.
    expect(() => runStates(readJson(file).asl.States, 'GetApplicationIDs', readJson(input), ({ skills }) => {
      const { uri, tool } = boundTool(skills);
      return structuredClone(sampleResults().get(`${uri}#${tool.toolName}`));
    })).toThrow(new DataFlowError('path $.recordings.data[0].uri does not resolve (no [0])'));
  });

  it('§2.3: CalculateScore reads $.analysis.sentiment… although a Parallel returns an array', () => {
    const workflow = readJson('workflows/standard-advice-call-analysis.json');
    delete workflow.asl.States.ParallelAnalysis.ResultSelector;
    expect(() => simulate(workflow, readJson('workflows/inputs/standard-advice-call-analysis.json'))).toThrow(/\$\.analysis\.sentiment\.data does not resolve/);
  });

  it('§3.3: Parameters keys are not the tool parameter names', () => {
    expect(parameterProblems(readJson('schemas/examples/spec/3.3-workflow-product-explanation-compliance.json'))).toEqual([
      { state: 'DiarizeTranscript', undeclared: ['transcript'], missing: ['transcript_text'] },
      { state: 'SegmentAndLabel', undeclared: ['segments'], missing: ['transcript_text'] },
      { state: 'TargetedComplianceAnalysis', undeclared: ['rule_set'], missing: ['transcript_text', 'rule_set_id'] },
    ]);
  });

  it('§4.4: the fragment passes webhook (a template string) where the tool takes webhook_url', () => {
    const workflow = readJson('workflows/standard-advice-call-analysis-1.0.1.json');
    const fragment = JSON.parse(`{${readFileSync(join(REPO_ROOT, 'schemas/examples/spec/4.4-workflow-fragment-transcribe-recording.txt'), 'utf8')}}`);
    workflow.asl.States.TranscribeRecording = fragment.TranscribeRecording;
    expect(parameterProblems(workflow)).toEqual([{ state: 'TranscribeRecording', undeclared: ['webhook'], missing: ['webhook_url'] }]);
  });
});

describe('workflows/README.md data shapes', () => {
  /** Rows of the data-shape table: | `skill://…` | `tool` | `key`, `key` | shape | */
  const rows = readFileSync(join(REPO_ROOT, 'workflows/README.md'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const m = /^\| `(skill:\/\/[^`]+)` \| `([a-z_]+)` \| ([^|]+) \|/.exec(line);
      return m ? [{ key: `${m[1]}#${m[2]}`, dataKeys: [...m[3]!.matchAll(/`([a-z_]+)`/g)].map((k) => k[1]!) }] : [];
    });

  it('documents every tool of every shipped skill exactly once', async () => {
    const catalog = await loadSkillCatalog(join(REPO_ROOT, 'skills'));
    const tools = catalog.entries.flatMap((e) => e.manifest!.requiredTools.map((t) => `${e.uri}#${t.toolName}`));
    expect(rows.map((r) => r.key).sort()).toEqual(tools.sort());
  });

  it('matches the example result of each tool, key for key', () => {
    const samples = sampleResults();
    for (const row of rows) {
      const sample = samples.get(row.key);
      expect(sample, row.key).toBeDefined();
      expect(Object.keys(sample!.data).sort(), row.key).toEqual([...row.dataKeys].sort());
    }
  });
});
