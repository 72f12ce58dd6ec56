import nlp from 'compromise';
import { contentWords } from './capability-words.ts';

/**
 * The deterministic split of a task text into parts (rules 1–5 of ./README.md "decompose_task
 * offline"), in the order they appear:
 * 1. lines: every non-empty line; list markers (`1.`, `2)`, `-`, `*`, `•`, `a)`) removed;
 * 2. sentences: split after `.`, `!`, `?` or `;` followed by a space (never inside `3.5`);
 * 3. inline enumerations: `(1) … (2) …`, `1) … 2) …`, and `first, …, second, …` markers;
 * 4. sequence clauses: `, then`, `then`, `and then`, `after that`, `afterwards`, `finally`,
 *    `next`; and `and` (also `, and`) when what follows starts as a verb phrase — compromise tags
 *    its first word, alone, as an infinitive (`check`, `score`; not `compliance`), or its second
 *    word is a determiner or pronoun (`email the report`);
 * 5. connectors and trailing punctuation trimmed; a part without content words joins the one
 *    before it (or after it, when it is the first).
 */
export function splitTask(task: string): string[] {
  const lines = task
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:\d+[.)]|[a-z][)]|[-*•])\s+/i, '').trim())
    .filter(Boolean);
  const sentences = lines.flatMap((l) => l.split(/(?<=[.!?;])\s+(?=\S)/));
  const enumerated = sentences.flatMap((s) => s.split(/\s*(?:\(\d+\)|(?<=^|\s)\d+\)|\b(?:first|second|third|fourth|fifth)ly?,)\s*/i));
  const clauses = enumerated.flatMap(splitClauses);
  const parts = clauses.map(trimPart).filter((p) => p.length > 0);
  return mergeEmpty(parts);
}

const SEQUENCE =
  /\s*(?:,\s*and then|,\s*then|\band then|\bthen|,?\s*after that,?|,?\s*afterwards,?|,\s*finally,?|\bfinally,?|,\s*next,?)\s+/i;
const DETERMINER = /^[a-z'-]+\s+(?:the|a|an|them|it|their|each|every|all|its|our|this|these|those|his|her|any)\b/i;

function splitClauses(sentence: string): string[] {
  return sentence.split(SEQUENCE).flatMap(splitOnAnd);
}

/** `and` separates two parts only when a verb phrase follows it (rule 4). */
function splitOnAnd(clause: string): string[] {
  const out: string[] = [];
  let rest = clause;
  for (;;) {
    const re = /,?\s+and\s+/gi;
    let m: RegExpExecArray | null;
    let cut = -1;
    let cutEnd = -1;
    while ((m = re.exec(rest)) !== null) {
      const after = rest.slice(m.index + m[0].length);
      if (startsVerbPhrase(after)) {
        cut = m.index;
        cutEnd = m.index + m[0].length;
        break;
      }
    }
    if (cut < 0) break;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cutEnd);
  }
  out.push(rest);
  return out;
}

function startsVerbPhrase(text: string): boolean {
  if (DETERMINER.test(text)) return true;
  const first = /^[A-Za-z'-]+/.exec(text)?.[0];
  if (!first) return false;
  // Tagged alone, an imperative is an infinitive ("check", "score"); a noun is not ("compliance").
  return nlp(first).has('#Infinitive');
}

function trimPart(p: string): string {
  return p
    .replace(/^[\s,;:]+/, '')
    .replace(/^(?:and|then|also|next|finally|afterwards|after that|first|second|third|lastly)\b[\s,]*/i, '')
    .replace(/[\s,;:.!?]+$/, '')
    .trim();
}

function mergeEmpty(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (contentWords(p).length === 0 && out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${p}`;
    else out.push(p);
  }
  if (out.length > 1 && contentWords(out[0]!).length === 0) out.splice(0, 2, `${out[0]} ${out[1]}`);
  return out;
}
