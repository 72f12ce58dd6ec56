import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../schemas/testing/example-files.ts';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { loadSkillCatalog } from './catalog.ts';
import type { SkillCatalog } from './catalog.ts';
import { StatesError } from '../engine/runtime/index.ts';
import {
  ajv,
  boundTool,
  demoResults,
  readJson,
  runWorkflow,
  sampleResults,
  simulate as simulateWith,
  taskStates,
  type Obj,
  type ResultSource,
} from './testing/workflow-sim.ts';

/**
 * The shipped workflows against the shipped skills: every Task's Parameters keys are its tool's
 * parameter names, and — walked state by state with the real ASL run-time semantics
 * (server/engine/runtime, through testing/workflow-sim.ts) on the example envelopes of
 * schemas/examples/ours/data-plane-output/ — every path resolves and every tool receives
 * arguments its parameter schema accepts — and again on the real demo skills (server/skills/demo,
 * called in process). The spec's own versions are shown to fail for the reasons workflows/README.md gives.
 */
let catalog: SkillCatalog;
beforeAll(async () => {
  catalog = await loadSkillCatalog(join(REPO_ROOT, 'skills'));
});

const simulate = (workflow: Obj, input: Obj, results?: ResultSource) => simulateWith(catalog, workflow, input, results);

interface ParameterProblem {
  state: string;
  undeclared: string[];
  missing: string[];
}

/** Parameters keys (minus `.$`) that the tool does not declare, and required parameters not supplied. */
function parameterProblems(workflow: Obj): ParameterProblem[] {
  return taskStates(workflow.asl).flatMap(([state, s]) => {
    const params = Object.fromEntries(Object.keys(s.Parameters ?? {}).map((k) => [k.replace(/\.\$$/, ''), null]));
    const { tool } = boundTool(catalog, s.AgentBinding.skills, params);
    const declared = Object.keys(tool.json_schema?.parameters.properties ?? {});
    const keys = Object.keys(s.Parameters ?? {}).map((k) => k.replace(/\.\$$/, ''));
    const undeclared = keys.filter((k) => !declared.includes(k));
    const missing = (tool.json_schema?.parameters.required ?? []).filter((r) => !keys.includes(r));
    return undeclared.length || missing.length ? [{ state, undeclared, missing }] : [];
  });
}

const shipped = [
  {
    file: 'workflows/standard-advice-call-analysis.json',
    input: 'workflows/inputs/standard-advice-call-analysis.json',
    result: '/qa_score/data/score',
  },
  {
    file: 'workflows/standard-advice-call-analysis-1.0.1.json',
    input: 'workflows/inputs/standard-advice-call-analysis-1.0.1.json',
    result: '/qa_score/data/score',
  },
  {
    file: 'workflows/product-explanation-compliance.json',
    input: 'workflows/inputs/product-explanation-compliance.json',
    result: '/compliance/data/verdicts',
  },
  {
    file: 'workflows/standard-advice-call-analysis-all-calls.json',
    input: 'workflows/inputs/standard-advice-call-analysis-all-calls.json',
    result: '/qa_score/data/score',
  },
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
    const bound = taskStates(workflow.asl).flatMap(([, s]) => s.AgentBinding.skills);
    expect(new Set(imported)).toEqual(new Set(bound));
  });

  it("uses its tools' parameter names and supplies every required parameter", () => {
    expect(parameterProblems(workflow)).toEqual([]);
  });

  it('runs end to end on the example results: every path resolves, every Task runs once', () => {
    const { output, calls } = simulate(workflow, inputDoc);
    expect(calls.map((c) => c.state).sort()).toEqual(
      taskStates(workflow.asl)
        .map(([n]) => n)
        .sort(),
    );
    const value = result
      .split('/')
      .slice(1)
      .reduce<unknown>((v, k) => (v as Obj)?.[k], output);
    expect(value).toBeDefined();
  });

  it('runs end to end on the real demo skills: every path resolves, every tool accepts its arguments', () => {
    const { output, calls } = simulate(workflow, inputDoc, demoResults);
    expect(new Set(calls.map((c) => c.state))).toEqual(new Set(taskStates(workflow.asl).map(([n]) => n)));
    const value = result
      .split('/')
      .slice(1)
      .reduce<unknown>((v, k) => (v as Obj)?.[k], output);
    expect(value).toBeDefined();
  });
});

describe('testing/workflow-sim.ts', () => {
  it('walks Pass, Choice, Wait, Succeed and Fail with the engine semantics, not only Task/Parallel/Map', () => {
    const asl = (n: number) => ({
      StartAt: 'Init',
      States: {
        Init: { Type: 'Pass', Result: { n }, ResultPath: '$.p', Next: 'Pick' },
        Pick: { Type: 'Choice', Choices: [{ Variable: '$.p.n', NumericGreaterThan: 1, Next: 'Pause' }], Default: 'Stop' },
        Pause: { Type: 'Wait', Seconds: 3600, OutputPath: '$.p', Next: 'Done' },
        Done: { Type: 'Succeed' },
        Stop: { Type: 'Fail', Error: 'Too.Small', Cause: 'n is at most 1' },
      },
    });
    const noTask = () => expect.unreachable('no Task in this workflow');
    expect(runWorkflow(asl(2), { a: 1 }, noTask)).toEqual({ n: 2 });
    expect(() => runWorkflow(asl(1), { a: 1 }, noTask)).toThrow(new StatesError('Too.Small', 'n is at most 1'));
  });
});

describe('the spec versions fail for the documented reasons', () => {
  it('§2.3: Parameters keys are not the tool parameter names', () => {
    expect(parameterProblems(readJson('schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json'))).toEqual([
      { state: 'SentimentAnalysis', undeclared: ['transcript'], missing: ['text'] },
      { state: 'ComplianceAnalysis', undeclared: ['transcript', 'rule_set'], missing: ['transcript_text', 'rule_set_id'] },
      {
        state: 'CalculateScore',
        undeclared: ['sentiment', 'compliance', 'formula'],
        missing: ['sentiment_report', 'compliance_verdicts', 'formula_id'],
      },
    ]);
  });

  it.each([
    [
      '§2.3',
      'schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json',
      'workflows/inputs/standard-advice-call-analysis.json',
    ],
    [
      '§3.3',
      'schemas/examples/spec/3.3-workflow-product-explanation-compliance.json',
      'workflows/inputs/product-explanation-compliance.json',
    ],
  ])('%s: $.recordings.data[0].uri treats the data object as an array', (_s, file, input) => {
    // Run without argument checks: the first failure must be the path, not a parameter name.
    const run = () =>
      runWorkflow(readJson(file).asl, readJson(input), ({ skills }) => {
        const { uri, tool } = boundTool(catalog, skills);
        return structuredClone(sampleResults().get(`${uri}#${tool.toolName}`));
      });
    expect(run).toThrow(StatesError);
    expect(run).toThrow(
      new StatesError(
        'States.ParameterPathFailure',
        'the field "recording_uri.$": the JSONPath "$.recordings.data[0].uri" could not be found in the input: ' +
          "'$.recordings.data' is an object, not an array, so it has no index 0",
      ),
    );
  });

  it('§2.3: CalculateScore reads $.analysis.sentiment… although a Parallel returns an array', () => {
    const workflow = readJson('workflows/standard-advice-call-analysis.json');
    delete workflow.asl.States.ParallelAnalysis.ResultSelector;
    const run = () => simulate(workflow, readJson('workflows/inputs/standard-advice-call-analysis.json'));
    expect(run).toThrow(StatesError);
    expect(run).toThrow(
      new StatesError(
        'States.ParameterPathFailure',
        'the field "sentiment_report.$": the JSONPath "$.analysis.sentiment.data" could not be found in the input: ' +
          '\'$.analysis\' is an array, not an object, so it has no field "sentiment"',
      ),
    );
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
    const fragment = JSON.parse(
      `{${readFileSync(join(REPO_ROOT, 'schemas/examples/spec/4.4-workflow-fragment-transcribe-recording.txt'), 'utf8')}}`,
    );
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
      // `key`? marks a key present only sometimes (scoring's `cap`, only when the cap changed the score).
      const keys = [...(m?.[3]!.matchAll(/`([a-z_]+)`(\?)?/g) ?? [])];
      return m
        ? [
            {
              key: `${m[1]}#${m[2]}`,
              dataKeys: keys.filter((k) => !k[2]).map((k) => k[1]!),
              optional: keys.filter((k) => k[2]).map((k) => k[1]!),
            },
          ]
        : [];
    });

  it('documents every tool of every shipped data-plane skill exactly once', async () => {
    const catalog = await loadSkillCatalog(join(REPO_ROOT, 'skills'));
    // The built-ins (skills/builtin.*.json) are registered test tools that return plain values, not envelopes.
    const dataPlane = catalog.entries.filter((e) => !e.manifest!.skillName.startsWith('builtin.'));
    const tools = dataPlane.flatMap((e) => e.manifest!.requiredTools.map((t) => `${e.uri}#${t.toolName}`));
    expect(rows.map((r) => r.key).sort()).toEqual(tools.sort());
  });

  it('matches the real demo skills’ results, key for key, each a valid data-plane envelope', () => {
    const seen = new Map<string, Obj>();
    const recording: ResultSource = (key, args) => {
      const r = demoResults(key, args);
      seen.set(key, r);
      return r;
    };
    for (const { file, input } of shipped) simulate(readJson(file), readJson(input), recording);
    // research.web is not served (it needs the web); the CRM directory, describe_rule_set (the Planner reads a rule set's
    // taxonomy with it while composing) and the offline transcription (an alternative the learning loop may choose) are
    // bound by no shipped workflow.
    const unbound = (key: string) =>
      key.startsWith('skill://crm-directory@') || key.endsWith('#describe_rule_set') || key.startsWith('skill://pocketsphinx-transcribe@');
    const served = rows.filter((r) => !r.key.startsWith('skill://research.web@') && !unbound(r.key));
    expect(served).toHaveLength(9);
    for (const row of served) {
      const result = seen.get(row.key);
      expect(result, row.key).toBeDefined();
      expect(validateAgainstSchema('data_plane_output', result), row.key).toEqual([]);
      const keys = Object.keys(result!.data);
      expect(keys.filter((k) => !row.optional.includes(k)).sort(), row.key).toEqual([...row.dataKeys].sort());
    }
  });

  it('matches the example result of each tool, key for key', () => {
    const samples = sampleResults();
    for (const row of rows) {
      const sample = samples.get(row.key);
      expect(sample, row.key).toBeDefined();
      expect(
        Object.keys(sample!.data)
          .filter((k) => !row.optional.includes(k))
          .sort(),
        row.key,
      ).toEqual([...row.dataKeys].sort());
    }
  });
});

describe('the advice-call workflows on the demo skills (Alex Wong, 2024-07-01 … 07-07)', () => {
  const input = readJson('workflows/inputs/standard-advice-call-analysis-all-calls.json');
  const pilot = () => simulate(readJson('workflows/standard-advice-call-analysis.json'), input, demoResults).output;
  const all = () => simulate(readJson('workflows/standard-advice-call-analysis-all-calls.json'), input, demoResults).output;

  it('the pilot scores the first of his four calls', () => {
    const out = pilot();
    expect(out.recordings.data.recordings.map((r: Obj) => r.recording_id)).toEqual(['REC-88310', 'REC-88342', 'REC-88377', 'REC-88391']);
    expect(out.transcript.data.text).toMatch(/^Good morning, this is Alex Wong calling from Selina Finance\./);
    expect(out.qa_score.data).toMatchObject({ formula_id: 'qa_scoring_formula_v3', max_score: 100 });
    expect(Number.isInteger(out.qa_score.data.score)).toBe(true);
  });

  it('the Map variant analyses every call, in recording order, and the first like the pilot', () => {
    const out = all();
    const recordings = out.recordings.data.recordings;
    expect(out.calls).toHaveLength(recordings.length);
    out.calls.forEach((call: Obj, i: number) => {
      expect(call.recording).toEqual(recordings[i]);
      expect(call.transcript.data.duration_s).toBe(recordings[i].duration_s);
      expect(call.qa_score.data.score).toBeGreaterThanOrEqual(0);
    });
    expect(out.calls[0].qa_score.data).toEqual(pilot().qa_score.data);
    expect(new Set(out.calls.map((c: Obj) => c.qa_score.data.score)).size).toBeGreaterThan(1);
  });

  it('AggregateScore scores the calls together: pooled verdicts, mean sentiment, caps', () => {
    const out = all();
    const verdicts = out.calls.flatMap((c: Obj) => c.analysis.compliance.data.verdicts);
    const passed = verdicts.filter((v: Obj) => v.verdict === 'pass').length;
    const failed = verdicts.filter((v: Obj) => v.verdict === 'fail').length;
    const { breakdown, score } = out.qa_score.data;
    expect(breakdown.compliance).toBe(Math.round((70 * passed * 10) / (passed + failed)) / 10);
    const sentiment = out.calls.map((c: Obj) => (20 * (c.analysis.sentiment.data.score + 1)) / 2);
    expect(breakdown.sentiment).toBe(Math.round((sentiment.reduce((a: number, b: number) => a + b, 0) / sentiment.length) * 10) / 10);
    const capped = verdicts.some((v: Obj) => v.verdict === 'fail' && v.category === 'mandatory_disclosure');
    expect(capped).toBe(true);
    expect(score).toBe(Math.min(60, Math.round(breakdown.compliance + breakdown.sentiment + breakdown.clarity)));
  });

  it("the product-explanation check judges only product segments of the advisor's speech", () => {
    const { output } = simulate(
      readJson('workflows/product-explanation-compliance.json'),
      readJson('workflows/inputs/product-explanation-compliance.json'),
      demoResults,
    );
    const advisorText: string = output.advisor_segments.data.text;
    expect(advisorText.split('\n').every((l) => l.startsWith('Advisor: '))).toBe(true);
    const verdicts: Obj[] = output.compliance.data.verdicts;
    expect(verdicts.find((v) => v.rule_id === 'FCA-ID-01')?.verdict).toBe('not_applicable');
    for (const v of verdicts) {
      if (v.label) expect(['product_detail', 'offer_explanation']).toContain(v.label);
      if (v.evidence_span) expect(advisorText.slice(v.evidence_span.start, v.evidence_span.end)).toBe(v.evidence);
    }
    expect(verdicts.some((v) => v.verdict === 'pass')).toBe(true);
  });
});
