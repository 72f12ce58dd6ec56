import type { DateRange } from '../../../../lib/relative-dates.ts';
import type { Step } from './build-flow.ts';
import type { PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import { describeRange, periodWords } from './intent.ts';
import { londonDay, ukDay, ukDayRange } from '../../../../lib/uk-time.ts';

/**
 * The checks before anything runs (issue 15): a period that is missing, reversed or not started
 * yet, and a scope with no recorded calls, each become a clear question in the chat and no run.
 * The call count comes from the CRM through count_calls, so "no calls" is known before a workflow
 * starts (an empty run, or a failed one counted against a skill, is what this prevents).
 */
const next = <T>(decision: ReturnType<PlannerContext['say']>): Step<T> => ({ done: false, decision });

/** The request's period when it can be used; otherwise the question about it. */
export function checkPeriod(ctx: PlannerContext, range: DateRange | null, example = '“last week”, “in June”'): Step<DateRange> {
  if (!range)
    return next(
      ctx.say(`${QUESTION_MARKERS.ask_details} which period I should look at (e.g. ${example})?`, 'No period in the request: ask.'),
    );
  if (range.reversed) {
    return next(
      ctx.say(
        `The period you gave, “${periodWords(range.phrase)}”, ends before it starts. Shall I take it as ${ukDayRange(range.start_date, range.end_date)}? ` +
          QUESTION_MARKERS.fix_period,
        'Reversed period: ask, never swap silently.',
      ),
    );
  }
  // Today is a London calendar day (lib/relative-dates.ts's contract), compared as YYYY-MM-DD.
  const today = londonDay(ctx.today.toISOString());
  if (range.start_date > today) {
    return next(
      ctx.say(
        `“${periodWords(range.phrase)}” (${ukDayRange(range.start_date, range.end_date)}) has not started yet — today is ${ukDay(today)}, ` +
          `so there are no calls to look at. ${QUESTION_MARKERS.fix_period}`,
        'The period is in the future: ask.',
      ),
    );
  }
  return { done: true, value: range };
}

/** count_calls: `calls` are those a review of the period analyses (applications opened in it); `recorded_in_period` by call date. */
export interface CallCount {
  calls: number;
  applications: number;
  by_advisor: Array<{ name: string; calls: number; recorded_in_period?: number }>;
  unknown_advisors: string[];
  recorded_in_period?: number;
  earliest_opened?: string | null;
}

/**
 * Which count a figure is (issue 30: "the Planner counts 12 South calls in June where the dashboard
 * says 11"). A review of a period analyses the calls of the applications OPENED in it (`calls`); the
 * dashboard, the QA queue and the CRM's `recorded_in_period` count calls by the day they were
 * RECORDED. They differ when an application opened in the period has a call after it (opened 30 June,
 * called 2 July) or one opened before it has a call in it. The Planner names which it states and,
 * when they differ, says both, so no figure it gives contradicts the dashboard's.
 */
export function callsSaid(c: Pick<CallCount, 'calls' | 'recorded_in_period'>, range: DateRange): string {
  const when = describeRange(range);
  const recorded = c.recorded_in_period;
  if (recorded === undefined) return `${plural(c.calls, 'call')} of the applications opened ${when}`;
  if (recorded === c.calls) return `${plural(c.calls, 'call')} recorded ${when}`;
  return (
    `${plural(c.calls, 'call')} of the applications opened ${when}; ${plural(recorded, 'call')} ` +
    `${recorded === 1 ? 'was' : 'were'} recorded in that period, the dashboard's and the QA queue's count by call date`
  );
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * count_calls for the advisors (all advisors when `advisors` is null) and period; a question when
 * there are none. `who` names the scope in the question ("Alex Wong", "the Home Finance North team").
 */
export function checkCalls(
  ctx: PlannerContext,
  scope: { advisors: string[] | null; who: string; product?: string | null },
  range: DateRange,
): Step<CallCount> {
  const args: Record<string, unknown> = { start_date: range.start_date, end_date: range.end_date };
  if (scope.advisors) args.advisor_names = scope.advisors;
  if (scope.product) args.product = scope.product;
  const same = (a: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(args);
  const counted = ctx.find('count_calls', same);
  if (!counted) {
    return next(
      ctx.call([['count_calls', args]], `Check before running: how many calls the CRM has for ${scope.who} ${describeRange(range)}.`),
    );
  }
  if (!counted.ok) return next(ctx.failed(counted, `count the calls of ${scope.who}`));
  const r = counted.result as unknown as CallCount;
  if (r.unknown_advisors?.length) {
    return next(
      ctx.say(`The CRM does not know ${r.unknown_advisors.join(', ')}. ${QUESTION_MARKERS.ask_details} the advisor's full name?`),
    );
  }
  if (!r.calls) {
    const product = scope.product ? ` about ${scope.product}` : '';
    return next(
      ctx.say(
        `I found no recorded calls${product} for ${scope.who} ${describeRange(range)}, so there is nothing to analyse. ` +
          QUESTION_MARKERS.no_calls,
        'count_calls = 0: ask instead of starting an empty run.',
      ),
    );
  }
  return { done: true, value: r };
}
