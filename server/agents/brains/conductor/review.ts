import { randomUUID } from 'node:crypto';
import type { BrainDecision } from '../brain.ts';
import { parseObject } from '../brain.ts';
import { NO_SESSION, type ConductorContext } from './context.ts';
import { delegateItems, type Delegation } from './delegate-flow.ts';
import type { RequestRecord } from './ledger.ts';
import { period } from './merge.ts';
import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { readReply } from '../planner/intent.ts';
import { offeredName } from '../planner/conversation.ts';
import { questionFor } from '../planner/resolve.ts';
import { matchPeople, unmappedFocusIn, type PersonMatch } from '../../../../lib/nl/index.ts';
import { focusByTopic, focusIn } from './focus.ts';
import { focusRules } from './focus-rules.ts';
import { readRequest, subjectsIn, type ConductorRequest } from './request.ts';

type Review = Extract<ConductorRequest, { kind: 'review' }>;

/** The phrases of the Conductor's clarifying questions (how a later reply is recognised as their answer). */
export const ASK_WHO = 'Whose calls should I review?';
export const ASK_WHEN = 'Which period should I review?';

/**
 * The review a message asks for, completed by earlier ones when it answers the Conductor's
 * question for a missing part ("Alex Wong and Priya Shah" after "Whose calls…?", then "last
 * week" after "Which period…?"), or carrying on an earlier review ("And Tom Ellis, same period?").
 */
export function reviewOf(ctx: ConductorContext): Review | null {
  return reviewAt(ctx, ctx.before.length - 1);
}

function reviewAt(ctx: ConductorContext, at: number): Review | null {
  const text = String(ctx.before[at]?.content ?? '');
  const now = readRequest(text, ctx.today, ctx.directory());
  if (now.kind === 'review' && now.subjects.length && now.range && !now.unresolved.length) return now;
  const asked = questionBefore(ctx, at);
  if (asked === null) return followUp(ctx, text, now) ?? (now.kind === 'review' ? now : null);
  const earlier = reviewAt(ctx, asked.at);
  if (!earlier) return now.kind === 'review' ? now : null;
  const focus = focusIn(text);
  // An answer to "whose calls?" or "did you mean …?": the names it gives (a "yes" takes the one offered) replace the unresolved ones.
  const reply = subjectsIn(text, ctx.directory());
  const offered = readReply(text).yes ? offeredName(asked.question) : null;
  const aboutWho = asked.question.includes(ASK_WHO);
  return {
    ...earlier,
    subjects: [...new Set([...earlier.subjects, ...reply.subjects, ...(offered ? [offered] : [])])],
    unresolved: aboutWho ? reply.unresolved : earlier.unresolved,
    range: earlier.range ?? resolveDateRange(text, ctx.today),
    focus: earlier.focus.topic === 'overall' ? focus : earlier.focus,
    query: `${earlier.query} — ${text.trim()}`,
  };
}

/**
 * A message that names advisors without a period, after an earlier review in this session
 * ("And Tom Ellis, same period?"): the earlier request's period, and its focus unless this
 * message names another.
 */
function followUp(ctx: ConductorContext, text: string, now: ConductorRequest): Review | null {
  const { subjects, unresolved } = subjectsIn(text, ctx.directory());
  if (!subjects.length || (now.kind === 'review' && now.range)) return null;
  const last = [...(ctx.session()?.user_goals ?? [])]
    .reverse()
    .find((g): g is Record<string, string> => typeof (g as { start_date?: unknown })?.start_date === 'string');
  if (!last) return null;
  const focus = focusIn(text);
  return {
    kind: 'review',
    subjects,
    unresolved,
    range: { start_date: last.start_date!, end_date: last.end_date!, phrase: 'the same period' },
    focus: focus.topic === 'overall' ? focusByTopic(String(last.focus)) : focus,
    query: `${text.trim()} (after: ${String(last.request)})`,
  };
}

/**
 * When the Conductor's last answer before the user message at `at` was one of its questions,
 * the position of the user message that question answered, and the question; else null.
 */
function questionBefore(ctx: ConductorContext, at: number): { at: number; question: string } | null {
  const h = ctx.before;
  for (let j = at - 1; j >= 0; j--) {
    const m = h[j]!;
    if (m.role === 'user' && !m.sender_agent_id) return null;
    if (m.role !== 'assistant' || typeof m.content !== 'string' || !m.content.trim() || m.tool_calls?.length) continue;
    if (!m.content.includes(ASK_WHO) && !m.content.includes(ASK_WHEN)) return null;
    for (let k = j - 1; k >= 0; k--) {
      const u = h[k]!;
      if (u.role === 'user' && !u.sender_agent_id) return { at: k, question: m.content };
    }
    return null;
  }
  return null;
}

/** The question for a name the CRM does not have as said (a typo, several advisors, nobody): the Planner's, then who. */
export const askAbout = (m: PersonMatch): string => `${questionFor(m) ?? ''} ${ASK_WHO}`.trim();

/**
 * A review request: ask for what is missing (never guess who or when); else record the goal in
 * session_context (which mints the request id), hand one task per advisor to Companions, and
 * tell the user what runs where — the user can keep talking while they work.
 */
export function reviewFlow(ctx: ConductorContext, req: Review): BrainDecision {
  const unsure = req.unresolved[0];
  if (unsure) {
    const why = `“${unsure.said}” is ${unsure.status} against the CRM's ${ctx.directory().length} advisors: ask, never guess or drop.`;
    return ctx.say(askAbout(unsure), why);
  }
  if (!req.subjects.length)
    return ctx.say(`${ASK_WHO} Name the advisors, for example “Alex Wong and Priya Shah”.`, 'No advisor named: ask, do not guess.');
  if (!req.range) return ctx.say(`${ASK_WHEN} For example “last week” or “from 1 July to 7 July”.`, 'No period named: ask, do not guess.');
  const session = ctx.session();
  if (!session) return ctx.say(NO_SESSION);
  // The focus's rules come from the lender's rule set before anything is recorded or handed out: a topic it has no rule for is asked about.
  const rules = focusRules(ctx, req.focus);
  if (!rules.done) return rules.decision;
  const goal = ctx.find('update_session_context', (a) => typeof a.goals_json === 'string');
  if (!goal) {
    const record = {
      request_id: `req-${randomUUID().slice(0, 8)}`,
      request: req.query,
      subjects: req.subjects,
      start_date: req.range.start_date,
      end_date: req.range.end_date,
      focus: req.focus.topic,
    };
    ctx.delegation = { requestId: record.request_id, subjects: req.subjects, why: `A review of ${req.subjects.join(', ')}.` };
    return ctx.call(
      [['update_session_context', { session_id: session.session_id, goals_json: JSON.stringify([...session.user_goals, record]) }]],
      `A review of ${req.subjects.length} advisor(s): record the goal in session_context first.`,
    );
  }
  if (!goal.ok) return ctx.failed(goal, 'record the goal in the session context');
  const goals = JSON.parse(String(goal.args.goals_json)) as Array<Record<string, unknown>>;
  const id = String(goals.at(-1)?.request_id ?? '');
  const request: RequestRecord = {
    id,
    query: req.query,
    subjects: req.subjects,
    focus: req.focus.topic,
    focus_label: req.focus.label,
    start_date: req.range.start_date,
    end_date: req.range.end_date,
  };
  const step = delegateItems(
    ctx,
    request,
    req.subjects.map((subject) => ({ subject, attempt: 1, avoid: [] })),
    `One task per advisor: ${req.subjects.join(', ')}.`,
  );
  if (!step.done) return step.decision;
  const note = focusNote(ctx, req);
  const said = `${note ? `${note}\n\n` : ''}${delegatedMessage(request, step.value)}`;
  return ctx.say(said, `Delegated ${step.value.handed.length} task(s); ${step.value.queued.length} waiting.`);
}

/** What the request asks to look at that no focus stands for ("on Treating Customers Fairly"): said plainly, never dropped. */
function focusNote(ctx: ConductorContext, req: Review): string | null {
  if (req.focus.topic !== 'overall') return null;
  const known = (phrase: string) => {
    const found = matchPeople(phrase, ctx.directory());
    return found.people.length > 0 || found.teams.length > 0 || resolveDateRange(phrase, ctx.today) !== null;
  };
  const phrase = unmappedFocusIn(req.query, known);
  if (!phrase) return null;
  return `I can't focus a review on “${phrase}”: it is not a topic I can read, so the Companions review overall call quality (every failed rule).`;
}

export function delegatedMessage(request: RequestRecord, d: Delegation): string {
  const lines = [
    `I've split this into ${request.subjects.length} task${request.subjects.length === 1 ? '' : 's'}, one per advisor, ` +
      `reviewing the calls on applications of ${period(request)} for ${request.focus_label}:`,
  ];
  for (const h of d.handed)
    lines.push(`- **${h.item.subject}** → ${h.companion.name}${h.companion.created ? ' (a new Companion)' : ''}, task \`${h.taskId}\``);
  for (const q of d.queued)
    lines.push(`- **${q.subject}**: waiting — every Companion is busy and the pool is full; it starts when one is free.`);
  lines.push('', `Skills: ${d.skills.map((s) => s.replace('skill://', '')).join(', ')}.`);
  for (const n of d.notes) lines.push(n);
  lines.push('', "I'll combine their findings when they report back. You can keep talking to me meanwhile.");
  return lines.join('\n');
}

/** The request id a delegation's context carries (for cards and the ledger). */
export const requestIdOf = (contextJson: unknown) => String(parseObject(String(contextJson ?? '{}'))?.request_id ?? '');
