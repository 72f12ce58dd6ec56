/**
 * A message as the Planner's word families read it: lower case, possessive 's and punctuation
 * dropped, straight and curly apostrophes alike ("Alex Wong’s calls" → alex, wong, calls).
 */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, '')
    .split(/[^a-z0-9'-]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
}

export const hasWord = (words: string[], ...any: string[]) => any.some((w) => words.includes(w));
