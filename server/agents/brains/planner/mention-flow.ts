import type { BrainDecision } from '../brain.ts';
import { matchPeople, matchProduct } from '../../../../lib/nl/index.ts';
import { mentionCues } from '../../../../lib/nl/mention.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { describeRange } from './intent.ts';
import type { PlannerRequest } from './request.ts';
import { directoryOf, questionFor } from './resolve.ts';
import { RESOLVE_PEOPLE, type PlannerFlowEntry } from './flow-steps.ts';
import { HELP } from './help.ts';
import { andList } from '../../../../lib/list-words.ts';

/**
 * A message that asks for nothing but names someone or something ("Fatima Khan", "fatima khan",
 * "June", "what about Rhys ap Gwilym?", "HELOC 2.0", "the Wales team"): never the generic help
 * text. The Planner reads the CRM's lists through its tools (list_advisors, list_products) and
 * asks a targeted question — "Do you want me to review Fatima Khan's calls? For which period?",
 * "What would you like me to do for June — …?" — or, for a name it cannot place, "Did you mean …?".
 * Nothing runs until the user says yes: then the episode's request becomes the review or the
 * product check the question named (conversation.ts reads it from the question), which still
 * confirms before running. Only when the lists name none of it does it say plainly that
 * it cannot tell what to do, with what it can do.
 */
export interface Named {
  /** Advisors named (resolved), a team, or a product; `range` the period. */
  advisors: string[];
  team: string | null;
  product: string | null;
  range: PlannerRequest['range'];
}

const productsOf = (ctx: PlannerContext) => {
  const products = ctx.find('list_products')?.result?.products;
  return Array.isArray(products) ? (products as Array<{ name: string }>).map((p) => p.name) : [];
};

/** What the mention's words name against the lists read in this episode (newest words first), or the question to ask. */
function named(ctx: PlannerContext, req: PlannerRequest): { value: Named } | { ask: BrainDecision } {
  const directory = directoryOf(ctx.find('list_advisors')?.result);
  const products = productsOf(ctx);
  for (const text of [...req.texts].reverse()) {
    const found = matchPeople(text, directory);
    for (const m of found.people) {
      const q = questionFor(m);
      if (q)
        return {
          ask: ctx.say(q, `The message names “${m.said}” (${m.status} against the CRM's ${directory.length} advisors): ask, never guess.`),
        };
    }
    const advisors = [...new Set(found.people.map((m) => m.name!))];
    const team = found.teams[0] ?? null;
    const product = products.length ? matchProduct(text, products) : null;
    if (product && 'unknown' in product && !advisors.length && !team) {
      const which = product.candidates?.length ? product.candidates : products;
      return {
        ask: ctx.say(
          `I don't have a product called “${product.unknown}” in the CRM. ${QUESTION_MARKERS.clarify} ${which.join(', ').replace(/, ([^,]*)$/, ' or $1')}?`,
          `“${product.unknown}” is no product in the CRM: ask, never drop it.`,
        ),
      };
    }
    const productName = product && 'name' in product ? product.name : null;
    if (advisors.length || team || productName) return { value: { advisors, team, product: productName, range: req.range } };
  }
  return { value: { advisors: [], team: null, product: null, range: req.range } };
}

/** The lists the mention is read against, called once an episode (those attached). */
function listsToRead(ctx: PlannerContext): Array<[string, Record<string, unknown>]> {
  return ['list_advisors', 'list_products'].filter((t) => ctx.has(t) && !ctx.find(t)).map((t) => [t, {}]);
}

/**
 * The first answer to a mention: read the lists, then the targeted question. `help` is what the
 * Planner can do, said after a plain "I can't tell" when the lists name nothing in the message.
 */
export function mentionStart(ctx: PlannerContext, req: PlannerRequest, help: string): BrainDecision {
  ctx.flow = 'mention';
  const cues = req.texts.map((t) => mentionCues(t, ctx.today)).find(Boolean) ?? (req.range ? { period: req.range } : null);
  if (!cues) return ctx.say(help, 'Not a request, and it names no one and no period: say what I can do.');
  const calls = listsToRead(ctx);
  if (calls.length) {
    return ctx.call(
      calls,
      'The message asks for nothing but may name a person, team, product or period: ' +
        "read the CRM's lists before answering, so a name is never met with the generic help text.",
    );
  }
  for (const t of ['list_advisors', 'list_products']) {
    const o = ctx.find(t);
    if (o && !o.ok) return ctx.failed(o, `read the CRM's ${t === 'list_advisors' ? 'advisors' : 'products'}`);
  }
  const n = named(ctx, req);
  if ('ask' in n) return n.ask;
  const { advisors, team, product, range } = n.value;
  const period = range ? ` ${describeRange(range)}` : '';
  const askPeriod = range ? '' : ' For which period?';
  const why = 'A mention, read against the CRM: ask what to do; nothing runs without a yes.';
  if (advisors.length || team) {
    const whose = team
      ? `the ${team} team's calls`
      : advisors.length === 1
        ? `${advisors[0]}'s calls`
        : `the calls of ${andList(advisors)}`;
    return ctx.say(`${QUESTION_MARKERS.confirm_mention} review ${whose}${period}?${askPeriod}`, why);
  }
  if (product)
    return ctx.say(`${QUESTION_MARKERS.confirm_mention} check how advisors explain ${product} in their calls${period}?${askPeriod}`, why);
  if (range) {
    return ctx.say(
      `${QUESTION_MARKERS.ask_work} with the calls ${describeRange(range)} — review an advisor's or a team's calls, rank the advisors or the rules, ` +
        'compare the teams, or list the worst calls?',
      'Only a period is named: ask what to do with it.',
    );
  }
  return ctx.say(
    `I can't tell what you would like me to do with “${req.texts.at(-1)!.trim()}”: it names no advisor, team, product or ` +
      `period in the CRM.\n\n${help}`,
    "The CRM's lists name nothing in the message: say so, and what I can do.",
  );
}

/** Flow `mention`: a message that only names someone or something, read against the CRM's lists and asked about. */
export const MENTION_FLOW: PlannerFlowEntry = {
  request: { recognised: { mark: 'mention' }, start: (ctx, req) => mentionStart(ctx, req, HELP) },
  forecast: [RESOLVE_PEOPLE, { tool: 'list_products', once: true, why: "Read the CRM's products, in case the message names one." }],
};
