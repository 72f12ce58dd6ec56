import type { ReplayContext, Step } from '../planner/build-flow.ts';

/**
 * The lender's compliance rule set as its own data describes it, read through tools by both brains
 * (issue 30: the domain from data): the CRM names the rule set (list_products → rule_set_id) and
 * the compliance skill describes it (describe_rule_set → its rules and segment labels). The
 * Planner composes a workflow's segmentation taxonomy from `labels`; the Conductor and the
 * Planner find a topic's rules among `rules` (topic-rules.ts). Each read happens once per turn
 * (a replay over the turn's returns); what cannot be read is said plainly, never guessed.
 */
export interface RuleOfSet {
  rule_id: string;
  category: string;
  rule: string;
  mandatory: boolean;
  applies_to_labels: string[];
}

export interface RuleSetDescription {
  rule_set_id: string;
  rules: RuleOfSet[];
  /** The segment labels the rule set's checks use, in order: a composed workflow's taxonomy. */
  labels: string[];
  /** Asked with a product: the labels of the rules about it, in taxonomy order (the segments a product-explanation check evaluates). */
  productLabels: string[];
}

const next = <T>(decision: ReturnType<ReplayContext['say']>): Step<T> => ({ done: false, decision });

/** The CRM's rule set id (list_products), read once per turn; `purpose` says what it is read for ("label the segments"). */
export function ruleSetIdOf(ctx: ReplayContext, purpose: string): Step<string> {
  const products = ctx.find('list_products');
  if (!products) return next(ctx.call([['list_products', {}]], `Read the lender's compliance rule set from the CRM, to ${purpose}.`));
  if (!products.ok) return next(ctx.failed(products, "read the lender's rule set from the CRM"));
  const id = typeof products.result?.rule_set_id === 'string' ? products.result.rule_set_id : null;
  if (!id)
    return next(
      ctx.say(`The CRM names no compliance rule set for its calls, so I cannot ${purpose}. Please ask an administrator to configure one.`),
    );
  return { done: true, value: id };
}

/** The CRM's rule set, described by the compliance skill (describe_rule_set). */
export function readRuleSet(ctx: ReplayContext, purpose: string, product?: string): Step<RuleSetDescription> {
  const id = ruleSetIdOf(ctx, purpose);
  if (!id.done) return id;
  const args = product === undefined ? { rule_set_id: id.value } : { rule_set_id: id.value, product };
  const described = ctx.find('describe_rule_set', (a) => a.rule_set_id === id.value && a.product === product);
  if (!described) {
    if (!ctx.has('describe_rule_set'))
      return next(ctx.say(`I cannot ${purpose}: I have no tool to read what the rule set ${id.value} checks (describe_rule_set).`));
    return next(
      ctx.call([['describe_rule_set', args]], `Read what the rule set ${id.value} checks (its rules and labels), to ${purpose}.`),
    );
  }
  if (!described.ok) return next(ctx.failed(described, `read the rule set ${id.value}`));
  const r = described.result ?? {};
  const rules = Array.isArray(r.rules) ? (r.rules as RuleOfSet[]) : [];
  const labels = Array.isArray(r.labels) ? r.labels.filter((l): l is string => typeof l === 'string') : [];
  const productLabels = Array.isArray(r.product_labels) ? r.product_labels.filter((l): l is string => typeof l === 'string') : [];
  return { done: true, value: { rule_set_id: id.value, rules, labels, productLabels } };
}
