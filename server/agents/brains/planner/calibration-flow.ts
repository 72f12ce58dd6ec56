import type { DateRange } from '../../../../lib/relative-dates.ts';
import { QA_REVIEWERS, ROLES, type Role } from '../../../../lib/roles.ts';
import { londonDay, ukDate, ukDay } from '../../../../lib/uk-time.ts';
import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS, toolOutcomes } from './conversation.ts';
import { describeRange } from './intent.ts';
import type { PlannerRequest } from './request.ts';
import type { PlannerFlowEntry } from './flow-steps.ts';
import { calibrationAnswerText, type CalibrationResultsRead } from './calibration-answer.ts';

/**
 * Questions about calibration sessions (issue 34): parse (calibration-ask.ts) → resolve the session
 * against the sessions list_calibration_sessions returns → read its results with
 * get_calibration_results (the query behind the /calibration page, its CSV and this answer) →
 * compose only from those figures (calibration-answer.ts). Which session:
 *   a session's name said in the words → that one; a period ("the June calibration") → the sessions
 *   named after its month, created in it or due in it; "last" / "latest" → the newest; else the
 *   session this conversation last answered about; else the only one. More than one left is a
 *   question ("Could you tell me which …?"), none is said plainly — never a guess.
 */
export interface ListedSession {
  session_id: string;
  name: string;
  status: 'open' | 'closed';
  due_date: string;
  lead: string;
  created_at: string;
  calls: number;
  rules: number;
  reviewers: Array<{ label: string }>;
}

const LIST: [string, Record<string, unknown>] = ['list_calibration_sessions', {}];
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const sessionLine = (s: ListedSession) =>
  `“${s.name}” (${s.status}, led by ${s.lead}, created ${ukDate(s.created_at)}, due ${ukDay(s.due_date)})`;

/** The sessions listed in this episode, or null before the list is read. */
function listed(ctx: PlannerContext): ListedSession[] | null {
  const got = ctx.find(LIST[0]);
  return got?.ok && Array.isArray(got.result?.sessions) ? (got.result.sessions as ListedSession[]) : null;
}

/** The sessions whose name is said in `text` (the longest names first: "June calibration 2" over "June calibration"). */
function namedIn(text: string, sessions: readonly ListedSession[]): ListedSession[] {
  const t = text.toLowerCase();
  const hits = sessions.filter((s) => s.name.trim() && t.includes(s.name.trim().toLowerCase()));
  const longest = Math.max(0, ...hits.map((s) => s.name.length));
  return hits.filter((s) => s.name.length === longest);
}

/** Whether a reply names one of the sessions listed in this episode (a reply to "which session?" changes the request). */
export function namesCalibrationSession(ctx: PlannerContext, text: string): boolean {
  return namedIn(text, listed(ctx) ?? []).length > 0;
}

/** Sessions of a period: named after its month (a whole month said), or created or due in it (London days). */
function inPeriod(sessions: readonly ListedSession[], r: DateRange): ListedSession[] {
  const within = (day: string) => day >= r.start_date && day <= r.end_date;
  const month = r.start_date.endsWith('-01') ? MONTH.format(Date.parse(r.start_date)).toLowerCase() : null;
  return sessions.filter((s) => within(londonDay(s.created_at)) || within(s.due_date) || (!!month && s.name.toLowerCase().includes(month)));
}

/** The session an earlier answer of this conversation read (its get_calibration_results call), if it is still listed. */
function earlierSession(ctx: PlannerContext, sessions: readonly ListedSession[]): ListedSession | null {
  const before = ctx.episode?.start ?? ctx.turnStart;
  const read = toolOutcomes(ctx.input.history)
    .filter((o) => o.index < before && o.ok && o.name === 'get_calibration_results')
    .at(-1);
  return sessions.find((s) => s.session_id === read?.args.session_id) ?? null;
}

function whichOne(ctx: PlannerContext, sessions: readonly ListedSession[], why: string): BrainDecision {
  const shown = sessions.slice(0, 8);
  return ctx.say(
    `${why} ${QUESTION_MARKERS.ask_details} which calibration session you mean? ` +
      `${shown.length === sessions.length ? '' : `The newest ${shown.length} of ${sessions.length}: `}` +
      `${shown.map(sessionLine).join('; ')}.`,
    'The session asked about is ambiguous: ask which, never pick one.',
  );
}

/** The session asked about, or the decision to take first (read the list, ask which, say there is none). */
function resolveSession(ctx: PlannerContext, req: PlannerRequest): { session: ListedSession } | { decision: BrainDecision } {
  const got = ctx.find(LIST[0]);
  if (!got) return { decision: ctx.call([LIST], 'Read the calibration sessions, to resolve which one the question is about.') };
  if (!got.ok) return { decision: ctx.failed(got, 'list the calibration sessions') };
  const all = readable(ctx, listed(ctx) ?? []);
  if (!all.length && listed(ctx)?.length)
    return {
      decision: ctx.say(
        'You lead or review none of the calibration sessions, so there are none I can report on to you (admins read them all).',
        'Every listed session is someone else’s: the console shows this person none of them.',
      ),
    };
  if (!all.length)
    return {
      decision: ctx.say(
        'There are no calibration sessions yet, so there is no agreement to report. ' +
          'A compliance manager starts one on the [Calibration page](/calibration).',
        'list_calibration_sessions returned none: say so.',
      ),
    };
  const ask = req.calibration!;
  const named = namedIn(req.texts.join(' \n '), all);
  let left: ListedSession[];
  if (named.length) left = named;
  else if (req.range) {
    left = inPeriod(all, req.range);
    if (!left.length) return { decision: whichOne(ctx, all, `I found no calibration session for ${describeRange(req.range)}.`) };
  } else if (ask.newest) left = all.slice(0, 1);
  else {
    const earlier = earlierSession(ctx, all);
    left = earlier ? [earlier] : all;
  }
  // The list is newest first: "the last one in June" is the first of June's.
  if (left.length === 1 || ask.newest) return { session: left[0]! };
  return { decision: whichOne(ctx, left, `There are ${left.length} calibration sessions that could be meant.`) };
}

/**
 * The role of the person chatting, from the `console_user` block the chat host keeps ("…, console
 * role workflow_designer."); null outside the chat (scripts, tests), where the agent's own access holds.
 */
function chatting(ctx: PlannerContext): { role: Role; email: string } | null {
  const block = ctx.input.blocks.find((b) => b.label === 'console_user')?.value ?? '';
  const role = block.match(/\bconsole role (\w+)/)?.[1] ?? '';
  const email = block.match(/<([^>]+)>/)?.[1] ?? '';
  return (ROLES as readonly string[]).includes(role) ? { role: role as Role, email } : null;
}

/** The sessions the person chatting may read, as /calibration lists them: all for an admin, else those they lead or review. */
function readable(ctx: PlannerContext, sessions: ListedSession[]): ListedSession[] {
  const who = chatting(ctx);
  if (!who || who.role === 'admin') return sessions;
  return sessions.filter((s) => s.lead === who.email || s.reviewers.some((r) => r.label === who.email));
}

export function calibrationAnswer(ctx: PlannerContext, req: PlannerRequest): BrainDecision {
  // The tools let the agent read every session; the person asking sees only what the console would show them.
  const role = chatting(ctx)?.role;
  if (role && !QA_REVIEWERS.includes(role))
    return ctx.say(
      'Calibration sessions are for compliance managers and admins, so I cannot share their results with you here.',
      `The console user is a ${role}: calibration is not theirs to read (server/calibration/outcome.ts readerOf).`,
    );
  const resolved = resolveSession(ctx, req);
  if ('decision' in resolved) return resolved.decision;
  const { session } = resolved;
  const args = { session_id: session.session_id };
  const got = ctx.find('get_calibration_results', (a) => a.session_id === session.session_id);
  if (!got)
    return ctx.call(
      [['get_calibration_results', args]],
      `Read the results of “${session.name}”: the same figures as its page on /calibration.`,
    );
  if (!got.ok) return ctx.failed(got, `read the results of “${session.name}”`);
  return ctx.say(
    calibrationAnswerText(req.calibration!, got.result as unknown as CalibrationResultsRead),
    `Composed from get_calibration_results of ${session.session_id} only.`,
  );
}

export const CALIBRATION_FLOW: PlannerFlowEntry = {
  request: { recognised: { kind: 'calibration' }, start: calibrationAnswer },
  forecast: [
    { tool: 'list_calibration_sessions', once: true, why: 'Find the calibration session the question is about.' },
    {
      tool: 'get_calibration_results',
      why: "Read the session's agreement figures, the same as its results page: the answer states only those.",
    },
  ],
};
