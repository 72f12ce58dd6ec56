import type { BrainMessage, BrainToolCall } from '../brain.ts';
import { isPlanningTool, parseObject } from '../brain.ts';
import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { readReply } from './intent.ts';
import { followUp } from './follow-up.ts';
import { mentionRequest, parseOnce, parseRequest, withMention, type PlannerRequest } from './request.ts';
import { findRecurrence } from '../../../../lib/nl/recurrence.ts';
import { scheduledRequestOf } from './scheduled-message.ts';

/**
 * The Planner's conversation read back from its history. The brain keeps no state of its own:
 * what was asked, what the user answered and what the tools returned are all in the history, so
 * a restarted agent continues exactly where it was.
 *
 * An *episode* starts with a user request (parseRequest) and runs until the next one. Within it,
 * the Planner's final messages (assistant text without tool calls) are its questions; each is
 * recognised by a phrase it always contains (QUESTION_MARKERS), and the user's next message is
 * the answer to the latest one.
 */
export type QuestionKind =
  | 'confirm_axes'
  | 'ask_details'
  | 'clarify'
  | 'fix_period'
  | 'no_calls'
  | 'offer_run'
  | 'propose_reuse'
  | 'propose_adapt'
  | 'propose_compose'
  | 'healing'
  | 'scale'
  | 'error'
  | 'confirm_schedule'
  | 'fix_schedule'
  | 'confirm_mention'
  | 'ask_work';

/** The phrase each question of the Planner contains (matched case-insensitively). */
export const QUESTION_MARKERS: Record<QuestionKind, string> = {
  healing: 'Shall I proceed with this improved version?',
  scale: 'Shall I scale it to the whole set?',
  error: 'Reply “retry” to try again.',
  propose_reuse: 'Shall I run it',
  propose_adapt: 'Shall I adapt it',
  propose_compose: 'Shall I compose',
  confirm_axes: 'To confirm: for',
  ask_details: 'Could you tell me',
  clarify: 'Did you mean',
  fix_period: 'Which period should I use?',
  no_calls: 'Would you like a different period or advisor?',
  offer_run: 'Shall I analyse',
  confirm_schedule: 'Shall I schedule it?',
  fix_schedule: 'How often should it run?',
  // A message that only names someone or something (mention-flow.ts).
  confirm_mention: 'Do you want me to',
  ask_work: 'What would you like me to do',
};

/** Questions whose answer completes the request (a name, a period): the flow starts again with it. */
export const DETAIL_QUESTIONS: QuestionKind[] = ['ask_details', 'clarify', 'fix_period', 'no_calls', 'fix_schedule', 'ask_work'];

/** The questions the Planner asks about a message that only names someone or something (mention-flow.ts). */
const MENTION_QUESTIONS: QuestionKind[] = ['confirm_mention', 'ask_work', 'clarify', 'ask_details'];

export function questionKindOf(text: string): QuestionKind | null {
  const t = text.toLowerCase();
  for (const [kind, marker] of Object.entries(QUESTION_MARKERS) as Array<[QuestionKind, string]>)
    if (t.includes(marker.toLowerCase())) return kind;
  return null;
}

export interface ToolOutcome {
  /** Position of the tool return in the history. */
  index: number;
  name: string;
  args: Record<string, unknown>;
  result: Record<string, unknown> | null;
  /** The tool ran and answered `status: "ok"`. */
  ok: boolean;
  /** Why it failed, when it did. */
  error: string;
  /** The runtime cut the return short (it is over the tool-return limit), so it could not be read. */
  truncated: boolean;
}

export interface Episode {
  /** History index of the request message. */
  start: number;
  /** The request with what later replies changed (date range, advisor, product). */
  request: PlannerRequest;
  /** The Planner's final messages in the episode before the current message, oldest first. */
  finals: Array<{ index: number; text: string; kind: QuestionKind | null }>;
  /** Started by a follow-up of the previous request rather than a request of its own. */
  followsUp?: boolean;
  /** A question about the previous answer's calls ("which of those failed …?"): that answer's episode. */
  basis?: Basis;
}

/**
 * The answer a question about "those" calls refers to: the episode that gave it — its request and
 * where its tool returns are in the history ([start, end)) — read by those-flow.ts. `changes`: the
 * follow-ups since, oldest first ("and for South?", "and July?"), each changing the people or the
 * period; with any, the calls are read anew for the changed scope rather than from that episode.
 */
export interface Basis {
  request: PlannerRequest;
  start: number;
  end: number;
  changes: string[];
}

/** The basis a question about "those" calls at `index` refers to: the episode before it, or that one's own basis. */
function basisOf(previous: Episode | null, index: number): Basis | undefined {
  if (!previous) return undefined;
  if (previous.request.kind === 'failed_those') return previous.basis;
  return { request: previous.request, start: previous.start, end: index, changes: [] };
}

/** Every tool return from `from` on, with its call's arguments (the planning tools' left out: bookkeeping). */
export function toolOutcomes(history: BrainMessage[], from = 0): ToolOutcome[] {
  const calls = new Map<string, BrainToolCall>();
  const out: ToolOutcome[] = [];
  history.forEach((m, index) => {
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, c);
    if (m.role !== 'tool' || index < from || isPlanningTool(m.name)) return;
    const call = calls.get(m.tool_call_id);
    const result = parseObject(m.content);
    const ok = m.status === 'success' && result?.status === 'ok';
    const error = ok ? '' : typeof result?.error === 'string' ? result.error : m.content.slice(0, 300) || 'the tool failed';
    const truncated = m.status === 'success' && result === null && /\[truncated\b/.test(m.content.slice(-200));
    out.push({
      index,
      name: m.name,
      args: parseObject(call?.arguments ?? '{}') ?? {},
      result,
      ok,
      truncated,
      error: truncated ? 'the answer was too long and was cut short' : error,
    });
  });
  return out;
}

const isFinal = (m: BrainMessage): m is Extract<BrainMessage, { role: 'assistant' }> & { content: string } =>
  m.role === 'assistant' && !m.tool_calls?.length && typeof m.content === 'string' && m.content.trim() !== '';

/** The kind of the Planner's last final message before `before` (null: not a question). */
export function openQuestion(finals: Episode['finals'], before: number): QuestionKind | null {
  const prior = finals.filter((f) => f.index < before);
  const last = prior.at(-1);
  return last?.kind ?? null;
}

/**
 * How often a reply says a schedule should run: its own words ("on Tuesdays at 8"), or, answering
 * "How often should it run?", a day or time alone ("Monday at 8am" means every Monday).
 */
export function recurrenceInReply(text: string, open: QuestionKind | null) {
  return findRecurrence(text) ?? (open === 'fix_schedule' ? findRecurrence(`every ${text.trim()}`) : null);
}

/** A message that opens with an explicit yes or no answers the open question even if it reads like a request. */
const EXPLICIT_ANSWER =
  /^\s*(?:yes|yeah|yep|yup|sure|ok|okay|correct|right|absolutely|of course|go ahead|no|nope|nah|don'?t|do not|not now)\b/i;

/** The one name a "Did you mean X?" question offered, for a plain "yes" to take. */
export function offeredName(question: string): string | null {
  const m = question.match(/Did you mean ([^?]+)\?/);
  if (!m || /,| or /.test(m[1]!)) return null;
  return m[1]!.replace(/^(?:the\s+)?/, '').trim();
}

/**
 * How a reply to the open question changes the request: a period it names replaces the request's;
 * its words join the request's (people, teams, products are read from the newest that name any);
 * a "yes" to "Did you mean X?" adds X; a "yes" to a reversed period's question takes it the right
 * way round.
 */
function amend(
  request: PlannerRequest,
  text: string,
  open: { kind: QuestionKind | null; text: string } | null,
  today: Date,
): PlannerRequest {
  const yes = readReply(text).yes;
  const range = resolveDateRange(text, today);
  const texts = [...request.texts, text];
  if (open?.kind === 'clarify' && yes) {
    const name = offeredName(open.text);
    if (name) texts.push(name);
  }
  let next = range ?? request.range;
  if (!range && open?.kind === 'fix_period' && yes && next?.reversed) {
    const { reversed: _taken, ...inOrder } = next;
    next = inOrder;
  }
  // A schedule request's reply may say how often instead ("on Tuesdays at 8 then").
  const recurrence = request.schedule ? recurrenceInReply(text, open?.kind ?? null) : null;
  const schedule = recurrence ? { ...request.schedule!, recurrence: recurrence.recurrence, problem: recurrence.problem } : request.schedule;
  const amended = { ...request, range: next, texts, ...(schedule ? { schedule } : {}) };
  return open?.kind === 'confirm_mention' && (yes || range) ? confirmedMention(amended, open.text) : amended;
}

/**
 * "Do you want me to review Fatima Khan's calls?" / "… check how advisors explain HELOC 2.0 …?"
 * answered yes (or with the period it asked for): the request is now the work the question named.
 */
function confirmedMention(request: PlannerRequest, question: string): PlannerRequest {
  const { mention: _answered, ...rest } = request;
  return { ...rest, kind: /\bhow advisors explain\b/.test(question) ? 'product_check' : 'qa_review' };
}

/**
 * The episode the current message belongs to. A request starts one; so does a follow-up of the
 * previous request ("the same for June", follow-up.ts) unless it answers a question that is still
 * open; any other message amends the episode's request (a reply that names a period or a person).
 * A message that looks like a request but opens with yes/no answers the open question ("Yes, only
 * the parts where the advisor describes the product matter" is a reply, not a new request).
 */
export function currentEpisode(history: BrainMessage[], today: Date): Episode | null {
  let episode: Episode | null = null;
  /** A message that asked for nothing while no question was open: a mention, if the Planner's answer asks about it. */
  let lead: { index: number; text: string } | null = null;
  history.forEach((m, index) => {
    if (isFinal(m)) {
      const kind = questionKindOf(m.content);
      if (lead && kind && MENTION_QUESTIONS.includes(kind)) {
        episode = { start: lead.index, request: mentionRequest(lead.text, today), finals: [] };
      }
      lead = null;
      episode?.finals.push({ index, text: m.content, kind });
      return;
    }
    if (m.role !== 'user') return;
    lead = null;
    const last = episode?.finals.filter((f) => f.index < index).at(-1) ?? null;
    const open = last?.kind ?? null;
    const answers = open !== null && EXPLICIT_ANSWER.test(m.content);
    // A background job the user scheduled delivers its request as a dispatched task (schedule-flow.ts).
    const scheduled = scheduledRequestOf(m.content);
    if (scheduled) {
      const request = parseOnce(scheduled.words, today);
      episode = request ? { start: index, request: { ...request, scheduled: scheduled.run }, finals: [] } : null;
      return;
    }
    const request = parseRequest(m.content, today);
    // A request said without a work word ("Priya Shah's calls in June") yields to an open question and a follow-up.
    const implied = !!request?.implied && episode !== null;
    if (request && !answers && !implied) {
      // "June" → "What would you like me to do for June?" → "rank the advisors": the request keeps what the mention named.
      const named = episode?.request.mention && (open === 'ask_work' || open === 'confirm_mention') ? episode.request : null;
      const basis = request.kind === 'failed_those' ? basisOf(episode, index) : undefined;
      episode = { start: index, request: named ? withMention(request, named) : request, finals: [], ...(basis ? { basis } : {}) };
      return;
    }
    const asksNothing = !request && open === null && !Object.values(readReply(m.content)).some(Boolean);
    if (!episode) {
      if (asksNothing) lead = { index, text: m.content };
      return;
    }
    // An open question wants an answer (a retry answers an error); only after a report or a scale offer may a follow-up start.
    const pending = open !== null && open !== 'scale';
    const derived = !answers && !pending && !readReply(m.content).retry ? followUp(m.content, episode.request, today) : null;
    if (derived) {
      // "and for South?" after "which of those failed …": the same question of the answer's request changed alike.
      const was = episode.basis;
      const basis = was ? { ...was, changes: [...was.changes, m.content] } : undefined;
      episode = { start: index, request: derived, finals: [], followsUp: true, ...(basis ? { basis } : {}) };
      return;
    }
    if (request && implied && !pending && !answers) {
      episode = { start: index, request, finals: [] };
      return;
    }
    if (asksNothing) lead = { index, text: m.content };
    episode.request = amend(episode.request, m.content, last, today);
  });
  return episode;
}
