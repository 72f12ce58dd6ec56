import { matchPeople, matchProduct, unnamedSubject, type PersonMatch } from '../../../../lib/nl/index.ts';
import { ukDate } from '../../../../lib/uk-time.ts';
import type { Step } from './build-flow.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { SCALE_WORDS } from './follow-up.ts';
import { KIND_LABEL, type PlannerRequest } from './request.ts';
import { orList } from '../../../../lib/list-words.ts';

/**
 * People and products named in a request, resolved against the CRM's own lists, fetched through
 * tools each time (list_advisors, list_products): the Planner keeps no copy. Only exact names,
 * a unique first name or surname, a team and "everyone" are acted on; a near miss, an ambiguous
 * name or an unknown one becomes a question ("I can't find John Smith in the CRM. Did you mean
 * …?") — the Planner never guesses a person.
 */
export interface Advisor {
  advisor_id: string;
  name: string;
  team: string;
}

export interface Who {
  /** The advisors to look at, in the order named (a team's or everyone's in the CRM's order). */
  advisors: string[];
  /** The team named, when the request is about a team. */
  team: string | null;
  /** "everyone", "the whole team", "all advisors". */
  everyone: boolean;
  /** The CRM's advisors, for what follows (a team's members, suggestions). */
  directory: Advisor[];
}

const next = <T>(decision: ReturnType<PlannerContext['say']>): Step<T> => ({ done: false, decision });

export function directoryOf(result: Record<string, unknown> | null | undefined): Advisor[] {
  return Array.isArray(result?.advisors) ? (result.advisors as Advisor[]) : [];
}

/** The question for a name the Planner (or the Conductor) will not act on, or null when it can. */
export function questionFor(m: PersonMatch): string | null {
  if (m.status === 'exact' || m.status === 'first_name') return null;
  if (m.status === 'ambiguous') {
    return `More than one advisor matches “${m.said}”. ${QUESTION_MARKERS.clarify} ${orList(m.candidates)}?`;
  }
  if (m.status === 'fuzzy' && m.name) return `I can't find “${m.said}” in the CRM. ${QUESTION_MARKERS.clarify} ${m.name}?`;
  const near = m.candidates.slice(0, 3);
  return near.length
    ? `I can't find ${m.said} in the CRM. ${QUESTION_MARKERS.clarify} ${orList(near)}?`
    : `I can't find ${m.said} in the CRM. ${QUESTION_MARKERS.ask_details} the advisor's full name?`;
}

/** The advisors a request names (newest words first), or the question to ask about them. */
export function resolvePeople(ctx: PlannerContext, req: PlannerRequest): Step<Who> {
  const listed = ctx.find('list_advisors');
  if (!listed) {
    const why =
      `Intent classification → ${KIND_LABEL[req.kind]} (today = ${ukDate(ctx.today.toISOString())}). ` +
      'Resolve the people named against the CRM (list_advisors) before anything else.';
    return next(ctx.call([['list_advisors', {}]], why));
  }
  if (!listed.ok) return next(ctx.failed(listed, "read the CRM's list of advisors"));
  const directory = directoryOf(listed.result);
  const texts = [...req.texts].reverse();
  for (const [i, text] of texts.entries()) {
    const found = matchPeople(text, directory);
    if (!found.people.length && !found.teams.length && !found.everyone) continue;
    // Never widen: "scale it to all of them" / "all of them" after a request about someone means all of
    // THEIR calls — the words are about calls, so the people are those named before.
    if (widensOnlyByScaleWords(text, found) && texts.slice(i + 1).some((t) => namesSomeone(matchPeople(t, directory)))) continue;
    for (const m of found.people) {
      const q = questionFor(m);
      if (q) return next(ctx.say(q, `“${m.said}” is ${m.status} against the CRM's ${directory.length} advisors: ask, never guess.`));
    }
    const named = found.people.map((m) => m.name!).filter((n, i, a) => a.indexOf(n) === i);
    const team = found.teams[0] ?? null;
    const members = team ? directory.filter((a) => a.team === team).map((a) => a.name) : [];
    const everyone = found.everyone && !team;
    const advisors = everyone ? directory.map((a) => a.name) : [...new Set([...named, ...members])];
    return { done: true, value: { advisors, team, everyone, directory } };
  }
  // No message names anyone, but one asks how someone did ("how did she get on?", "how did my advisor do?"): ask
  // who — never an answer for everyone instead.
  const who = texts.map(unnamedSubject).find((w) => w !== null);
  if (who) {
    const q = `I can't tell which advisor you mean (“${who}”). ${QUESTION_MARKERS.ask_details} the advisor's name, or the team?`;
    return next(ctx.say(q, `The request asks about “${who}”, whom no message names: ask who, never answer for everyone.`));
  }
  return { done: true, value: { advisors: [], team: null, everyone: false, directory } };
}

const namesSomeone = (f: ReturnType<typeof matchPeople>) => f.people.length > 0 || f.teams.length > 0;
/** "Scale it to all of them": an `everyone` that only the scale words make (about calls, not people). */
export const widensOnlyByScaleWords = (text: string, f: ReturnType<typeof matchPeople>) =>
  f.everyone &&
  !namesSomeone(f) &&
  SCALE_WORDS.test(text) &&
  !/\b(?:every(?:one|body)|all\s+(?:the\s+)?advis[eo]rs|whole\s+team)\b/i.test(text);

/** The product a request names, resolved against the products in the data, or the question to ask. */
export function resolveProduct(ctx: PlannerContext, req: PlannerRequest): Step<string | null> {
  const listed = ctx.find('list_products');
  if (!listed) {
    const why =
      `Intent classification → ${KIND_LABEL[req.kind]} (today = ${ukDate(ctx.today.toISOString())}). ` +
      'Resolve the product named against the products in the CRM (list_products).';
    return next(ctx.call([['list_products', {}]], why));
  }
  if (!listed.ok) return next(ctx.failed(listed, "read the CRM's list of products"));
  const products = (Array.isArray(listed.result?.products) ? listed.result.products : []) as Array<{ name: string }>;
  const names = products.map((p) => p.name);
  for (const text of [...req.texts].reverse()) {
    const m = matchProduct(text, names);
    if (!m) continue;
    if ('name' in m) return { done: true, value: m.name };
    if (m.candidates?.length) {
      return next(
        ctx.say(
          `I don't have a product called “${m.unknown}” in the CRM. ${QUESTION_MARKERS.clarify} ${orList(m.candidates)}?`,
          `“${m.unknown}” is no product in the CRM; ${m.candidates.length} share a word with it: ask, never drop it.`,
        ),
      );
    }
    return next(
      ctx.say(
        `I can't find a product called “${m.unknown}” in the CRM; its products are ${orList(names)}. ${QUESTION_MARKERS.clarify} one of those?`,
        `Unknown product “${m.unknown}”: ask.`,
      ),
    );
  }
  return { done: true, value: null };
}
