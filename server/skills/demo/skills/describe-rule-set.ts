import { loadRuleSet, loadTaxonomy } from './compliance-rules.ts';
import { stringArg, type SkillTool } from './envelope.ts';

/**
 * compliance-analysis `describe_rule_set`: what a rule set checks, read from its own data — each
 * rule's id, category, text, whether the regulator requires it and the segment labels it is
 * checked in — and the rule set's taxonomy (`labels`, compliance-rules.ts taxonomyOf), so that a
 * workflow labels a call's segments with the labels its checks use — and, given a `product`, the
 * parts of a call where it is explained (`product_labels`: the labels of the rules whose
 * condition its name meets), which a product-explanation check evaluates. The patterns are not returned:
 * they are how the skill judges, not what a rule asks for.
 */
export const describeRuleSet: SkillTool = (args) => {
  const ruleSetId = stringArg(args, 'rule_set_id', true);
  const product = stringArg(args, 'product');
  const rows = loadRuleSet(ruleSetId);
  const rules = rows.map((r) => ({
    rule_id: r.rule_id,
    category: r.category,
    rule: r.rule,
    mandatory: r.mandatory,
    applies_to_labels: r.labels,
  }));
  const taxonomy = loadTaxonomy(ruleSetId);
  // The parts of a call where the product is explained: the labels of the rules whose condition (applies_when) the product's name meets.
  const aboutProduct = product ? rows.filter((r) => r.appliesWhen && r.appliesWhen.search(product) >= 0) : [];
  const productLabels = taxonomy.labels.filter((l) => aboutProduct.some((r) => r.labels.includes(l)));
  const categories = new Set(rules.map((r) => r.category)).size;
  return {
    summary:
      `Rule set ${ruleSetId}: ${rules.length} rules in ${categories} categories, ` +
      `checked in ${taxonomy.labels.length} segment labels (${taxonomy.labels.join(', ')}).`,
    data: {
      rule_set_id: ruleSetId,
      rules,
      labels: taxonomy.labels,
      labels_from: taxonomy.from,
      ...(product === undefined ? {} : { product, product_labels: productLabels }),
    },
  };
};
