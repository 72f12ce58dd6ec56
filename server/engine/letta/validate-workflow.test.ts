import { describe, expect, it } from 'vitest';
import { validateWorkflow } from './validate-workflow.ts';
import { loadFixture } from '../__fixtures__/load.ts';
import { contextFromFixture, skillsFromManifests } from '../__fixtures__/context.ts';
import { applyJsonPatch } from '../../testing/json-patch.ts';
import {
  BINDING_CASES,
  CHOICE_CASES,
  DOCUMENT_CASES,
  GRAPH_CASES,
  PARALLEL_MAP_CASES,
  PATH_CASES,
  RETRY_CATCH_CASES,
  STATE_CASES,
  WAIT_TASK_CASES,
  type RuleCase,
} from '../__fixtures__/workflow-rule-cases.ts';
import { CHOICE_OPERATOR_SAMPLES, VALID_VARIANTS } from '../__fixtures__/workflow-valid-variants.ts';
import type { ValidationIssue } from '../../validation/issue.ts';

const base = loadFixture('rule-coverage.workflow.json');
const ctx = contextFromFixture(loadFixture('rule-coverage.context.json'));
const codes = (issues: ValidationIssue[]) => issues.map((i) => [i.code, i.path]);

describe('validateWorkflow: the rule-coverage workflow', () => {
  it('is valid with no warnings', () => {
    expect(validateWorkflow(base, ctx)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it.each(VALID_VARIANTS)('stays valid with $form', ({ ops }) => {
    const r = validateWorkflow(applyJsonPatch(base, ops), ctx);
    expect({ errors: codes(r.errors), warnings: codes(r.warnings) }).toEqual({ errors: [], warnings: [] });
  });

  it.each(CHOICE_OPERATOR_SAMPLES)(
    'accepts $operator with a value of its kind and rejects another',
    ({ operator, valid, invalid, code }) => {
      const rule = (value: unknown) => ({
        op: 'add' as const,
        path: '/asl/States/Route/Choices/-',
        value: { Variable: '$.v', [operator]: value, Next: 'Fan' },
      });
      expect(validateWorkflow(applyJsonPatch(base, [rule(valid)]), ctx).errors).toEqual([]);
      expect(codes(validateWorkflow(applyJsonPatch(base, [rule(invalid)]), ctx).errors)).toEqual([
        [code, `/asl/States/Route/Choices/3/${operator}`],
      ]);
    },
  );
});

const groups: Array<[string, RuleCase[]]> = [
  ['graph', GRAPH_CASES],
  ['states', STATE_CASES],
  ['Choice', CHOICE_CASES],
  ['Wait, Task and Fail', WAIT_TASK_CASES],
  ['Retry and Catch', RETRY_CATCH_CASES],
  ['paths and payload templates', PATH_CASES],
  ['Parallel and Map', PARALLEL_MAP_CASES],
  ['bindings, imports and parameters', BINDING_CASES],
  ['document', DOCUMENT_CASES],
];

describe.each(groups)('validateWorkflow rules: %s', (_group, cases) => {
  it.each(cases)('$rule', ({ ops, errors = [], warnings = [] }) => {
    const r = validateWorkflow(applyJsonPatch(base, ops), ctx);
    expect({ errors: codes(r.errors), warnings: codes(r.warnings) }).toEqual({ errors, warnings });
    expect(r.valid).toBe(errors.length === 0);
  });
});

describe('validateWorkflow: the spec workflows', () => {
  const skills = skillsFromManifests(loadFixture('spec-skill-manifests.json'));
  const resolvedImports = (wf: { skill_imports: Array<{ uri: string }> }) =>
    new Map(wf.skill_imports.map((i) => [i.uri, { exists: true }]));

  it('§2.3 is valid against the §5.10 manifests, with warnings where its Parameters differ from the tools', () => {
    const wf = loadFixture<{ skill_imports: Array<{ uri: string }> }>('advice-call-analysis.workflow.json');
    const r = validateWorkflow(wf, { skills, imports: resolvedImports(wf) });
    expect(r.errors).toEqual([]);
    const P = '/asl/States/ParallelAnalysis/Branches';
    // The spec's Parameters keys (transcript, rule_set, sentiment, ...) are not the §5.10 tool
    // parameter names (text, transcript_text, rule_set_id, ...): exactly what the warnings are for.
    expect(codes(r.warnings)).toEqual([
      ['params.unknown_key', `${P}/0/States/SentimentAnalysis/Parameters/transcript.$`],
      ['params.missing_required', `${P}/0/States/SentimentAnalysis/Parameters`],
      ['params.unknown_key', `${P}/1/States/ComplianceAnalysis/Parameters/transcript.$`],
      ['params.unknown_key', `${P}/1/States/ComplianceAnalysis/Parameters/rule_set`],
      ['params.missing_required', `${P}/1/States/ComplianceAnalysis/Parameters`],
      ['params.missing_required', `${P}/1/States/ComplianceAnalysis/Parameters`],
      ['params.unknown_key', '/asl/States/CalculateScore/Parameters/sentiment.$'],
      ['params.unknown_key', '/asl/States/CalculateScore/Parameters/compliance.$'],
      ['params.unknown_key', '/asl/States/CalculateScore/Parameters/formula'],
      ['params.missing_required', '/asl/States/CalculateScore/Parameters'],
      ['params.missing_required', '/asl/States/CalculateScore/Parameters'],
      ['params.missing_required', '/asl/States/CalculateScore/Parameters'],
    ]);
  });

  it('§2.3 reports every unresolved skill and import when the context is empty', () => {
    const r = validateWorkflow(loadFixture('advice-call-analysis.workflow.json'), { skills: new Map(), imports: new Map() });
    expect(r.errors.filter((e) => e.code === 'import.unresolved')).toHaveLength(6);
    expect(r.errors.filter((e) => e.code === 'binding.unknown_skill')).toHaveLength(6);
    expect(r.errors).toHaveLength(12);
  });

  // §3.3 and §4.4 write agent_template_ref as {name, version}; whether the JSON Schema admits
  // `version` is the schema's business (being amended), so only the engine's own rules are asserted.
  const semantic = (issues: ValidationIssue[]) => issues.filter((i) => !i.code.startsWith('schema.'));

  it('§3.3 passes every engine rule', () => {
    const wf = loadFixture<{ skill_imports: Array<{ uri: string }> }>('product-explanation-compliance.workflow.json');
    expect(semantic(validateWorkflow(wf, { skills, imports: resolvedImports(wf) }).errors)).toEqual([]);
  });

  it('§4.4 (the §2.3 workflow with the AssemblyAI transcription state) passes every engine rule', () => {
    const wf = applyJsonPatch(loadFixture<{ skill_imports: Array<{ uri: string }> }>('advice-call-analysis.workflow.json'), [
      { op: 'replace', path: '/asl/States/TranscribeRecording', value: loadFixture('evolved-transcribe-state.json') },
    ]);
    const r = validateWorkflow(wf, { skills, imports: resolvedImports(wf) });
    expect(semantic(r.errors)).toEqual([]);
    // assemblyai's tool takes webhook_url, the snippet passes webhook
    expect(codes(r.warnings).filter(([, p]) => p!.includes('TranscribeRecording'))).toEqual([
      ['params.unknown_key', '/asl/States/TranscribeRecording/Parameters/webhook'],
      ['params.missing_required', '/asl/States/TranscribeRecording/Parameters'],
    ]);
  });
});
