/**
 * Word error rate of a transcription against the words actually spoken: (substitutions + deletions
 * + insertions) / reference words, by word-level edit distance. Words are compared lower-cased with
 * punctuation dropped (a recogniser writes no punctuation), and numbers as written by the script
 * count as their words only if the script spells them. Pure.
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/**
 * The word-level edit distance of `hypothesis` from `reference` (`errors`: substitutions + deletions
 * + insertions) and the reference's word count (`words`) — summed over several calls they give a
 * word error rate weighted by each call's length.
 */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + same));
    }
    prev = row;
  }
  return { errors: prev[hyp.length]!, words: ref.length };
}

export function wordErrorRate(reference: string, hypothesis: string): number {
  const { errors, words } = wordErrors(reference, hypothesis);
  if (!words) return errors ? 1 : 0;
  return errors / words;
}
