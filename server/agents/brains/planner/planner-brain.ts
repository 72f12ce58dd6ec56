import type { Brain, BrainDecision, BrainInput } from '../brain.ts';
import { PlannerContext } from './context.ts';
import { DETAIL_QUESTIONS, QUESTION_MARKERS, recurrenceInReply, type Episode, type QuestionKind } from './conversation.ts';
import { matchPeople, matchProduct, outcomesIn } from '../../../../lib/nl/index.ts';
import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { readReply } from './intent.ts';
import { directoryOf, widensOnlyByScaleWords } from './resolve.ts';
import { SCALE_WORDS } from './follow-up.ts';
import { flowOfKind, flowOfMark, type StartFlow } from './flows.ts';
import { HELP } from './help.ts';
import { mentionRequest, type PlannerRequest } from './request.ts';
import { mentionStart } from './mention-flow.ts';
import type { Reply } from './intent.ts';
import { reviewWork } from './review-start.ts';
import { plannerTurnPlan } from './turn-forecast.ts';
import { notifyScheduled } from './schedule-flow.ts';
import { namesCalibrationSession } from './calibration-flow.ts';

export { HELP } from './help.ts';

/**
 * The deterministic brain of the `planner` role: the offline Planner (no language model). It
 * follows the spec's protocols for the three scenarios of the worked example — §2 capability
 * creation, §3 refinement and reuse, §4.4 proactive healing — by calling the real tools, and it is
 * stateless: each decision is derived from the history (the request, the questions it asked, the
 * user's answers and the tool returns) and the `clock` memory block, so it survives restarts.
 *
 *   request ──► confirm / propose ──yes──► find or build ──► health check ──► run ──► report
 *                                                             └─ unreliable skill: ask ─yes─► accept 1.0.1 ─► run
 *
 * See server/agents/brains/planner/README.md for the map of the files.
 */
export const plannerBrain: Brain = {
  name: 'deterministic:planner',
  async decide(input: BrainInput): Promise<BrainDecision> {
    return decide(new PlannerContext(input));
  },
  plan(input, decision, unit) {
    // decide is a pure function of the input: run again, it names the flow the decision came from.
    const ctx = new PlannerContext(input);
    decide(ctx);
    return plannerTurnPlan(ctx, decision, unit);
  },
};

/** Questions whose "yes" starts work (as opposed to healing, retry and detail questions). */
const WORK_QUESTIONS: QuestionKind[] = [
  'confirm_axes',
  'propose_reuse',
  'propose_adapt',
  'propose_compose',
  'scale',
  'offer_run',
  'confirm_schedule',
];

function decide(ctx: PlannerContext): BrainDecision {
  const ep = ctx.episode;
  if (!ctx.inbound.trim()) return ctx.say(HELP);
  if (!ep) {
    if (/\bthank/i.test(ctx.inbound)) return ctx.say("You're welcome.", 'Thanks: nothing to do.');
    // A name, a team, a product or a period alone is read against the CRM and asked about (mention-flow.ts).
    return mentionStart(ctx, mentionRequest(ctx.inbound, ctx.today), HELP);
  }
  if (ep.start === ctx.turnStart) return start(ctx, ep.request);

  const reply = readReply(ctx.inbound);
  const finals = ep.finals.filter((f) => f.index < ctx.turnStart);
  const last = finals.at(-1);
  const work = [...finals].reverse().find((f) => f.kind && WORK_QUESTIONS.includes(f.kind));
  const healingQ = [...finals].reverse().find((f) => f.kind === 'healing' && (!work || f.index > work.index));
  const healing = healingQ ? answerTo(ctx, healingQ.index) : null;
  const resume = () => (work ? doWork(ctx, ep, work.kind!, healing === 'stop' ? null : healing) : start(ctx, ep.request));

  if (last?.kind === 'confirm_mention') return answerMention(ctx, ep, reply);
  // "Scale it to all of them" takes up the Planner's own scale offer.
  if (last?.kind === 'scale' && SCALE_WORDS.test(ctx.inbound) && !reply.no) return doWork(ctx, ep, 'scale', null);
  if (last?.kind && DETAIL_QUESTIONS.includes(last.kind)) {
    if (reply.stop || (reply.no && last.kind !== 'clarify')) return declined(ctx);
    if (reply.no) {
      return ctx.say(
        `${QUESTION_MARKERS.ask_details} the advisor's name as the CRM has it, or a team?`,
        'The suggestion was wrong: ask for the name.',
      );
    }
    // Neither an answer nor a correction ("book a meeting room"): say so and ask the same again.
    if (!reply.yes && !changedSince(ctx)) {
      return ctx.say(
        `That isn't something I can act on here. ${last.text.replace(/^That isn't something I can act on here\. /, '')}`,
        'The reply names no person, period or product and is not a yes: ask the question again.',
      );
    }
    return start(ctx, ep.request);
  }
  switch (last?.kind ?? null) {
    case 'healing':
      if (reply.stop) return declined(ctx);
      if (reply.yes || reply.no) return resume();
      return reask(ctx, last!.text);
    case 'error':
      if (reply.no) return declined(ctx);
      if (reply.yes || reply.retry || reply.status) return resume();
      return reask(ctx, last!.text);
    case null:
      // After a report or a "still running": a status question (or a plain yes) resumes the open work.
      if (work && (reply.status || reply.yes || reply.retry) && ctx.all('start_workflow_run').length) return resume();
      if (/\bthank/i.test(ctx.inbound)) return ctx.say("You're welcome. Ask me for another review or check whenever you need one.");
      return mentionStart(ctx, mentionRequest(ctx.inbound, ctx.today), HELP);
    default: {
      if (reply.no) {
        return last!.kind === 'scale'
          ? ctx.say('Fine — I will leave it at the pilot. Ask me whenever you want the whole set analysed.')
          : declined(ctx);
      }
      // A yes that also changes the request ("yes, but for June") is confirmed again with the change.
      if (reply.yes && !changedSince(ctx)) return doWork(ctx, ep, last!.kind!, null);
      // A correction instead of an answer ("make it the last two weeks"): ask again with it.
      if (changedSince(ctx)) return start(ctx, ep.request);
      return reask(ctx, last!.text);
    }
  }
}

/**
 * A request's first decision, dispatched through the flow registry (flows.ts): the flow its mark
 * (a mention, a schedule) recognises it as, else its kind's. A scheduled run's answer is sent as a
 * notification before it is said.
 */
function start(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  const marked = flowOfMark(req);
  if (marked) return enter(ctx, marked, req);
  if (req.scheduled) return notifyScheduled(ctx, req, startOnce(ctx, req));
  return startOnce(ctx, req);
}

/** A request's first decision by its kind alone; a scheduled review runs without asking (it was confirmed when scheduled). */
function startOnce(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  return enter(ctx, flowOfKind(req.kind), req);
}

/** The flow's start, with the decision's flow named for its tool-call plan (turn-forecast.ts). */
function enter(ctx: PlannerContext, flow: StartFlow, req: PlannerRequest): BrainDecision {
  ctx.flow = flow.name;
  return flow.start(ctx, req);
}

/** After "yes" to a work question: the request's flow's work, else the review of the same people and period. */
function doWork(ctx: PlannerContext, ep: Episode, kind: QuestionKind, healing: 'yes' | 'no' | null): BrainDecision {
  const req = ep.request;
  const flow = flowOfMark(req) ?? flowOfKind(req.kind);
  // A rank or scan's offer to analyse what is missing runs the review of the same people and period.
  return (flow.work ?? reviewWork)(ctx, req, kind, healing);
}

/** The user's answer to the question at `index`: their next message. */
function answerTo(ctx: PlannerContext, index: number): 'yes' | 'no' | 'stop' | null {
  const m = ctx.input.history.slice(index + 1).find((x) => x.role === 'user');
  if (!m || m.role !== 'user') return null;
  const r = readReply(m.content);
  return r.stop ? 'stop' : r.yes ? 'yes' : r.no ? 'no' : null;
}

/**
 * Whether the user's message (neither yes nor no) corrects the request: it names a period, asks
 * for other outcomes, or names a person, team or product the CRM knows or a calibration session (read
 * against the lists already fetched in this episode) — then the flow starts again with it; otherwise it is unclear.
 */
function changedSince(ctx: PlannerContext): boolean {
  const text = ctx.inbound;
  if (resolveDateRange(text, ctx.today)) return true;
  if (ctx.episode?.request.schedule) {
    const open = ctx.episode.finals.filter((f) => f.index < ctx.turnStart).at(-1)?.kind ?? null;
    if (recurrenceInReply(text, open)) return true;
  }
  const o = outcomesIn(text);
  if (o.add.length || o.remove.length || o.only) return true;
  const found = matchPeople(text, directoryOf(ctx.find('list_advisors')?.result));
  if (found.people.length || found.teams.length || (found.everyone && !widensOnlyByScaleWords(text, found))) return true;
  if (namesCalibrationSession(ctx, text)) return true;
  const products = ctx.find('list_products')?.result?.products;
  const names = Array.isArray(products) ? (products as Array<{ name: string }>).map((p) => p.name) : [];
  return !!matchProduct(text, names);
}

/**
 * The answer to "Do you want me to review …?" about a mention: yes (or a period, which answers
 * "For which period?") made the request the work it names (conversation.ts), started here — it
 * confirms again before running; another name asks again; no stops.
 */
function answerMention(ctx: PlannerContext, ep: Episode, reply: Reply): BrainDecision {
  if (reply.no || reply.stop) return declined(ctx);
  if (!ep.request.mention) return startOnce(ctx, ep.request);
  if (changedSince(ctx)) return mentionStart(ctx, ep.request, HELP);
  return reask(ctx, ep.finals.filter((f) => f.index < ctx.turnStart).at(-1)!.text);
}

function declined(ctx: PlannerContext): BrainDecision {
  return ctx.say(
    "Understood — I won't run anything. " + 'Tell me what you would like instead, for example a different advisor, period or product.',
    'The user declined: stop here.',
  );
}

function reask(ctx: PlannerContext, question: string): BrainDecision {
  return ctx.say(
    "Sorry, I'm not sure whether that is a yes or a no.\n\n" +
      `${question.replace(/^Sorry, I'm not sure whether that is a yes or a no\.\n\n/, '')}`,
    'The answer is neither yes nor no: ask again.',
  );
}
