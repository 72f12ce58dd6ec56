import type { Brain, BrainDecision, BrainInput } from '../brain.ts';
import { PlannerContext } from './context.ts';
import type { Episode, QuestionKind } from './conversation.ts';
import { readReply, type PlannerRequest } from './intent.ts';
import { productPropose, productWork } from './product-flow.ts';
import { qaConfirm, qaScale, qaWork } from './qa-flow.ts';

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
};

/** Questions whose "yes" starts work (as opposed to healing, retry and detail questions). */
const WORK_QUESTIONS: QuestionKind[] = ['confirm_axes', 'propose_reuse', 'propose_adapt', 'propose_compose', 'scale'];

const HELP =
  "I'm the DCF Planner. I can review the quality of an advisor's calls (e.g. “check the quality of Alex Wong's advice calls last week”) or check how advisors explain a product (e.g. “are advisors explaining HELOC 2.0 correctly since the start of the month?”). I find a saved workflow or build one from the skill catalog, run a single-call pilot and report the results.";

function decide(ctx: PlannerContext): BrainDecision {
  const ep = ctx.episode;
  if (!ctx.inbound.trim()) return ctx.say(HELP);
  if (!ep) return ctx.say(/\bthank/i.test(ctx.inbound) ? "You're welcome." : HELP);
  if (ep.start === ctx.turnStart) return start(ctx, ep.request);

  const reply = readReply(ctx.inbound);
  const finals = ep.finals.filter((f) => f.index < ctx.turnStart);
  const last = finals.at(-1);
  const work = [...finals].reverse().find((f) => f.kind && WORK_QUESTIONS.includes(f.kind));
  const healingQ = [...finals].reverse().find((f) => f.kind === 'healing' && (!work || f.index > work.index));
  const healing = healingQ ? answerTo(ctx, healingQ.index) : null;
  const resume = () => (work ? doWork(ctx, ep, work.kind!, healing === 'stop' ? null : healing) : start(ctx, ep.request));

  switch (last?.kind ?? null) {
    case 'ask_details':
      return start(ctx, ep.request);
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
      return ctx.say(/\bthank/i.test(ctx.inbound) ? "You're welcome. Ask me for another review or check whenever you need one." : HELP);
    default: {
      if (reply.no) return last!.kind === 'scale' ? ctx.say('Fine — I will leave it at the pilot. Ask me whenever you want the whole set analysed.') : declined(ctx);
      if (reply.yes) return doWork(ctx, ep, last!.kind!, null);
      // A correction instead of an answer ("make it the last two weeks"): ask again with it.
      if (changedSince(ep, ctx)) return start(ctx, ep.request);
      return reask(ctx, last!.text);
    }
  }
}

function start(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  return req.kind === 'qa_review' ? qaConfirm(ctx, req) : productPropose(ctx, req);
}

function doWork(ctx: PlannerContext, ep: Episode, kind: QuestionKind, healing: 'yes' | 'no' | null): BrainDecision {
  const req = ep.request;
  if (req.kind === 'qa_review') {
    if (!req.advisor || !req.range) return qaConfirm(ctx, req);
    return kind === 'scale' ? qaScale(ctx, req, healing) : qaWork(ctx, req, healing);
  }
  return productWork(ctx, req, healing);
}

/** The user's answer to the question at `index`: their next message. */
function answerTo(ctx: PlannerContext, index: number): 'yes' | 'no' | 'stop' | null {
  const m = ctx.input.history.slice(index + 1).find((x) => x.role === 'user');
  if (!m || m.role !== 'user') return null;
  const r = readReply(m.content);
  return r.stop ? 'stop' : r.yes ? 'yes' : r.no ? 'no' : null;
}

/** Whether a user message since the question changed the request (range, advisor, product). */
function changedSince(ep: Episode, ctx: PlannerContext): boolean {
  const text = ctx.inbound;
  const req = ep.request;
  if (req.range && text.includes(req.range.phrase)) return true;
  if (req.kind === 'qa_review' && req.advisor && text.includes(req.advisor)) return true;
  return req.kind === 'product_check' && !!req.product && text.includes(req.product);
}

function declined(ctx: PlannerContext): BrainDecision {
  return ctx.say("Understood — I won't run anything. Tell me what you would like instead, for example a different advisor, period or product.", 'The user declined: stop here.');
}

function reask(ctx: PlannerContext, question: string): BrainDecision {
  return ctx.say(`Sorry, I'm not sure whether that is a yes or a no.\n\n${question.replace(/^Sorry, I'm not sure whether that is a yes or a no\.\n\n/, '')}`, 'The answer is neither yes nor no: ask again.');
}
