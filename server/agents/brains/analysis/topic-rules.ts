import { wordsOf } from '../planner/words.ts';

/**
 * The rules of a topic the user names ("disclosures", "affordability", "Consumer Duty outcomes"),
 * found in the rule set's own data as the stored verdicts carry it (summarise_qa_results per rule:
 * id, category, text) — never a list of rule ids in code. A rule belongs to the topic when every
 * topic word (generic ones such as "rules", "checks", "outcomes" aside) is a word of its category;
 * when no category matches, when every topic word is a word of its text. Words match on their stem
 * ("disclosures" ~ "mandatory_disclosure" ~ "Disclose the fees", "affordability" ~ "affordable").
 */
export interface RuleOfData {
  key: string | null;
  label?: string;
  category?: string | null;
}

const GENERIC = new Set([
  'rule',
  'rules',
  'check',
  'checks',
  'checking',
  'requirement',
  'requirements',
  'outcome',
  'outcomes',
  'the',
  'a',
  'an',
  'of',
  'and',
  'our',
  'their',
  'calls',
  'call',
  'customer',
  'customers',
]);

const plural = (w: string) => w.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');

/** Two words are the same word when equal after a plural 's', or (5+ letters each) they share their first min(7, shorter) letters. */
export function sameWord(a: string, b: string): boolean {
  const x = plural(a);
  const y = plural(b);
  if (x === y) return true;
  const shorter = Math.min(x.length, y.length);
  if (shorter < 5) return false;
  const n = Math.min(7, shorter);
  return x.slice(0, n) === y.slice(0, n);
}

const wordsOfData = (s: string | null | undefined) => wordsOf((s ?? '').replace(/_/g, ' '));

/** The topic's own words, generic words left out (empty: nothing to match). */
export const topicWords = (topic: string) => wordsOf(topic).filter((w) => !GENERIC.has(w));

export function rulesOfTopic<R extends RuleOfData>(topic: string, rules: R[]): { rules: R[]; by: 'category' | 'text' | null } {
  const want = topicWords(topic);
  if (!want.length) return { rules: [], by: null };
  const covers = (have: string[]) => want.every((w) => have.some((h) => sameWord(w, h)));
  const byCategory = rules.filter((r) => r.key !== null && covers(wordsOfData(r.category)));
  if (byCategory.length) return { rules: byCategory, by: 'category' };
  const byText = rules.filter((r) => r.key !== null && covers(wordsOfData(r.label)));
  return { rules: byText, by: byText.length ? 'text' : null };
}

/** The categories the rules carry, for the question when a topic matches none. */
export const categoriesOf = (rules: RuleOfData[]) =>
  [...new Set(rules.flatMap((r) => (r.category ? [r.category.replace(/_/g, ' ')] : [])))].sort();
