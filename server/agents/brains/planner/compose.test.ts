import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../contracts/audit-actor.ts';
import { PROJECT_ROOT } from '../../../testing/test-database.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { validateWorkflowDocument } from '../../../workflows/validate-document.ts';
import { refineIntoProductCheck, retargetProductCheck, targetsProduct } from './adapt.ts';
import { callDemoTool } from '../../../skills/demo/skills/catalog.ts';
import { bindParameters, composeProductExplanationCheck, productLabelsGap, type Meta, type SegmentLabels } from './compose.ts';
import { composeOutcomes, QA_DEFAULT_OUTCOMES } from './compose-outcomes.ts';
import { scaleToEveryCall } from './scale.ts';
import { chooseSkill, reliabilityOf, skillsetOf, type Skillset, type SkillSummary } from './skills.ts';

const meta: Meta = {
  workflow_id: '11111111-2222-4333-8444-555555555555',
  created_at: '2024-07-08T09:15:00Z',
  author: 'planner@dcf-console',
};
const workflow = (file: string) => JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'workflows', file), 'utf8')) as Record<string, unknown>;
const validate = (doc: unknown) => validateWorkflowDocument(doc, { rootDir: PROJECT_ROOT, skillsDir: path.join(PROJECT_ROOT, 'skills') });
/** A rule set's segment labels as the compliance skill describes them (describe_rule_set): the taxonomy and product parts the Planner composes with. */
const labelsOf = (ruleSetId: string, product: string): SegmentLabels => {
  const d = callDemoTool('skill://compliance-analysis@1.3.0#describe_rule_set', { rule_set_id: ruleSetId, product }).data as {
    labels: string[];
    product_labels: string[];
  };
  return { taxonomy: d.labels, product: d.product_labels };
};
const DEMO_LABELS = labelsOf('compliance_rules_v2024Q4', 'HELOC 2.0');
type States = Record<string, { Parameters?: Record<string, unknown>; AgentBinding?: { skills: string[] }; Next?: string; End?: boolean }>;
const statesOf = (doc: Record<string, unknown>) => (doc.asl as { States: States }).States;

/** Composition from the catalog's real manifests (get_skillset's summaries), checked by the real validator. */
describe('composing and adapting workflows from skill manifests', () => {
  let skillset: Skillset;
  const skill = (name: string) => skillset.skills.find((s) => s.skillName === name)!;
  /** Case A on the foundational workflow with the catalog's diarization and segmentation skills, for `product` with `labels`. */
  const refineStandard = (product: string, labels: SegmentLabels) =>
    refineIntoProductCheck(
      workflow('standard-advice-call-analysis.json'),
      { diarization: skill('gpt4o-diarize'), segmentation: skill('labelling-segmentation') },
      skillset,
      product,
      meta,
      labels,
    );

  beforeAll(async () => {
    const r = await invokeTool(findTool('get_skillset')!, {}, { actor: systemActor('test'), services: { config: testConfig() } });
    skillset = skillsetOf(r as Record<string, unknown>)!;
  });

  it('composes spec §2.3 with Parameters named as each manifest declares them, and it validates', async () => {
    const c = composeOutcomes(
      QA_DEFAULT_OUTCOMES,
      {
        applications: skill('salesforce-integration'),
        recordings: skill('recording-management'),
        transcription: skill('whisper-transcribe'),
        sentiment: skill('sentiment-analysis'),
        compliance: skill('compliance-analysis'),
        scoring: skill('scoring'),
      },
      skillset,
      meta,
    );
    if (!c.ok) throw new Error(c.error);
    const report = await validate(c.doc);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    // The same data flow as the corrected spec workflow (workflows/standard-advice-call-analysis.json).
    const reference = statesOf(workflow('standard-advice-call-analysis.json'));
    const ours = statesOf(c.doc);
    for (const name of ['GetApplicationIDs', 'GetCallRecordings', 'TranscribeRecording', 'CalculateScore'])
      expect(ours[name]!.Parameters, name).toEqual(reference[name]!.Parameters);
    expect(c.doc.skill_imports).toEqual(workflow('standard-advice-call-analysis.json').skill_imports);
  });

  it('binds AssemblyAI without its webhook_url (the run supplies it) and refuses a skill whose required parameter it cannot supply', async () => {
    const c = composeOutcomes(
      QA_DEFAULT_OUTCOMES,
      {
        applications: skill('salesforce-integration'),
        recordings: skill('recording-management'),
        transcription: skill('assemblyai-transcribe'),
        sentiment: skill('sentiment-analysis'),
        compliance: skill('compliance-analysis'),
        scoring: skill('scoring'),
      },
      skillset,
      meta,
    );
    if (!c.ok) throw new Error(c.error);
    expect(statesOf(c.doc).TranscribeRecording!.Parameters).toEqual({ 'recording_uri.$': '$.recordings.data.recordings[0].uri' });
    expect((await validate(c.doc)).valid).toBe(true);
    const strange: SkillSummary = {
      ...skill('scoring'),
      tools: [{ name: 'x', description: '', parameters: ['blob'], required: ['blob'] }],
    };
    expect(bindParameters(strange, [{ match: /text/, path: '$.t' }])).toEqual({
      ok: false,
      error: 'skill://scoring@1.1.0 (x) requires blob, which this workflow cannot supply',
    });
  });

  it('Case A: refines the foundational workflow into the §3.3 product check (all advisors, diarize, segment, targeted compliance)', async () => {
    const c = refineStandard('HELOC 2.0', DEMO_LABELS);
    if (!c.ok) throw new Error(c.error);
    expect((await validate(c.doc)).errors).toEqual([]);
    const ours = statesOf(c.doc);
    const reference = statesOf(workflow('product-explanation-compliance.json'));
    expect(Object.keys(ours)).toEqual(Object.keys(reference));
    for (const name of Object.keys(reference)) {
      expect(ours[name]!.Parameters, name).toEqual(reference[name]!.Parameters);
      expect(ours[name]!.AgentBinding!.skills, name).toEqual(reference[name]!.AgentBinding!.skills);
    }
    // All advisors (no advisor_name); the rule set stays the run input the CRM fills (rule_set_id).
    expect(c.doc.workflow_input_schema).toEqual(workflow('product-explanation-compliance.json').workflow_input_schema);
    expect(c.doc).toMatchObject({
      workflow_name: 'Product Explanation Compliance Check (HELOC 2.0)',
      description: 'Verify advisor delivery of HELOC 2.0 product details.',
      version: '1.0.0',
    });
  });

  it('Case B: retargets a derived check to another product; the states do not change', async () => {
    const template = workflow('product-explanation-compliance.json');
    expect(targetsProduct(template, 'HELOC 2.0')).toBe(true);
    expect(targetsProduct(template, 'Homeowner Loan')).toBe(false);
    const c = retargetProductCheck(template, 'Homeowner Loan', meta);
    if (!c.ok) throw new Error(c.error);
    expect((await validate(c.doc)).valid).toBe(true);
    expect(statesOf(c.doc)).toEqual(statesOf(template));
    expect(c.doc).toMatchObject({
      workflow_id: meta.workflow_id,
      version: '1.0.0',
      description: 'Verify advisor delivery of Homeowner Loan product details.',
      tags: ['qa', 'product_training', 'compliance', 'product:homeowner-loan'],
    });
  });

  it('composes the product check from skills alone when nothing can be adapted', async () => {
    const c = composeProductExplanationCheck(
      {
        applications: skill('salesforce-integration'),
        recordings: skill('recording-management'),
        transcription: skill('whisper-transcribe'),
        diarization: skill('gpt4o-diarize'),
        segmentation: skill('labelling-segmentation'),
        compliance: skill('compliance-analysis'),
      },
      skillset,
      'HELOC 2.0',
      meta,
      DEMO_LABELS,
    );
    if (!c.ok) throw new Error(c.error);
    expect((await validate(c.doc)).errors).toEqual([]);
    const refined = refineStandard('HELOC 2.0', DEMO_LABELS);
    if (!refined.ok) throw new Error(refined.error);
    // The same states and data flow, whichever way they were reached.
    const shape = (doc: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(statesOf(doc)).map(([n, x]) => [
          n,
          { skills: x.AgentBinding?.skills, Parameters: x.Parameters, Next: x.Next, End: x.End },
        ]),
      );
    expect(shape(c.doc)).toEqual(shape(refined.doc));
  });

  it("labels the segments with the lender's own rule set's labels, and says when they cannot tell the product apart", async () => {
    const labels = labelsOf('aldermoor_conduct_rules_2025', 'Green Remortgage');
    const c = refineStandard('Green Remortgage', labels);
    if (!c.ok) throw new Error(c.error);
    expect((await validate(c.doc)).errors).toEqual([]);
    expect(statesOf(c.doc).SegmentAndLabel!.Parameters!.taxonomy).toEqual(labels.taxonomy);
    // The checked parts are the labels of the rules about the product (their applies_when meets its name).
    expect(labels.product).toEqual(['product_detail', 'offer_explanation']);
    expect(statesOf(c.doc).TargetedComplianceAnalysis!.Parameters!.allowed_labels).toEqual(labels.product);
    expect(productLabelsGap(labels, 'aldermoor_conduct_rules_2025', 'Green Remortgage')).toBeNull();
    expect(labelsOf('aldermoor_conduct_rules_2025', 'Shared Ownership Mortgage').product).toEqual(['product_detail', 'offer_explanation']);
    // A product no rule is about has no part to check: said, not built.
    const none = labelsOf('aldermoor_conduct_rules_2025', 'Gold Bullion');
    expect(none.product).toEqual([]);
    expect(productLabelsGap(none, 'r', 'Gold Bullion')).toBe(
      'the rule set r has no rule about Gold Bullion, so the parts of a call where it is explained ' +
        '(among introduction, security_check, product_detail, offer_explanation, closing) cannot be told apart',
    );
  });

  it('scales a pilot to the whole set: its per-call steps in a Map over the recordings, then one score over all calls', async () => {
    const c = scaleToEveryCall(workflow('standard-advice-call-analysis.json'), meta);
    if (!c.ok) throw new Error(c.error);
    expect((await validate(c.doc)).errors).toEqual([]);
    const reference = statesOf(workflow('standard-advice-call-analysis-all-calls.json')) as Record<string, Record<string, unknown>>;
    const ours = statesOf(c.doc) as Record<string, Record<string, unknown>>;
    expect(Object.keys(ours)).toEqual(Object.keys(reference));
    expect(ours.AggregateScore!.Parameters).toEqual(reference.AggregateScore!.Parameters);
    const pick = (m: Record<string, unknown>) => ({
      ItemsPath: m.ItemsPath,
      ItemSelector: m.ItemSelector,
      ResultPath: m.ResultPath,
      Next: m.Next,
    });
    expect(pick(ours.AnalyseEachCall!)).toEqual(pick(reference.AnalyseEachCall!));
    const proc = (m: Record<string, unknown>) => (m.ItemProcessor as { States: States }).States;
    expect(Object.keys(proc(ours.AnalyseEachCall!))).toEqual(Object.keys(proc(reference.AnalyseEachCall!)));
    expect(proc(ours.AnalyseEachCall!).TranscribeRecording!.Parameters).toEqual({ 'recording_uri.$': '$.recording.uri' });
    expect(c.doc.workflow_name).toBe('Standard Advice Call Analysis (all calls)');
    expect(scaleToEveryCall(workflow('standard-advice-call-analysis-all-calls.json'), meta)).toMatchObject({ ok: false });
  });

  it('chooses among alternatives: an unreliable skill loses, a "backup" comes after, else search order', () => {
    const hits = [
      { kind: 'skill', key: 'skill://assemblyai-transcribe@1.2.0', title: '', score: 0.9 },
      { kind: 'skill', key: 'skill://whisper-transcribe@1.0.0', title: '', score: 0.8 },
      { kind: 'skill', key: 'skill://builtin.echo@1.0.0', title: '', score: 0.1 },
    ];
    expect(chooseSkill('transcription', hits, skillset)).toMatchObject({
      chosen: { skillName: 'whisper-transcribe' },
      alternatives: [{ skillName: 'assemblyai-transcribe' }],
    });
    const flaky = [{ skill: 'skill://whisper-transcribe@1.0.0', n_success: 30, n_failures: 10, failure_rate: 0.25, p95_latency_ms: 900 }];
    const c = chooseSkill('transcription', hits, skillset, flaky)!;
    expect(c.chosen.skillName).toBe('assemblyai-transcribe');
    expect(c.why).toContain('fails above 5%');
    expect(chooseSkill('sentiment', [{ kind: 'skill', key: 'skill://builtin.echo@1.0.0', title: '', score: 1 }], skillset)).toBeNull();
  });

  it('never chooses a skill the accuracy rule bars (not measured, or below the floor) while another is left, whatever else ranks it', () => {
    const POCKET = 'skill://pocketsphinx-transcribe@1.0.0';
    const WHISPER = 'skill://whisper-transcribe@1.0.0';
    const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';
    const hits = [POCKET, WHISPER, ASSEMBLY].map((key, i) => ({ kind: 'skill', key, title: '', score: 0.9 - i / 10 }));
    const report = (pocket: { accuracy: number } | null) =>
      reliabilityOf({
        accuracy_floor: 0.8,
        skills: [POCKET, WHISPER, ASSEMBLY].map((skill) => ({
          skill,
          recent: { n_success: 10, n_failures: 0, failure_rate: 0, p95_latency_ms: 100 },
          accuracy: skill === POCKET ? pocket : { accuracy: 1 },
          accuracy_required: true,
        })),
      });
    // The Strategist avoids Whisper (a failed attempt): the search's first hit, pocketsphinx, was chosen before.
    const avoid = { transcription: { prefer: '', avoid: [WHISPER], source: 'the failed attempt' } };
    for (const [pocket, word] of [
      [null, 'not measured'],
      [{ accuracy: 0.56 }, 'below the floor'],
    ] as const) {
      const c = chooseSkill('transcription', hits, skillset, report(pocket), avoid)!;
      expect([c.chosen.uri, c.alternatives.map((a) => a.uri)]).toEqual([ASSEMBLY, [WHISPER, POCKET]]);
      expect(c.why).toContain(`${POCKET} is held back (word accuracy ${word})`);
    }
    // Measured above the floor it is an alternative like any: search order decides.
    expect(chooseSkill('transcription', hits, skillset, report({ accuracy: 0.9 }))!.chosen.uri).toBe(POCKET);
  });
});
