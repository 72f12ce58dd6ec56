import { CronExpressionParser } from 'cron-parser';
import type { Schedule } from './schedule-spec.ts';

const DAY_S = 86_400;
/** How far ahead firing days and clock changes are looked for: a leap-year cycle, so 29 February is seen. */
const HORIZON_DAYS = 4 * 366;
/** Real fires taken around each clock change (at most). */
const FIRES_PER_PROBE = 500;

/**
 * The smallest gap in seconds between two consecutive fires of `schedule` (issue 29: a minimum
 * schedule interval), exact whenever it is below `enough` (the caller's minimum, at most a day);
 * otherwise a number at least `enough` (Infinity when no two fires were found within a day). An
 * interval schedule's gap is its interval. A cron schedule's is the least of
 *
 * - the gaps between consecutive times of day it fires at (hours × minutes × seconds, from the
 *   parsed fields, so `* * * * * *`, `0-59/1 * * * *` and `0,1 9 * * 1` are all seen for what they
 *   are, not by their seconds field);
 * - the gap from the day's last fire to the next day's first, when two consecutive calendar days
 *   can fire (a calendar walk over four years, so 28 and 29 February are seen);
 * - real gaps around the zone's clock changes in the next year, where wall-clock gaps shrink
 *   (00:59 and 02:00 London time are one minute apart on the last Sunday of March), from the
 *   fires within `enough` (two hours at least) either side of each change.
 *
 * Bounded and cheap (a tool call runs it on the event loop): at most 86,400 times of day, a
 * calendar walk without the cron library, and only a few fires per clock change from it (its
 * `next()` is slow for sparse expressions, milliseconds a call, so it is never looped far).
 */
export function smallestGapSeconds(schedule: Schedule, from: Date = new Date(), enough = 1): number {
  if (schedule.kind === 'interval') return schedule.seconds;
  const fields = CronExpressionParser.parse(schedule.pattern, { tz: schedule.timezone, currentDate: from }).fields;
  const times = timesOfDay(fields.hour.values, fields.minute.values, fields.second.values);
  let gap = Infinity;
  for (let i = 1; i < times.length; i++) gap = Math.min(gap, times[i]! - times[i - 1]!);
  if (gap < enough) return gap;
  if (mayFireOnConsecutiveDays(schedule.pattern, from)) gap = Math.min(gap, DAY_S - times.at(-1)! + times[0]!);
  const reach = Math.min(DAY_S, Math.max(2 * 3600, enough)) * 1000;
  for (const change of clockChanges(schedule.timezone, from)) {
    if (gap < enough) return gap;
    gap = Math.min(gap, realGap(schedule, new Date(change - reach), FIRES_PER_PROBE, (2 * reach) / 1000));
  }
  return gap;
}

/** Seconds after midnight of every time of day the fields allow, ascending. */
function timesOfDay(hours: readonly number[], minutes: readonly number[], seconds: readonly number[]): number[] {
  const out: number[] = [];
  for (const h of hours) for (const m of minutes) for (const s of seconds) out.push(h * 3600 + m * 60 + s);
  return out.sort((a, b) => a - b);
}

/**
 * Whether two consecutive calendar days can both fire, from the day fields (day-of-month month
 * day-of-week, the last three of the pattern). Conservative: with both day fields restricted a day
 * fires when either matches (cron's rule), and the special forms (`L`, `W`, `#`) count as any day.
 */
function mayFireOnConsecutiveDays(pattern: string, from: Date): boolean {
  const [domText, monthText, dowText] = pattern.split(/\s+/).slice(-3) as [string, string, string];
  if (/[LW#]/i.test(`${domText} ${dowText}`)) return true;
  const f = CronExpressionParser.parse(`0 0 0 ${domText} ${monthText} ${dowText}`).fields;
  const doms = new Set(f.dayOfMonth.values.map(Number));
  const months = new Set(f.month.values.map(Number));
  const dows = new Set(f.dayOfWeek.values.map((d) => Number(d) % 7));
  const anyDom = domText === '*' || domText === '?';
  const anyDow = dowText === '*' || dowText === '?';
  const fires = (t: number) => {
    const d = new Date(t);
    if (!months.has(d.getUTCMonth() + 1)) return false;
    const dom = doms.has(d.getUTCDate());
    const dow = dows.has(d.getUTCDay());
    return anyDom && anyDow ? true : anyDom ? dow : anyDow ? dom : dom || dow;
  };
  const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  let previous = false;
  for (let day = 0; day <= HORIZON_DAYS; day++) {
    const now = fires(first + day * DAY_S * 1000);
    if (now && previous) return true;
    previous = now;
  }
  return false;
}

/** The instants (to the minute) where the zone's UTC offset changes in the next year. */
function clockChanges(timezone: string, from: Date): number[] {
  const offset = offsetOf(timezone);
  const changes: number[] = [];
  const start = from.getTime();
  for (let day = 1; day <= 366; day++) {
    let hi = start + day * DAY_S * 1000;
    let lo = hi - DAY_S * 1000;
    if (offset(lo) === offset(hi)) continue;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offset(mid) === offset(lo)) lo = mid;
      else hi = mid;
    }
    changes.push(hi);
  }
  return changes;
}

/** The zone's offset from UTC in minutes at an instant. */
function offsetOf(timezone: string): (t: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (t) => {
    const p = Object.fromEntries(format.formatToParts(t).map((x) => [x.type, Number(x.value)]));
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    return Math.round((wall - Math.floor(t / 1000) * 1000) / 60_000);
  };
}

/** The smallest real gap among the first `count` fires after `start` that come within `windowS`. */
function realGap(schedule: Extract<Schedule, { kind: 'cron' }>, start: Date, count: number, windowS: number): number {
  const fires = CronExpressionParser.parse(schedule.pattern, { tz: schedule.timezone, currentDate: start });
  const end = start.getTime() + windowS * 1000;
  let gap = Infinity;
  let previous = fires.next().getTime();
  for (let i = 0; i < count && previous < end; i++) {
    if (!fires.hasNext()) break;
    const next = fires.next().getTime();
    gap = Math.min(gap, (next - previous) / 1000);
    previous = next;
  }
  return gap;
}
