/** Counts written as words in periods ("the last two weeks"); digits are read as they are. */
const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  'a couple of': 2,
  'couple of': 2,
};

/** A regular-expression alternative matching a count: digits or one of the words above. */
export const COUNT = String.raw`\d{1,3}|${Object.keys(WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')
  .replace(/ /g, String.raw`\s+`)}`;

/** The count a matched COUNT names, or null for zero or an unknown word. */
export function countOf(said: string): number | null {
  const n = /^\d+$/.test(said) ? Number(said) : WORDS[said.toLowerCase().replace(/\s+/g, ' ')];
  return n && n > 0 ? n : null;
}
