import { CronExpressionParser } from 'cron-parser';
import type { Schedule } from '../schedules/schedule-spec.ts';

/** At most this many ticks are listed per window (a schedule fires at most every 5 min: 288 a day). */
const MAX_TICKS = 2_000;

/** The ticks (ms since the epoch) a cron schedule owes in [from, until], in order. */
export function expectedTicks(schedule: Extract<Schedule, { kind: 'cron' }>, from: number, until: number): number[] {
  const ticks: number[] = [];
  // cron-parser's next() is strictly after currentDate: start a millisecond early so a tick at `from` counts.
  const it = CronExpressionParser.parse(schedule.pattern, {
    tz: schedule.timezone,
    currentDate: new Date(from - 1),
    endDate: new Date(until),
  });
  while (ticks.length < MAX_TICKS && it.hasNext()) ticks.push(it.next().getTime());
  return ticks;
}

/**
 * Ticks an interval schedule missed in [from, until], from the ticks it recorded there: BullMQ's
 * `every` scheduler fires one interval after the last tick, so a gap of n intervals between two
 * recorded ticks (or the window's edges) holds n − 1 missed ones. A gap is read to the nearest
 * interval, so a tick that came a little late is not a miss.
 */
export function missedIntervalTicks(everyMs: number, from: number, until: number, recorded: number[]): number {
  if (until <= from) return 0;
  const points = [from, ...recorded.filter((t) => t >= from && t <= until).sort((a, b) => a - b), until];
  let missed = 0;
  for (let i = 1; i < points.length; i++) missed += Math.max(0, Math.round((points[i]! - points[i - 1]!) / everyMs) - 1);
  return missed;
}
