/**
 * Teams and "everyone" in a request, against the teams of the directory (from the CRM at run time).
 * - A team is named by its full name ("Home Finance North"), or by a word only that team's name
 *   has, just before "team(s)" or after "team" ("the North team", "team south", "the North and
 *   South teams", "the residential and specialist lending teams": only team-name words and "and" /
 *   "or" between it and "teams"). Words every team shares ("Home", "Finance") name none.
 * - `everyone`: "everyone", "everybody", "all advisors", "every advisor", "all of them", "the whole
 *   team", "the entire team", or "the team" — only when no particular team is named.
 */
import { fold } from './names.ts';

const EVERYONE = new RegExp(
  String.raw`\b(?:every(?:one|body)|all\s+(?:the\s+|our\s+|of\s+the\s+)?(?:advis[eo]rs|agents|staff|people)|all\s+of\s+them|` +
    String.raw`every\s+(?:single\s+)?(?:advis[eo]r|agent)|each\s+advis[eo]r|(?:the\s+)?(?:whole|entire)\s+team|the\s+team|` +
    String.raw`across\s+the\s+board)\b`,
  'i',
);

const wordsOf = (s: string) =>
  s
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter(Boolean)
    .map(fold);

const CONNECTORS = new Set(['and', 'or', '&', 'the']);

/** Whether "team(s)" follows `from`, across only team-name words and connectors ("… and specialist lending teams"). */
function teamWordAhead(words: string[], from: number, nameWords: Set<string>): boolean {
  for (let i = from; i < words.length && i < from + 6; i++) {
    const w = words[i]!;
    if (w === 'team' || w === 'teams') return true;
    if (!nameWords.has(w) && !CONNECTORS.has(w)) return false;
  }
  return false;
}

/** The teams named, in the directory's spelling and the order first named, and whether everyone is meant. */
export function teamsIn(text: string, teams: string[]): { teams: string[]; everyone: boolean } {
  const words = wordsOf(text);
  const folded = ` ${words.join(' ')} `;
  const teamWords = teams.map((t) => wordsOf(t));
  const nameWords = new Set(teamWords.flat());
  const found: Array<{ team: string; at: number }> = [];
  teams.forEach((team, i) => {
    const full = folded.indexOf(` ${teamWords[i]!.join(' ')} `);
    if (full >= 0) return void found.push({ team, at: full });
    const own = teamWords[i]!.filter((w) => teamWords.every((other, k) => k === i || !other.includes(w)) && w !== 'team');
    words.forEach((w, at) => {
      // "the North team", "team North", "the North and South teams", "the residential and specialist lending teams".
      const nearTeam = words[at - 1] === 'team' || teamWordAhead(words, at + 1, nameWords);
      if (own.includes(w) && nearTeam && !found.some((f) => f.team === team)) found.push({ team, at: folded.indexOf(` ${w} `) });
    });
  });
  const named = found.sort((a, b) => a.at - b.at).map((f) => f.team);
  return { teams: named, everyone: named.length === 0 && EVERYONE.test(text) };
}
