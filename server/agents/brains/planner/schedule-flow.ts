import { withoutRequestFrame } from '../../../../lib/nl/index.ts';
import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { ukDateTime } from '../../../../lib/uk-time.ts';
import type { BrainDecision } from '../brain.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { periodWords } from './intent.ts';
import type { PlannerRequest, ScheduleAsk } from './request.ts';
import { resolvePeople, type Who } from './resolve.ts';
import { PLANNER_REQUEST_TASK, type PlannerRequestPayload } from './scheduled-message.ts';
import { RESOLVE_PEOPLE, type ForecastStep, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * A request said with how often ("every Monday at 9am, review every advisor's calls from the
 * previous week"): checked like any request, confirmed in words, then a background job
 * (`schedule_background_job`) that dispatches the request's words back to this Planner each time
 * (scheduled-message.ts); each run reads its period again against that day and ends with a
 * notification (`notifyScheduled`). Only requests that need no choice at run time are scheduled:
 * reviews, rankings and scans — a product check asks which workflow to reuse or adapt.
 */
const SCHEDULABLE: ReadonlyArray<PlannerRequest['kind']> = ['qa_review', 'rank', 'vulnerability_scan', 'rule_topic'];

const EXAMPLES = '“every Monday at 9am” or “every weekday at 8:00”';

/** The request with a schedule, from its words to the confirmation (or the question before it). */
export function scheduleStart(ctx: PlannerContext, req: PlannerRequest & { schedule: ScheduleAsk }): BrainDecision {
  ctx.flow = 'schedule';
  const { schedule } = req;
  if (!SCHEDULABLE.includes(req.kind)) {
    return ctx.say(
      'I can schedule QA reviews, rankings and scans of the stored results. A product check or an explanation of ' +
        'one call needs your choice each time, so ask me for it whenever you need it.',
      'A schedule was asked for a request that needs the user at run time: say what can be scheduled.',
    );
  }
  if (!schedule.recurrence) {
    return ctx.say(
      `${schedule.problem ?? ''} ${QUESTION_MARKERS.fix_schedule} For example ${EXAMPLES}.`.trim(),
      'The schedule cannot be set as said: ask how often instead of guessing.',
    );
  }
  const period = periodQuestion(ctx, req);
  if (period) return period;
  const who = req.kind === 'qa_review' ? resolvePeople(ctx, req) : null;
  if (who && !who.done) return who.decision;
  if (who?.done && !who.value.advisors.length) {
    return ctx.say(
      `${QUESTION_MARKERS.ask_details} which advisor or team each run should review?`,
      'A scheduled review names nobody: ask whom it is for.',
    );
  }
  const r = schedule.recurrence;
  const time = r.kind === 'cron' && !r.timeSaid ? ' (no time was said, so I took 09:00)' : '';
  return ctx.say(
    `To schedule: ${whatOf(req, who?.done ? who.value : null)}, ${r.words}, UK time${time}. ` +
      `Each run reads “${periodWords(req.range!.phrase)}” again on the day it runs, ${actionOf(req)}, ` +
      `and sends you the results as a notification. ${QUESTION_MARKERS.confirm_schedule}`,
    'The schedule and the request are understood: confirm before creating the background job.',
  );
}

/** After "yes": create the job (once), then say when it runs next. */
export function scheduleWork(ctx: PlannerContext, req: PlannerRequest & { schedule: ScheduleAsk }): BrainDecision {
  ctx.flow = 'schedule';
  const r = req.schedule.recurrence;
  if (!r) return scheduleStart(ctx, req);
  const done = ctx.find('schedule_background_job');
  if (done && !done.ok) return ctx.failed(done, 'create the schedule');
  if (done?.result) {
    const name = String(done.result.job_name ?? '');
    const next = typeof done.result.next_run_time_utc_iso === 'string' ? done.result.next_run_time_utc_iso : null;
    const active = done.result.job_status === 'SCHEDULED_AND_ACTIVE';
    return ctx.say(
      `Scheduled “${name}”${active ? '' : ' (paused)'}. ` +
        `${next ? `Next run: ${ukDateTime(next)} (UK time). ` : ''}` +
        'Each run sends you its results as a notification; you can see its runs, pause, resume or ' +
        'delete it on the Schedules page (/schedules).',
      'The background job exists: report it.',
    );
  }
  const who = req.kind === 'qa_review' ? resolvePeople(ctx, req) : null;
  if (who && !who.done) return who.decision;
  // What each run asks, without the words that asked for the schedule ("can you set up …").
  const payload: PlannerRequestPayload = { request: withoutRequestFrame(req.schedule.words), notify: ['UI_ALERT'] };
  const timing = r.kind === 'cron' ? { cron_expression: r.cron } : { interval_seconds: r.kind === 'interval' ? r.seconds : 0 };
  return ctx.call(
    [
      [
        'schedule_background_job',
        {
          job_name: jobName(req, who?.done ? who.value : null),
          job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
          ...timing,
          target_agent_id_on_trigger: ctx.input.agent.id,
          task_type_on_trigger: PLANNER_REQUEST_TASK,
          task_payload_on_trigger_json: JSON.stringify(payload),
          enabled_on_create: true,
        },
      ],
    ],
    `Confirmed: schedule “${payload.request}” ${r.words}, dispatched back to me each time.`,
  );
}

/** The step a scheduled run adds to whichever flow it runs (notifyScheduled), at the end of its forecast. */
export const NOTIFY_SCHEDULED_STEP: ForecastStep = {
  tool: 'send_notification',
  why: 'Send the user the results of the request they scheduled.',
};

/**
 * A scheduled run's answer goes to the user as a notification before it is said: the first time
 * the run is about to give its final message in a turn, send that message; then give it.
 */
export function notifyScheduled(ctx: PlannerContext, req: PlannerRequest, decision: BrainDecision): BrainDecision {
  const run = req.scheduled;
  if (!run || decision.kind !== 'message' || !ctx.has('send_notification')) return decision;
  const sent = ctx.outcomes.some((o) => o.name === 'send_notification' && ctx.inTurn(o));
  if (sent) return decision;
  return ctx.call(
    [
      [
        'send_notification',
        {
          channels: run.notify,
          subject_text: `Scheduled: ${run.job_name}`,
          message_text: decision.content,
          urgency_level: 'MEDIUM',
        },
      ],
    ],
    `The scheduled run “${run.job_name}” has its answer: send it to the user before saying it.`,
  );
}

/** A missing or fixed period is a question: each run must read a period relative to its own day. */
function periodQuestion(ctx: PlannerContext, req: PlannerRequest): BrainDecision | null {
  if (!req.range) {
    return ctx.say(
      `${QUESTION_MARKERS.fix_period} Each run reads it again on the day it runs, so say it relative to that day, ` +
        'for example “the previous week” or “yesterday”.',
      'A scheduled request needs a relative period: ask for it.',
    );
  }
  const later = new Date(ctx.today.getTime() + 40 * 86_400_000);
  const then = resolveDateRange(req.schedule?.words ?? '', later);
  if (then && then.start_date === req.range.start_date && then.end_date === req.range.end_date) {
    return ctx.say(
      `“${periodWords(req.range.phrase)}” is a fixed period, so every run would look at the same calls. ` +
        `${QUESTION_MARKERS.fix_period} Say it relative to the day each run happens, for example “the previous week”.`,
      'The period does not move with the date: every run would repeat the same work. Ask.',
    );
  }
  return null;
}

function scopeOf(who: Who | null): string {
  if (!who) return 'the stored QA results';
  if (who.team) return `the ${who.team} team's calls`;
  if (who.everyone) return "every advisor's calls";
  return `${who.advisors.join(' and ')}'s calls`;
}

function whatOf(req: PlannerRequest, who: Who | null): string {
  switch (req.kind) {
    case 'qa_review':
      return `a QA review of ${scopeOf(who)}`;
    case 'rank':
      return `a ranking of ${req.rank?.subject ?? 'advisors'} from the stored QA results`;
    case 'vulnerability_scan':
      return 'a scan for calls with vulnerable customers';
    default:
      return `a check of the calls failing the ${req.topic ?? ''} rules`.replace('  ', ' ');
  }
}

function actionOf(req: PlannerRequest): string {
  return req.kind === 'qa_review' ? 'analyses the calls recorded in that period' : 'reads the stored QA results for that period';
}

/** Unique per request and schedule, readable on the Schedules page. */
function jobName(req: PlannerRequest, who: Who | null): string {
  const r = req.schedule!.recurrence!;
  const what = whatOf(req, who);
  return `${what[0]!.toUpperCase()}${what.slice(1)} (${periodWords(req.range!.phrase)}), ${r.words}`.slice(0, 200);
}

/** The request with its schedule: the schedule flow is entered only for a request the reader marked with one. */
function withSchedule(req: PlannerRequest): PlannerRequest & { schedule: ScheduleAsk } {
  if (!req.schedule) throw new Error('the schedule flow was entered for a request without a schedule (flows.ts dispatches by its mark)');
  return { ...req, schedule: req.schedule };
}

/** Flow `schedule`: a request said with how often, confirmed in words, then one background job. */
export const SCHEDULE_FLOW: PlannerFlowEntry = {
  request: {
    recognised: { mark: 'schedule' },
    start: (ctx, req) => scheduleStart(ctx, withSchedule(req)),
    work: (ctx, req) => scheduleWork(ctx, withSchedule(req)),
  },
  forecast: [
    RESOLVE_PEOPLE,
    {
      tool: 'schedule_background_job',
      why: 'Create the background job that sends the request back to me on its schedule.',
    },
  ],
};
