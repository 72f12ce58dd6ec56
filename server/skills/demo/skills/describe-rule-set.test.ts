import { describe, expect, it } from 'vitest';
import { knownRuleSets, loadRuleSet, parseLabels, parseRuleSet, taxonomyOf } from './compliance-rules.ts';
import { describeRuleSet } from './describe-rule-set.ts';
import { runSkillTool } from './envelope.ts';

type Described = {
  rule_set_id: string;
  rules: Array<{ rule_id: string; category: string; rule: string; mandatory: boolean; applies_to_labels: string[] }>;
  labels: string[];
  labels_from: string;
};
const describeSet = (id: string) => runSkillTool(describeRuleSet, { rule_set_id: id });

describe('compliance-analysis describe_rule_set', () => {
  it("gives every rule set's rules from its own data and a taxonomy holding every label a rule is checked in", () => {
    expect(knownRuleSets()).toEqual(expect.arrayContaining(['aldermoor_conduct_rules_2025', 'compliance_rules_v2024Q4']));
    for (const id of knownRuleSets()) {
      const out = describeSet(id);
      expect(out.ok, out.summary).toBe(true);
      const d = out.data as unknown as Described;
      expect(d.rules.map((r) => r.rule_id)).toEqual(loadRuleSet(id).map((r) => r.rule_id));
      for (const r of d.rules) for (const l of r.applies_to_labels) expect(d.labels, `${id} ${r.rule_id}`).toContain(l);
      expect(out.summary).toContain(`${d.rules.length} rules`);
    }
  });

  it("the demo rule set declares its taxonomy (spec §3.3's five labels); the second lender's comes from its rules", () => {
    const demo = describeSet('compliance_rules_v2024Q4').data as unknown as Described;
    expect(demo).toMatchObject({
      labels: ['introduction', 'security_check', 'product_detail', 'offer_explanation', 'closing'],
      labels_from: 'declared',
    });
    expect(demo.rules.find((r) => r.rule_id === 'FCA-DISC-02')).toMatchObject({
      category: 'mandatory_disclosure',
      mandatory: true,
      applies_to_labels: ['product_detail', 'offer_explanation'],
    });
    const second = describeSet('aldermoor_conduct_rules_2025').data as unknown as Described;
    expect(second.labels_from).toBe('rules');
    expect(second.labels).toEqual([...new Set(loadRuleSet('aldermoor_conduct_rules_2025').flatMap((r) => r.labels))]);
  });

  it('with a product, names the parts of a call where the rules about it are checked (their applies_when meets its name)', () => {
    const labels = (id: string, product: string) =>
      (runSkillTool(describeRuleSet, { rule_set_id: id, product }).data as { product_labels: string[] }).product_labels;
    expect(labels('compliance_rules_v2024Q4', 'HELOC 2.0')).toEqual(['product_detail', 'offer_explanation']);
    expect(labels('aldermoor_conduct_rules_2025', 'Bridging Loan')).toEqual(['product_detail', 'offer_explanation']);
    // No rule is about it: no part of a call to check (the Planner says so and builds nothing).
    expect(labels('aldermoor_conduct_rules_2025', 'Gold Bullion')).toEqual([]);
    // Without a product the answer has no product_labels.
    expect(describeSet('compliance_rules_v2024Q4').data).not.toHaveProperty('product_labels');
  });

  it('refuses an unknown rule set, and a declared taxonomy that leaves out a label a rule uses', () => {
    expect(describeSet('no_such_rules')).toMatchObject({ ok: false, data: { error: { type: 'RuleSetNotFound' } } });
    expect(runSkillTool(describeRuleSet, {})).toMatchObject({ ok: false });
    const header = 'rule_id,category,rule,required_pattern,forbidden_pattern,applies_when,applies_to_labels';
    const rules = parseRuleSet(`${header}\nR-1,c,Say hello.,hello,,,greeting;small_talk\nR-2,c,Say bye.,bye,,,farewell\n`, 't');
    expect(taxonomyOf(rules, null, 't')).toEqual({ labels: ['greeting', 'small_talk', 'farewell'], from: 'rules' });
    // A declared taxonomy keeps its own order and the parts no rule concerns.
    expect(taxonomyOf(rules, parseLabels('# parts of a call\nopening\ngreeting\n\nsmall_talk\nfarewell\n'), 't')).toEqual({
      labels: ['opening', 'greeting', 'small_talk', 'farewell'],
      from: 'declared',
    });
    expect(() => taxonomyOf(rules, ['greeting', 'farewell'], 't')).toThrow(/does not declare small_talk/);
    expect(() => taxonomyOf(rules, [], 't')).toThrow(/declares no label/);
  });
});
