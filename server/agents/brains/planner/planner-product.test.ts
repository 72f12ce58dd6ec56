import { describe, expect, it } from 'vitest';
import { fakeTools, STANDARD, workflowFile } from './testing/fake-tools.ts';
import { ok, ScriptedConversation, toolError } from './testing/script.ts';
import { loadTaxonomy } from '../../../skills/demo/skills/compliance-rules.ts';
import { RULE_SET as SECOND_RULE_SET, secondLenderCrm } from './testing/second-lender.ts';

const REQUEST =
  'I need to check if advisors are explaining the new HELOC 2.0 product correctly in their calls ' + 'since the start of the month.';
const DERIVED = 'a8d3b1c9-9e8a-4f2b-9e3d-7c1b0d8a4b21';
const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);

const foundational = {
  workflow_id: STANDARD,
  version: '1.0.0',
  name: 'Standard Advice Call Analysis',
  coverage: 1 / 3,
  covered: ['capability compliance'],
  missing: ['capability diarization', 'capability segmentation'],
  search_score: 0.45,
  derived_from: null,
  reason: 'has 1 of 3 requested',
};
const derived = {
  workflow_id: DERIVED,
  version: '1.0.0',
  name: 'Product Explanation Compliance Check',
  coverage: 1,
  covered: ['capability diarization', 'capability segmentation', 'capability compliance'],
  missing: [],
  search_score: 1.2,
  derived_from: `${STANDARD}@1.0.0`,
  reason: 'has 3 of 3 requested',
};
const docs: Record<string, Record<string, unknown>> = {
  [STANDARD]: workflowFile('standard-advice-call-analysis.json'),
  [DERIVED]: workflowFile('product-explanation-compliance.json'),
};

function catalog(candidates: unknown[]) {
  return fakeTools({
    find_closest_workflow: () => ok({ candidates }),
    get_saved_workflow: (_, a) => ok({ workflow_id: a.workflow_id, version: a.version, document: docs[String(a.workflow_id)] }),
    get_workflow_lineage: () =>
      ok({
        nodes: [
          { workflow_id: STANDARD, version: '1.0.0', name: 'Standard Advice Call Analysis', created_at: '' },
          { workflow_id: DERIVED, version: '1.0.0', name: 'Product Explanation Compliance Check', created_at: '' },
        ],
        edges: [],
        descendants: [],
        runs: [],
      }),
  });
}

/**
 * Spec §3: the closest cousin (find_closest_workflow with diarization + segmentation) decides what the Planner
 * proposes.
 */
describe('the Planner brain, scenario 2 (spec §3) over scripted histories', () => {
  it(
    'Case A — only the foundational workflow: proposes to adapt it, and on "yes" refines it (REFINEMENT_OF), ' + 'runs and reports',
    async () => {
      const c = new ScriptedConversation(catalog([foundational]));
      const t1 = await c.turn(REQUEST);
      expect(names(t1.calls)).toEqual([
        'list_products',
        'count_calls',
        'search_embeddings',
        'find_closest_workflow',
        'get_saved_workflow',
        'get_workflow_lineage',
      ]);
      expect(t1.calls[1]!.args).toEqual({ start_date: '2024-07-01', end_date: '2024-07-08', product: 'HELOC 2.0' });
      expect(t1.calls[3]!.args).toEqual({
        query: 'compliance check for advisor product explanation',
        capabilities: ['diarization', 'segmentation', 'compliance'],
      });
      expect(t1.reply).toContain(
        'I have a reusable Advice Call Analysis workflow («Standard Advice Call Analysis» v1.0.0). ' +
          "Shall I adapt it to isolate the advisor's product explanation " +
          'and run a compliance check just on that section?',
      );
      expect(t1.reply).toContain('since the start of the month (1–8 Jul 2024)');

      const t2 = await c.turn('Yes, only the parts where the advisor describes the product matter.');
      expect(names(t2.calls)).toEqual([
        'search_embeddings',
        'search_embeddings',
        'get_skillset',
        'get_skill_reliability',
        'describe_rule_set',
        'validate_workflow',
        'save_workflow',
        'check_workflow_health',
        'start_workflow_run',
        'wait_for_workflow_run',
      ]);
      expect(t2.calls.slice(0, 2).map((x) => x.args.query)).toEqual([
        'skill for speaker diarization',
        'skill for transcript segmentation and labelling',
      ]);
      // The taxonomy and the parts where the product is explained are the rule set's the CRM names (read in the first
      // turn), as the compliance skill describes it for the product.
      expect(t2.calls.find((x) => x.name === 'describe_rule_set')!.args).toEqual({
        rule_set_id: 'compliance_rules_v2024Q4',
        product: 'HELOC 2.0',
      });
      const save = t2.calls.find((x) => x.name === 'save_workflow')!.args;
      expect(save.parent).toEqual({ workflow_id: STANDARD, version: '1.0.0', relation: 'REFINEMENT_OF' });
      expect(Object.keys((save.workflow as { asl: { States: object } }).asl.States)).toEqual([
        'GetApplicationIDs',
        'GetCallRecordings',
        'TranscribeRecording',
        'DiarizeTranscript',
        'SegmentAndLabel',
        'TargetedComplianceAnalysis',
      ]);
      expect(t2.calls.find((x) => x.name === 'start_workflow_run')!.args.input).toEqual({
        start_date: '2024-07-01',
        end_date: '2024-07-08',
      });
      expect(t2.reply).toContain('as a REFINEMENT_OF «Standard Advice Call Analysis» v1.0.0');
      expect(t2.reply).toContain('Product explanation: 3 of 4 applicable rules passed');
    },
  );

  it(
    'Case B — a derived check for another product is the closest cousin: proposes to retarget it; ' + 'only the product changes',
    async () => {
      const c = new ScriptedConversation(catalog([derived, foundational]));
      const t1 = await c.turn('Are advisors explaining the Homeowner Loan product correctly in their calls last week?');
      expect(t1.reply).toContain(
        'The closest match is «Product Explanation Compliance Check» v1.0.0, ' + 'a refinement of «Standard Advice Call Analysis»',
      );
      expect(t1.reply).toContain('for HELOC 2.0. Shall I adapt it to Homeowner Loan');
      const t2 = await c.turn('ok');
      expect(names(t2.calls)).toEqual([
        'validate_workflow',
        'save_workflow',
        'check_workflow_health',
        'start_workflow_run',
        'wait_for_workflow_run',
      ]);
      const save = t2.calls.find((x) => x.name === 'save_workflow')!.args as {
        parent: unknown;
        workflow: { asl: { States: unknown }; workflow_name: string };
      };
      expect(save.parent).toEqual({ workflow_id: DERIVED, version: '1.0.0', relation: 'REFINEMENT_OF' });
      expect(save.workflow.asl.States).toEqual((docs[DERIVED]!.asl as { States: unknown }).States);
      expect(save.workflow.workflow_name).toBe('Product Explanation Compliance Check (Homeowner Loan)');
    },
  );

  it('the derived check already targets the product: proposes to run it as it is, saves nothing', async () => {
    const c = new ScriptedConversation(catalog([derived, foundational]));
    expect((await c.turn(REQUEST)).reply).toContain(
      'I already have a workflow for exactly this: «Product Explanation Compliance Check» v1.0.0',
    );
    const t2 = await c.turn('Yes please');
    expect(names(t2.calls)).toEqual(['check_workflow_health', 'start_workflow_run', 'wait_for_workflow_run']);
    expect(t2.calls[1]!.args).toMatchObject({ workflow_id: DERIVED, version: '1.0.0' });
  });

  it('nothing to adapt: proposes to compose one, and on "yes" records the gap ' + 'and composes it from skills', async () => {
    const c = new ScriptedConversation(catalog([]));
    expect((await c.turn(REQUEST)).reply).toContain('I have no workflow for this yet. Shall I compose one from the skills in the catalog');
    const t2 = await c.turn('yes');
    expect(names(t2.calls).slice(0, 2)).toEqual(['store_memory', 'search_embeddings']);
    expect(t2.calls.find((x) => x.name === 'save_workflow')!.args.parent).toBeUndefined();
    expect(t2.reply).toContain('I composed a new workflow from the catalog');
  });

  it("a second lender's product check labels the segments with its own rule set's labels; a rule set it cannot read stops the build", async () => {
    const asking = (product: string) =>
      `I need to check if advisors are explaining ${product} correctly in their calls since the start of the month.`;
    const ask = asking('Second Charge Mortgage');
    const c = new ScriptedConversation(secondLenderCrm(catalog([])));
    expect((await c.turn(ask)).reply).toContain('I have no workflow for this yet.');
    const t2 = await c.turn('yes');
    expect(t2.calls.find((x) => x.name === 'describe_rule_set')!.args).toEqual({
      rule_set_id: SECOND_RULE_SET,
      product: 'Second Charge Mortgage',
    });
    const saved = t2.calls.find((x) => x.name === 'save_workflow')!.args.workflow as {
      asl: { States: Record<string, { Parameters: Record<string, unknown> }> };
    };
    expect(saved.asl.States.SegmentAndLabel!.Parameters.taxonomy).toEqual(loadTaxonomy(SECOND_RULE_SET).labels);
    // The parts checked are those of the rules about the product (their applies_when meets "mortgage").
    expect(saved.asl.States.TargetedComplianceAnalysis!.Parameters.allowed_labels).toEqual(['product_detail', 'offer_explanation']);

    // A product the CRM sells but no rule of the rule set is about: said plainly, nothing built.
    const unruled = new ScriptedConversation(secondLenderCrm(catalog([])));
    await unruled.turn(asking('Bridging Finance'));
    const refused = await unruled.turn('yes');
    expect(refused.calls.map((x) => x.name)).not.toContain('save_workflow');
    expect(refused.reply).toContain(
      `I cannot build the Bridging Finance explanation check: the rule set ${SECOND_RULE_SET} has no rule about Bridging Finance`,
    );

    const broken = new ScriptedConversation((name, args) =>
      name === 'describe_rule_set'
        ? toolError(`no rule set "${String(args.rule_set_id)}"`, 'not_found')
        : secondLenderCrm(catalog([]))(name, args),
    );
    await broken.turn(ask);
    const t = await broken.turn('yes');
    expect(t.calls.map((x) => x.name)).not.toContain('save_workflow');
    expect(t.reply).toContain(SECOND_RULE_SET);
  });

  it('asks which product when none is named, and a "no" stops everything', async () => {
    const c = new ScriptedConversation(catalog([foundational]));
    expect((await c.turn('Check whether advisors explain the new product correctly in their calls this month')).reply).toContain(
      'Could you tell me which product I should look at?',
    );
    expect((await c.turn('HELOC 2.0')).reply).toContain('Shall I adapt it');
    const no = await c.turn('No, not now');
    expect(no.calls).toEqual([]);
    expect(no.reply).toMatch(/won't run anything/);
  });
});
