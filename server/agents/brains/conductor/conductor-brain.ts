import { readProtocolMessage } from '../../../delegation/protocol.ts';
import type { Brain, BrainDecision, BrainInput } from '../brain.ts';
import { ConductorContext, NO_SESSION } from './context.ts';
import { readWorkAsk } from '../../../../lib/nl/request-reader.ts';
import { conductorPlan } from './conductor-plan.ts';
import { describeRange, readReply } from '../planner/intent.ts';
import { ASK_CONFIRM, conversational, workAsked } from './request.ts';
import { ASK_TOPIC, ASK_TOPIC_AGAIN, chosenFocus } from './focus-rules.ts';
import { onAdvice, onTaskResult } from './results.ts';
import { reviewFlow, reviewOf } from './review.ts';
import { finishAnswer, finishFlow, statusAnswer } from './status.ts';
import { andList } from '../../../../lib/list-words.ts';

/**
 * The deterministic brain of the `conductor` role (delegated mode without a language model). It
 * is the skill authority: it reads a review request (advisors, period, what to look at), splits
 * it into one task per advisor, chooses the skills (the Strategist's preferences first, then the
 * knowledge graph's reliability), staffs the tasks from its Companion pool (reusing idle ones,
 * creating more while the pool has room), delegates them in parallel and answers at once; the
 * Companions' results arrive later as messages, and when a request's last result is in it
 * merges them into one answer. Stateless: every decision comes from the history and the memory
 * blocks (see README.md in this folder).
 *
 *   user: review X and Y … ──► session goal ──► skills ──► pool ──► create? ──► delegate ×n ──► "delegated to …"
 *   task_result ──► failed with an alternative? retry ──► all in? merged answer : "1 of 2 in"
 *   strategic_advice ──► acknowledged (the guidelines apply from the next delegation)
 */
export const conductorBrain: Brain = {
  name: 'deterministic:conductor',
  async decide(input: BrainInput): Promise<BrainDecision> {
    return decide(new ConductorContext(input));
  },
  plan(input, decision, unit) {
    // decide is a function of the input: run again, it says whether the decision is a delegation's.
    const ctx = new ConductorContext(input);
    decide(ctx);
    return conductorPlan(ctx, decision, unit);
  },
};

const HELP = [
  "I'm the Conductor. I hand work to a team of Companion agents and put their findings together, while you keep talking to me.",
  'For example: “Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers.”',
  'I can also tell you how the work is going (“status?”) and close the session when you are done.',
].join('\n\n');

function decide(ctx: ConductorContext): BrainDecision {
  if (ctx.sender) return fromAgent(ctx);
  if (!ctx.inbound.trim()) return ctx.say(HELP);
  const finish = finishAnswer(ctx);
  if (finish === 'yes') return finishFlow(ctx, true);
  if (finish === 'no') return ctx.say('Fine, the session stays open.');
  switch (conversational(ctx.inbound, ctx.today)) {
    case 'status':
      return statusAnswer(ctx);
    case 'finish':
      return finishFlow(ctx, false);
    case 'thanks':
      return ctx.say("You're welcome.");
    default:
  }
  // Without a session there is nowhere to delegate: say so before reading anything.
  if (!ctx.session()) {
    return readWorkAsk(ctx.inbound, ctx.today)
      ? ctx.say(NO_SESSION, 'No delegated-mode session: nothing can be delegated.')
      : ctx.say(HELP, 'Not a request I can act on: say what I can do.');
  }
  // People are read against the CRM's directory, fetched through the tools each turn (the Conductor keeps no copy).
  const listed = ctx.find('list_advisors');
  if (!listed) return ctx.call([['list_advisors', {}]], "Read the CRM's advisors and teams to resolve the people the message names.");
  if (!listed.ok) return ctx.failed(listed, "read the CRM's list of advisors");
  const review = reviewOf(ctx);
  // A message that names advisors is a request of its own; anything else may answer the topic question.
  const topicAnswer = review?.subjects.length ? null : answerToTopic(ctx);
  if (topicAnswer) return topicAnswer;
  if (review) return complete(review) && !workAsked(review.query, ctx.today) ? confirmFirst(ctx, review) : reviewFlow(ctx, review);
  const answered = answerToConfirm(ctx);
  if (answered) return answered;
  return ctx.say(HELP, 'Not a request I can act on: say what I can do.');
}

type Review = NonNullable<ReturnType<typeof reviewOf>>;
const complete = (r: Review) => r.subjects.length > 0 && r.range !== null && r.unresolved.length === 0;

/**
 * A review nobody asked for in words of work — the message only names people and a period
 * ("Priya Shah, last week") — is a question first: what would be delegated, for whom and when.
 * Nothing is delegated until the user says yes (answerToConfirm).
 */
function confirmFirst(ctx: ConductorContext, r: Review): BrainDecision {
  const who = andList(r.subjects);
  return ctx.say(
    `${ASK_CONFIRM} the calls of ${who} ${describeRange(r.range!)} for ${r.focus.label}? I'll hand one task per advisor to them once you say yes.`,
    'The message names advisors and a period but asks for no work: confirm before delegating anything.',
  );
}

/**
 * The user's answer to the confirmation question: yes → the review the confirmed message asked
 * for (read as that message was, with this turn's tool returns) is delegated; no → nothing is;
 * anything else is asked again. Null when the last question was not the confirmation.
 */
function answerToConfirm(ctx: ConductorContext): BrainDecision | null {
  const h = ctx.before;
  const asked = questionBefore(h, h.length - 1, CONFIRM);
  if (!asked) return null;
  const reply = readReply(ctx.inbound);
  if (reply.no) return ctx.say('Fine, nothing is delegated.', 'The user declined the review: nothing runs.');
  if (!reply.yes) {
    const question = asked.question.startsWith(UNSURE) ? asked.question.slice(UNSURE.length + 1) : asked.question;
    return ctx.say(`${UNSURE} ${question}`, 'Neither yes nor no: ask again, run nothing.');
  }
  const review = reviewAt(ctx, asked.request);
  return review && complete(review) ? reviewFlow(ctx, review) : null;
}

/** The review the user message at `at` asked for, read again as if it were this turn's, with this turn's tool returns (the CRM's directory). */
function reviewAt(ctx: ConductorContext, at: number): Review | null {
  const steps = ctx.input.history.slice(ctx.before.length);
  return reviewOf(new ConductorContext({ ...ctx.input, history: [...ctx.before.slice(0, at + 1), ...steps] }));
}

/**
 * The user's answer to "which of these should the review look at?" (a topic the rule set has no
 * rule for, focus-rules.ts): the review the asking message named, on the focus the answer chooses
 * (chosenFocus: overall, a topic, or one of the rule set's categories); an answer that matches
 * nothing is asked again. Null when the last question was not that one. A request that was itself
 * the "yes" to a confirmation is the confirmed message's.
 */
function answerToTopic(ctx: ConductorContext): BrainDecision | null {
  const h = ctx.before;
  const asked = questionBefore(h, h.length - 1, TOPIC);
  if (!asked) return null;
  const request = questionBefore(h, asked.request, CONFIRM)?.request ?? asked.request;
  const review = reviewAt(ctx, request);
  if (!review || !complete(review)) return null;
  const focus = chosenFocus(ctx, ctx.inbound);
  return focus.done ? reviewFlow(ctx, { ...review, focus: focus.value }) : focus.decision;
}

const fromUser = (m: ConductorContext['before'][number]) => m.role === 'user' && !m.sender_agent_id;
const UNSURE = "I'm not sure whether that is a yes or a no.";

/** A question the Conductor asks and reads the next message as the answer to: how it is recognised, and how it starts when asked again. */
interface Question {
  marker: string;
  again: string;
}
const CONFIRM: Question = { marker: ASK_CONFIRM, again: UNSURE };
const TOPIC: Question = { marker: ASK_TOPIC, again: ASK_TOPIC_AGAIN };

/**
 * When the Conductor's last answer before the user message at `at` was question `q` (or it asked
 * again after an unclear answer), that question and the position of the user message it asked
 * about; else null.
 */
function questionBefore(h: ConductorContext['before'], at: number, q: Question): { question: string; request: number } | null {
  for (let j = at - 1; j >= 0; j--) {
    const m = h[j]!;
    if (m.role === 'user' && !m.sender_agent_id) return null;
    if (m.role !== 'assistant' || typeof m.content !== 'string' || !m.content.trim() || m.tool_calls?.length) continue;
    if (!m.content.includes(q.marker)) return null;
    let k = j - 1;
    while (k >= 0 && !fromUser(h[k]!)) k--;
    if (k < 0) return null;
    // Asked again after an unclear answer: the request is the one the first question was about.
    if (m.content.startsWith(q.again)) {
      const first = questionBefore(h, k, q);
      return first && { question: m.content, request: first.request };
    }
    return { question: m.content, request: k };
  }
  return null;
}
/** Messages from other agents: results, progress (quietly noted: the chat shows it), advice. */
function fromAgent(ctx: ConductorContext): BrainDecision {
  const carried = readProtocolMessage(ctx.inbound);
  if (carried.kind !== 'valid') return ctx.say('', `A message from ${ctx.sender} that is not a protocol message: nothing to do.`);
  switch (carried.message.type) {
    case 'task_result':
      return onTaskResult(ctx, carried.message);
    case 'strategic_advice':
      return onAdvice(ctx, carried.message);
    case 'task_progress':
      // Nothing to say: the chat's card shows the progress; a reasoning note per report would only clutter it.
      return ctx.say('');
    default:
      return ctx.say('', `A ${carried.message.type} message is not for me to act on.`);
  }
}
