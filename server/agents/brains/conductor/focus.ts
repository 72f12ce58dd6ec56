import { topicsIn, type Topic } from '../../../../lib/nl/index.ts';

/**
 * What a review is about, read from the request's words by lib/nl's topic reader (the Planner's
 * too: one list of topic words): which compliance rules matter (a JSONPath filter over the
 * compliance skill's verdicts, by the rule set's categories or the rules' wording) and which
 * sentiment flag marks the calls that matter (a vulnerable customer). Without a topic the review
 * is a general QA review (every failed rule). Each lib/nl topic has a focus here, so a topic the
 * reader knows is never dropped on the way.
 */
export interface Focus {
  topic: 'vulnerable_customers' | 'disclosures' | 'affordability' | 'complaints' | 'consumer_duty' | 'identification' | 'overall';
  /** In the user's terms: "vulnerable customers". */
  label: string;
  /** Filter expression over a verdict (`@`), for `verdicts[?(...)]`. */
  verdicts: string;
  /** The sentiment flag type of calls that concern the topic, if any. */
  flag: string | null;
}

/** The focus of each topic lib/nl reads (the record keeps the focus's own name, e.g. `vulnerable_customers`). */
const FOCUS: Record<Topic, Focus> = {
  vulnerability: {
    topic: 'vulnerable_customers',
    label: 'vulnerable customers',
    verdicts: "@.category == 'vulnerability'",
    flag: 'vulnerability',
  },
  disclosures: { topic: 'disclosures', label: 'mandatory disclosures', verdicts: "@.category == 'mandatory_disclosure'", flag: null },
  affordability: { topic: 'affordability', label: 'affordability checks', verdicts: '@.rule =~ /afford/i', flag: null },
  complaints: { topic: 'complaints', label: 'complaints', verdicts: '@.rule =~ /complain/i', flag: null },
  consumer_duty: { topic: 'consumer_duty', label: 'Consumer Duty', verdicts: "@.category == 'consumer_duty'", flag: null },
  identification: { topic: 'identification', label: 'identification checks', verdicts: "@.category == 'identification'", flag: null },
};

export const OVERALL: Focus = { topic: 'overall', label: 'overall call quality', verdicts: "@.verdict == 'fail'", flag: null };

/** The focus of the first topic the words name (lib/nl's order), else overall quality. */
export function focusIn(text: string): Focus {
  const topic = topicsIn(text)[0];
  return topic ? FOCUS[topic] : OVERALL;
}

/** The focus a task's request names by its topic (an unknown topic reads as overall quality). */
export function focusByTopic(topic: string): Focus {
  return Object.values(FOCUS).find((f) => f.topic === topic) ?? OVERALL;
}
