import type { BrainDecision } from '../brain.ts';
import { checkCalls, checkPeriod } from './checks.ts';
import type { PlannerContext } from './context.ts';
import { questionKindOf, type QuestionKind } from './conversation.ts';
import { productNote } from './review-product.ts';
import { productPropose, productScale, productWork } from './product-flow.ts';
import { qaConfirm, qaScale, qaWork } from './qa-flow.ts';
import type { PlannerRequest } from './request.ts';
import { resolvePeople, resolveProduct, type Who } from './resolve.ts';
import { storedFirst } from './stored-first.ts';
import { teamConfirm, teamWork, type TeamTarget } from './team-flow.ts';
import { matchPeople, resolveDateRange, TOPIC_LABELS, TOPIC_NAMES, topicWordsIn, unmappedFocusIn } from '../../../../lib/nl/index.ts';
import { directoryOf } from './resolve.ts';
import { COUNT, FIND, RESOLVE_PEOPLE, STORED, type PlannerFlowEntry } from './flow-steps.ts';
import { ukDay } from '../../../../lib/uk-time.ts';
import { andList } from '../../../../lib/list-words.ts';

/**
 * A QA review or a product check from the request to the first question: who (resolved against
 * the CRM), which period (checked), whether there are calls (count_calls) — and only then the
 * confirmation. Every decision replays these steps (their tool returns are in the episode), so
 * the work after "yes" starts from the same resolved request.
 */
type Ready<T> = { done: true; value: T } | { done: false; decision: BrainDecision };

const scopeName = (who: Who) => (who.team ? `the ${who.team} team` : who.everyone ? 'every advisor' : who.advisors.join(' and '));

/** People, period and calls checked; the target for one advisor or for several. */
function readyReview(ctx: PlannerContext, req: PlannerRequest, everyoneByDefault = false): Ready<TeamTarget | null> {
  const found = resolvePeople(ctx, req);
  if (!found.done) return found;
  const nobody = !found.value.advisors.length;
  const who =
    nobody && everyoneByDefault
      ? { done: true as const, value: { ...found.value, everyone: true, advisors: found.value.directory.map((a) => a.name) } }
      : found;
  if (!who.value.advisors.length) return { done: true, value: null }; // qaConfirm asks which advisor
  const period = checkPeriod(ctx, req.range);
  if (!period.done) return period;
  const scope = { advisors: who.value.everyone ? null : who.value.advisors, who: scopeName(who.value) };
  const calls = checkCalls(ctx, scope, period.value);
  if (!calls.done) return calls;
  return { done: true, value: { who: who.value, range: period.value, calls: calls.value, outcomes: req.outcomes, name: scope.who } };
}

/**
 * What the request asks to look at that a review cannot focus on — a topic ("for Consumer Duty": a
 * review checks every rule), or a phrase no topic, person, team or period stands for ("for Fair
 * Value"): said plainly before the question, never dropped.
 */
function focusNote(ctx: PlannerContext, req: PlannerRequest): string | null {
  const directory = directoryOf(ctx.find('list_advisors')?.result);
  const known = (phrase: string) => {
    const found = matchPeople(phrase, directory);
    return found.people.length > 0 || found.teams.length > 0 || resolveDateRange(phrase, ctx.today) !== null;
  };
  // A topic the reader knows ("for Consumer Duty", "the ID checks"): a review checks every rule, that topic's among them.
  const topic = req.texts.flatMap((t) => topicWordsIn(t)).at(0);
  if (topic) {
    return (
      `I can't narrow a review to “${topic.said}”: a review checks the whole rule set, so its results cover ${topic.said} ` +
      'among the other rules.'
    );
  }
  const phrase = req.texts.map((t) => unmappedFocusIn(t, known)).find((p) => p !== null);
  if (!phrase) return null;
  const labels = TOPIC_NAMES.map((t) => TOPIC_LABELS[t]);
  return `I can't narrow a review to “${phrase}”: it is not a topic I can read (I know ${andList(labels)}), so the review covers the whole rule set.`;
}

const withNote = (d: BrainDecision, note: string | null): BrainDecision =>
  note && d.kind === 'message' ? { ...d, content: `${note}\n\n${d.content}` } : d;

/** The questions before which a product said in the review is named (review-product.ts): not a question about a name. */
const PRODUCT_NOTED: Array<QuestionKind | null> = ['confirm_axes', 'no_calls', 'ask_details'];

export function reviewStart(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const d = reviewStartOnce(ctx, req);
  if (d.kind !== 'message') return d;
  const product = PRODUCT_NOTED.includes(questionKindOf(d.content)) ? productNote(ctx, req) : { note: null };
  if ('call' in product) return product.call;
  return withNote(withNote(d, product.note), focusNote(ctx, req));
}

function reviewStartOnce(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const stored = storedFirst(ctx, req);
  if (stored) return stored;
  const r = readyReview(ctx, req);
  if (!r.done) return r.decision;
  if (!r.value) return qaConfirm(ctx, { advisor: null, range: req.range, outcomes: req.outcomes });
  const t = r.value;
  if (t.who.advisors.length === 1 && !t.who.team && !t.who.everyone) {
    return qaConfirm(ctx, { advisor: t.who.advisors[0]!, range: t.range, outcomes: req.outcomes });
  }
  return teamConfirm(ctx, t);
}

/**
 * A scheduled review (schedule-flow.ts): confirmed when it was scheduled, so it runs straight
 * away — every call of the period with the "all calls" workflow, per advisor, even for one.
 */
export function scheduledReview(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  ctx.flow = 'review_check';
  const r = readyReview(ctx, req);
  if (!r.done) return r.decision;
  if (!r.value) return qaConfirm(ctx, { advisor: null, range: req.range, outcomes: req.outcomes });
  ctx.flow = 'team_work';
  return teamWork(ctx, r.value);
}

/** After "yes": the pilot (one advisor), the scaled run, or the runs of several advisors. */
export function reviewWork(ctx: PlannerContext, req: PlannerRequest, kind: QuestionKind, healing: 'yes' | 'no' | null): BrainDecision {
  ctx.flow = 'review_check'; // until the scope is resolved again; the work's flow below
  const r = readyReview(ctx, { ...req, kind: 'qa_review' }, kind === 'offer_run');
  if (!r.done) return r.decision;
  if (!r.value) return qaConfirm(ctx, { advisor: null, range: req.range, outcomes: req.outcomes });
  const t = kind === 'offer_run' ? onlyMissing(ctx, r.value) : r.value;
  const single = t.who.advisors.length === 1 && !t.who.team && !t.who.everyone;
  ctx.flow = !single || kind === 'offer_run' ? 'team_work' : kind === 'scale' ? 'qa_scale' : 'qa_work';
  if (!single || kind === 'offer_run') return teamWork(ctx, t);
  const qa = { advisor: t.who.advisors[0]!, range: t.range, outcomes: req.outcomes };
  return kind === 'scale' ? qaScale(ctx, qa, healing) : qaWork(ctx, qa, healing);
}

/**
 * "Shall I analyse the calls not analysed yet?": only the advisors with more calls recorded in the
 * period than analysed ones (the per-advisor summary this episode read; all of them when it read
 * none), over a period that starts at the earliest opening day of those calls' applications — a
 * review selects calls by application, the QA store files them by call date.
 */
function onlyMissing(ctx: PlannerContext, t: TeamTarget): TeamTarget {
  // The summary the offer was made from (before the offer): later ones already count the calls analysed since.
  const offeredAt =
    [...(ctx.episode?.finals ?? [])].reverse().find((f) => f.kind === 'offer_run' && f.index < ctx.turnStart)?.index ?? ctx.turnStart;
  const summary = [...ctx.outcomes]
    .reverse()
    .find((o) => o.name === 'summarise_qa_results' && o.ok && o.args.group_by === 'advisor' && o.index < offeredAt);
  const groups = (summary?.result?.groups ?? []) as Array<{ key: string; label?: string; calls: number }>;
  const analysed = (name: string) => groups.find((g) => (g.label ?? g.key) === name)?.calls ?? 0;
  const gaps = summary
    ? t.calls.by_advisor.filter((b) => (b.recorded_in_period ?? b.calls) > analysed(b.name)).map((b) => b.name)
    : t.who.advisors;
  const from = t.calls.earliest_opened;
  const range =
    from && from < t.range.start_date
      ? { ...t.range, start_date: from, phrase: `${t.range.phrase}, from ${ukDay(from)} so every call recorded in it is included` }
      : t.range;
  // The runs go over the widened period, so every advisor with a gap keeps its calls in it.
  const calls = { ...t.calls, by_advisor: t.calls.by_advisor.map((b) => ({ ...b, calls: Math.max(b.calls, b.recorded_in_period ?? 0) })) };
  return { ...t, range, calls, who: { ...t.who, advisors: t.who.advisors.filter((a) => gaps.includes(a)) } };
}

/** The product resolved against the CRM's products, the period checked, and calls about it counted. */
function readyProduct(ctx: PlannerContext, req: PlannerRequest): Ready<{ product: string | null; range: PlannerRequest['range'] }> {
  const product = resolveProduct(ctx, req);
  if (!product.done) return product;
  if (!product.value || !req.range) return { done: true, value: { product: product.value, range: req.range } };
  const period = checkPeriod(ctx, req.range, '“since the start of the month”');
  if (!period.done) return period;
  const calls = checkCalls(ctx, { advisors: null, who: 'any advisor', product: product.value }, period.value);
  if (!calls.done) return calls;
  return { done: true, value: { product: product.value, range: period.value } };
}

export function productStart(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const r = readyProduct(ctx, req);
  return r.done ? productPropose(ctx, r.value) : r.decision;
}

export function productGo(ctx: PlannerContext, req: PlannerRequest, kind: QuestionKind, healing: 'yes' | 'no' | null): BrainDecision {
  ctx.flow = kind === 'scale' ? 'product_scale' : 'product_work';
  const r = readyProduct(ctx, req);
  if (!r.done) return r.decision;
  return kind === 'scale' ? productScale(ctx, r.value, healing) : productWork(ctx, r.value, healing);
}

/**
 * Flow `review_check`: a QA review from the request to its confirmation (a scheduled one runs without asking);
 * "yes" goes on to reviewWork (the dispatch's default work), which enters `qa_work`, `qa_scale` or `team_work`.
 */
export const REVIEW_CHECK_FLOW: PlannerFlowEntry = {
  request: {
    recognised: { kind: 'qa_review' },
    start: (ctx, req) => (req.scheduled ? scheduledReview(ctx, req) : reviewStart(ctx, req)),
  },
  forecast: [RESOLVE_PEOPLE, STORED('what is already analysed for a "how did … do" question (stored-first.ts)'), COUNT],
};

/** Flow `product_check`: a product check from the request to its proposal; "yes" goes on to `product_work` or `product_scale`. */
export const PRODUCT_CHECK_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'product_check' }, start: productStart, work: productGo },
  forecast: [
    { tool: 'list_products', once: true, why: "Resolve the product named against the CRM's products." },
    COUNT,
    ...FIND('the product check'),
    { tool: 'get_saved_workflow', why: 'Read the closest workflow, to say what reusing or adapting it means.' },
    { tool: 'get_workflow_lineage', why: 'Read its versions and refinements, to propose the right one.' },
  ],
};
