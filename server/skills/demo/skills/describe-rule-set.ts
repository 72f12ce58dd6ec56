import { loadRuleSet, loadTaxonomy } from './compliance-rules.ts';
import { stringArg, type SkillTool } from './envelope.ts';

/**
 * compliance-analysis `describe_rule_set`: what a rule set checks, read from its own data — each
 * rule's id, category, text, whether the regulator requires it and the segment labels it is
 * checked in — and the rule set's taxonomy (`labels`, compliance-rules.ts taxonomyOf), so that a
 * workflow labels a call's segments with the labels its checks use. The patterns are not returned:
 * they are how the skill judges, not what a rule asks for.
 */
export const describeRuleSet: SkillTool = (args) => {
  const ruleSetId = stringArg(args, 'rule_set_id', true);
  const rules = loadRuleSet(ruleSetId).map((r) => ({
    rule_id: r.rule_id,
    category: r.category,
    rule: r.rule,
    mandatory: r.mandatory,
    applies_to_labels: r.labels,
  }));
  const taxonomy = loadTaxonomy(ruleSetId);
  const categories = new Set(rules.map((r) => r.category)).size;
  return {
    summary:
      `Rule set ${ruleSetId}: ${rules.length} rules in ${categories} categories, ` +
      `checked in ${taxonomy.labels.length} segment labels (${taxonomy.labels.join(', ')}).`,
    data: { rule_set_id: ruleSetId, rules, labels: taxonomy.labels, labels_from: taxonomy.from },
  };
};
