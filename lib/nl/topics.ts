/**
 * The QA topics a message is about, from the words people use for them rather than the rule
 * names: "sounded vulnerable", "bereavement", "struggling to pay" are vulnerability; "mandatory
 * disclosures", "risk warnings" are disclosures; "can they afford it" is affordability; "unhappy
 * customers", "ombudsman" are complaints; "Consumer Duty", "customer outcomes" are consumer duty;
 * "ID checks", "security questions" are identification. Returned in this fixed order, each once.
 * The one list of topic words for the Planner and the Conductor (its focus.ts maps each topic to
 * what a review looks at).
 */
export type Topic = 'vulnerability' | 'disclosures' | 'affordability' | 'complaints' | 'consumer_duty' | 'identification';

/** Any of the phrases, each starting at a word boundary. */
const anyOf = (phrases: string[]) => new RegExp(String.raw`\b(?:${phrases.join('|')})`, 'i');

const TOPICS: Array<[Topic, RegExp]> = [
  [
    'vulnerability',
    anyOf([
      String.raw`vulnerab\w*`,
      String.raw`bereave\w*`,
      String.raw`grie(?:f|ving)`,
      String.raw`widow(?:ed|er)?`,
      String.raw`struggl\w*\s+(?:to\s+)?(?:pay|afford|cope|keep\s+up|make\s+ends\s+meet|with\s+(?:money|debt|bills|payments))`,
      String.raw`financial\s+(?:difficult\w*|hardship|distress)`,
      String.raw`hardship`,
      String.raw`in\s+arrears`,
      String.raw`(?:lost|losing)\s+(?:(?:my|his|her|their)\s+)?(?:job|income)`,
      String.raw`redundan\w*`,
      String.raw`(?:serious(?:ly)?\s+)?ill(?:ness)?\b`,
      String.raw`disabilit\w*`,
      String.raw`mental\s+health`,
      String.raw`(?:sounded|seemed|was|were)\s+(?:upset|confused|distressed|anxious|worried|frail)`,
      String.raw`low\s+(?:financial\s+)?resilience`,
      String.raw`life\s+events?`,
      String.raw`cognitive\s+(?:decline|impairment)`,
    ]),
  ],
  [
    'disclosures',
    anyOf([
      String.raw`disclos\w*`,
      String.raw`risk\s+warnings?`,
      String.raw`warnings?\s+about\s+(?:the\s+)?risks?`,
      String.raw`(?:home|house|property)\s+(?:may|could|might)\s+be\s+repossessed`,
      String.raw`repossession\s+warnings?`,
      String.raw`representative\s+apr`,
      String.raw`key\s+facts`,
      String.raw`mandatory\s+(?:statements?|information|wording)`,
      String.raw`terms\s+and\s+conditions`,
    ]),
  ],
  [
    'affordability',
    anyOf([
      String.raw`affordab\w*`,
      String.raw`(?:can|could)\s+(?:they|the\s+customers?|he|she|you|customers?)\s+(?:really\s+)?afford`,
      String.raw`afford\w*`,
      String.raw`income\s+and\s+(?:expenditure|outgoings)`,
      String.raw`outgoings`,
      String.raw`stress[-\s]test\w*`,
      String.raw`(?:repayments?|payments?)\s+(?:are\s+|is\s+|be\s+)?(?:manageable|sustainable)`,
    ]),
  ],
  [
    'complaints',
    anyOf([
      String.raw`complain\w*`,
      String.raw`dissatisf\w*`,
      String.raw`unhappy`,
      String.raw`ombudsman`,
      String.raw`FOS\b`,
      String.raw`escalat\w*`,
      String.raw`express(?:ed)?\s+(?:a\s+)?(?:grievance|dissatisfaction)`,
    ]),
  ],
  [
    'consumer_duty',
    anyOf([String.raw`consumer\s+duty`, String.raw`customer\s+outcomes?`, String.raw`good\s+outcomes?\s+for\s+(?:the\s+)?customers?`]),
  ],
  [
    'identification',
    anyOf([
      String.raw`identif(?:y|ied|ication)\b(?!\s+(?:the|which|who|what))`,
      String.raw`id\s+(?:checks?|verification)`,
      String.raw`security\s+(?:checks?|questions?)`,
      String.raw`(?:verify|verified|verifying)\s+(?:the\s+)?(?:customer|caller|identity)`,
      String.raw`data\s+protection\s+(?:checks?|questions?)`,
    ]),
  ],
];

/** Every topic this reader knows, in its fixed order. */
export const TOPIC_NAMES: Topic[] = TOPICS.map(([topic]) => topic);

/** Each topic in words, for saying which topics are known. */
export const TOPIC_LABELS: Record<Topic, string> = {
  vulnerability: 'vulnerability',
  disclosures: 'disclosures',
  affordability: 'affordability',
  complaints: 'complaints',
  consumer_duty: 'Consumer Duty',
  identification: 'identification checks',
};

export function topicsIn(text: string): Topic[] {
  return TOPICS.filter(([, re]) => re.test(text)).map(([topic]) => topic);
}

/** The topics with the words each was read from, as said ("Consumer Duty", "ID checks"), for saying them back. */
export function topicWordsIn(text: string): Array<{ topic: Topic; said: string }> {
  return TOPICS.flatMap(([topic, re]) => {
    const m = re.exec(text);
    return m ? [{ topic, said: m[0] }] : [];
  });
}

/**
 * What a message asks to look at that no topic above stands for: a capitalised phrase after "for",
 * "on", "about", "around", "regarding" or "covering" ("for Consumer Duty", "on Treating Customers
 * Fairly") that is none of `known` — the people, teams and products the caller resolved, and the
 * words of the period — and not one of the topics. The caller says it cannot focus on it (or asks),
 * never drops it silently. Null when there is none.
 */
export function unmappedFocusIn(text: string, known: (phrase: string) => boolean): string | null {
  const re = /\b(?:for|on|about|around|regarding|covering)\s+(?:the\s+)?((?:\p{Lu}[\p{L}\p{M}'’-]*\s*){1,4})/gu;
  for (const m of text.matchAll(re)) {
    const phrase = m[1]!.trim().replace(/['’]s$/, '');
    if (!/\p{Ll}/u.test(phrase)) continue; // an acronym ("QA", "REC-88342") is no topic phrase
    if (topicsIn(phrase).length || known(phrase)) continue;
    return phrase;
  }
  return null;
}
