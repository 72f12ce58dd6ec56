/**
 * What a review is about, read from the request's words: which compliance rules matter (a
 * JSONPath filter over the compliance skill's verdicts, by the rule set's categories) and which
 * sentiment flag marks the calls that matter (a vulnerable customer). Without a topic the review
 * is a general QA review (every failed rule).
 */
export interface Focus {
  topic: 'vulnerable_customers' | 'disclosures' | 'affordability' | 'consumer_duty' | 'identification' | 'overall';
  /** In the user's terms: "vulnerable customers". */
  label: string;
  /** Filter expression over a verdict (`@`), for `verdicts[?(...)]`. */
  verdicts: string;
  /** The sentiment flag type of calls that concern the topic, if any. */
  flag: string | null;
}

const TOPICS: Array<{ words: RegExp; focus: Focus }> = [
  {
    words: /\bvulnerab\w*|\bbereave\w*|\bdistress\w*/i,
    focus: { topic: 'vulnerable_customers', label: 'vulnerable customers', verdicts: "@.category == 'vulnerability'", flag: 'vulnerability' },
  },
  { words: /\bdisclos\w*|\brisk warnings?\b|\bmandatory\b/i, focus: { topic: 'disclosures', label: 'mandatory disclosures', verdicts: "@.category == 'mandatory_disclosure'", flag: null } },
  { words: /\bafford\w*/i, focus: { topic: 'affordability', label: 'affordability checks', verdicts: '@.rule =~ /afford/i', flag: null } },
  { words: /\bconsumer duty\b|\bcustomer outcomes?\b/i, focus: { topic: 'consumer_duty', label: 'Consumer Duty', verdicts: "@.category == 'consumer_duty'", flag: null } },
  { words: /\bidentif\w*|\bsecurity checks?\b|\bid checks?\b/i, focus: { topic: 'identification', label: 'identification checks', verdicts: "@.category == 'identification'", flag: null } },
];

export const OVERALL: Focus = { topic: 'overall', label: 'overall call quality', verdicts: "@.verdict == 'fail'", flag: null };

export function focusIn(text: string): Focus {
  return TOPICS.find((t) => t.words.test(text))?.focus ?? OVERALL;
}

/** The focus a task's request names by its topic (an unknown topic reads as overall quality). */
export function focusByTopic(topic: string): Focus {
  return TOPICS.find((t) => t.focus.topic === topic)?.focus ?? OVERALL;
}
