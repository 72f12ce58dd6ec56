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

/**
 * The word families of ranking, one source for request.ts (rankOf) and request-questions.ts: a
 * superlative that puts the worst or the best first, and the words that ask for a ranking.
 * `…_SCORE` adds the comparative and "-scoring" forms said of scores and calls ("weaker", "lowest-scoring").
 */
export const WORST = ['lowest', 'worst', 'bottom', 'weakest', 'poorest'];
export const WORST_SCORE = [...WORST, 'lowest-scoring', 'lowest-scored', 'weaker', 'worse'];
/** Said of failures rather than scores ("which rule fails most"): worst first too. */
export const FAILING = ['most', 'least', 'struggling', 'fails', 'failing'];
export const BEST = ['highest', 'best', 'top', 'strongest'];
export const BEST_SCORE = [...BEST, 'highest-scoring', 'highest-scored', 'stronger', 'better'];
export const RANKING = ['rank', 'ranking', 'ranked', 'compare', 'comparison', 'league', 'leaderboard'];
/** What a call is called. */
export const CALL_WORDS = ['call', 'calls', 'conversation', 'conversations', 'recording', 'recordings'];
