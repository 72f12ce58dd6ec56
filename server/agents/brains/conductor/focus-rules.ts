import { readRuleSet, ruleSetIdOf, type RuleOfSet } from '../analysis/rule-set.ts';
import { categoriesOf, rulesOfTopic } from '../analysis/topic-rules.ts';
import type { ReplayContext, Step } from '../planner/build-flow.ts';
import type { Focus } from './focus.ts';

/** The lender's rule set and the ids of the focus's rules in it (null: overall quality, every failed rule). */
export interface FocusRules {
  ruleSetId: string;
  ruleIds: string[] | null;
}

/**
 * The rules a review's focus is about, found in the lender's rule set's own data the way the
 * Planner finds a topic's rules (analysis/topic-rules.ts: by category, else by the rules' text):
 * the CRM names the rule set (list_products), the compliance skill describes it
 * (describe_rule_set). A topic no rule of the set matches is said plainly with the set's own
 * categories, and nothing is handed out: it never becomes an overall review by itself.
 */
export function focusRules(ctx: ReplayContext, focus: Focus): Step<FocusRules> {
  if (focus.topic === 'overall') {
    const id = ruleSetIdOf(ctx, 'check the calls');
    return id.done ? { done: true, value: { ruleSetId: id.value, ruleIds: null } } : id;
  }
  const described = readRuleSet(ctx, `find the rules about ${focus.label}`);
  if (!described.done) return described;
  const { rule_set_id, rules } = described.value;
  const ids = topicRuleIds(focus, rules);
  if (!ids.length) {
    const categories = categoriesOf(asData(rules));
    return {
      done: false,
      decision: ctx.say(
        `The rule set ${rule_set_id} has no rule about ${focus.label}` +
          `${categories.length ? `: its rules are about ${categories.join(', ')}` : ''}. ` +
          'Which of these should the review look at? Or ask again without a topic, and the Companions review overall call quality (every failed rule).',
        `No rule of ${rule_set_id} matches “${focus.label}” by category or text: ask, never review something else silently.`,
      ),
    };
  }
  return { done: true, value: { ruleSetId: rule_set_id, ruleIds: ids } };
}

const asData = (rules: RuleOfSet[]) => rules.map((r) => ({ key: r.rule_id, label: r.rule, category: r.category }));

/** The ids of the rules of `rules` (a rule set as describe_rule_set gives it) that the focus's topic is about; empty when none. */
export function topicRuleIds(focus: Focus, rules: RuleOfSet[]): string[] {
  return rulesOfTopic(focus.label, asData(rules)).rules.map((r) => r.key!);
}
