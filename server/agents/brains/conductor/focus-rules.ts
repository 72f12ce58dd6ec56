import { readRuleSet, ruleSetIdOf, type RuleOfSet } from '../analysis/rule-set.ts';
import { categoriesOf, rulesOfTopic, sameWord, topicWords } from '../analysis/topic-rules.ts';
import { wordsOf } from '../planner/words.ts';
import type { ReplayContext, Step } from '../planner/build-flow.ts';
import { focusIn, focusOnCategory, OVERALL, type Focus } from './focus.ts';

/** The question a topic without rules gets; the user's next message is read as its answer (chosenFocus). */
export const ASK_TOPIC = 'Which of these should the review look at?';
/** How the question starts when it is asked again after an answer that matched nothing. */
export const ASK_TOPIC_AGAIN = 'I could not match that to the rule set.';

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
          `${ASK_TOPIC} Or say “overall”, and the Companions review overall call quality (every failed rule).`,
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

/** An answer that asks for no topic: every failed rule. */
const OVERALL_WORDS =
  /\b(?:overall|every(?:thing|\s+(?:failed\s+)?rules?)|all\s+(?:the\s+)?rules|general(?:ly)?|no\s+(?:particular\s+)?topic)\b/i;

/**
 * The focus the user's answer to ASK_TOPIC chooses: overall quality ("overall", "every rule"), a
 * topic lib/nl reads ("disclosures"), or a category of the rule set whose words the answer says
 * ("mandatory disclosure", "the product explanation ones"). A choice is taken only when the rule
 * set has rules for it; an answer that matches none, or several categories, is asked again with
 * the set's own categories — never a review of something else.
 */
export function chosenFocus(ctx: ReplayContext, answer: string): Step<Focus> {
  if (OVERALL_WORDS.test(answer)) return { done: true, value: OVERALL };
  const described = readRuleSet(ctx, 'match your answer to the rule set');
  if (!described.done) return described;
  const { rule_set_id, rules } = described.value;
  const data = asData(rules);
  const said = wordsOf(answer.replace(/_/g, ' '));
  const categories = categoriesOf(data);
  const named = categories.filter((c) => topicWords(c).length > 0 && topicWords(c).every((w) => said.some((x) => sameWord(w, x))));
  const topic = focusIn(answer);
  const focus = named.length === 1 ? focusOnCategory(named[0]!) : named.length === 0 && topic.topic !== 'overall' ? topic : null;
  if (focus && topicRuleIds(focus, rules).length) return { done: true, value: focus };
  return {
    done: false,
    decision: ctx.say(
      `${ASK_TOPIC_AGAIN} The rules of ${rule_set_id} are about ${categories.join(', ')}. ${ASK_TOPIC} ` +
        'Or say “overall”, and the Companions review overall call quality (every failed rule).',
      named.length > 1
        ? `The answer names ${named.length} categories (${named.join(', ')}): ask for one.`
        : `“${answer}” names no category of ${rule_set_id} with rules: ask again, review nothing else.`,
    ),
  };
}
