import { topicsIn, type Topic } from '../../../../lib/nl/index.ts';

/**
 * What a review is about, read from the request's words by lib/nl's topic reader (the Planner's
 * too: one list of topic words): the topic in the user's terms, whose rules are found in the
 * lender's rule set's own data (focus-rules.ts, analysis/topic-rules.ts: never a category named
 * here), and which sentiment flag marks the calls that matter (a vulnerable customer). Without a
 * topic the review is a general QA review (every failed rule). Each lib/nl topic has a focus here,
 * so a topic the reader knows is never dropped on the way.
 */
export interface Focus {
  /** A topic's focus name, `overall`, or `rules:<category>` for a category of the rule set the user chose (focusOnCategory). */
  topic: string;
  /** In the user's terms: "vulnerable customers"; the words its rules are found by. */
  label: string;
  /** The sentiment flag type of calls that concern the topic, if any. */
  flag: string | null;
}

/** The focus of each topic lib/nl reads (the record keeps the focus's own name, e.g. `vulnerable_customers`). */
const FOCUS: Record<Topic, Focus> = {
  vulnerability: { topic: 'vulnerable_customers', label: 'vulnerable customers', flag: 'vulnerability' },
  disclosures: { topic: 'disclosures', label: 'mandatory disclosures', flag: null },
  affordability: { topic: 'affordability', label: 'affordability checks', flag: null },
  complaints: { topic: 'complaints', label: 'complaints', flag: null },
  consumer_duty: { topic: 'consumer_duty', label: 'Consumer Duty', flag: null },
  identification: { topic: 'identification', label: 'identification checks', flag: null },
};

export const OVERALL: Focus = { topic: 'overall', label: 'overall call quality', flag: null };

/**
 * The filter over a verdict (`@`, for `verdicts[?(...)]`) of the verdicts a review reports: those of
 * the focus's rules (their ids, as the rule set names them), or every failed one for overall quality.
 */
export function verdictsFilter(ruleIds: string[] | null): string {
  if (!ruleIds) return "@.verdict == 'fail'";
  return ruleIds.map((id) => `@.rule_id == ${JSON.stringify(id)}`).join(' || ');
}

/** The focus of the first topic the words name (lib/nl's order), else overall quality. */
export function focusIn(text: string): Focus {
  const topic = topicsIn(text)[0];
  return topic ? FOCUS[topic] : OVERALL;
}

const CATEGORY = 'rules:';

/** A focus on one category of the lender's rule set, as the user chose it ("mandatory disclosure"): its rules are that category's. */
export function focusOnCategory(category: string): Focus {
  const words = category.replace(/_/g, ' ');
  return { topic: `${CATEGORY}${words}`, label: words, flag: null };
}

/** The focus a task's request names by its topic (an unknown topic reads as overall quality). */
export function focusByTopic(topic: string): Focus {
  if (topic.startsWith(CATEGORY)) return focusOnCategory(topic.slice(CATEGORY.length));
  return Object.values(FOCUS).find((f) => f.topic === topic) ?? OVERALL;
}
