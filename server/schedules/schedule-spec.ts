import { CronExpressionParser } from 'cron-parser';

/** Cron expressions are read in this zone unless they name another (`CRON_TZ=<zone> ` or `TZ=<zone> ` prefix). */
export const DEFAULT_CRON_TIMEZONE = 'Europe/London';

/** A job's schedule: a cron pattern in a zone, or a fixed interval. */
export type Schedule = { kind: 'cron'; pattern: string; timezone: string } | { kind: 'interval'; seconds: number };

export type ScheduleCheck = { ok: true; schedule: Schedule } | { ok: false; message: string };

const TZ_PREFIX = /^(?:CRON_TZ|TZ)=(\S+)\s+(.*)$/;

/**
 * The spec's rule for `schedule_background_job`: exactly one of `cron_expression` and
 * `interval_seconds`. A cron expression has 5 fields (minute hour day-of-month month
 * day-of-week) or 6 (seconds first), as BullMQ and cron-parser read them; its times are
 * Europe/London (so "0 9 * * 1" is 09:00 London time all year, through the clock changes)
 * unless it starts with `CRON_TZ=<IANA zone>` or `TZ=<IANA zone>`.
 */
export function checkSchedule(cronExpression: string | undefined, intervalSeconds: number | undefined): ScheduleCheck {
  const hasCron = cronExpression !== undefined && cronExpression.trim() !== '';
  const hasInterval = intervalSeconds !== undefined;
  if (hasCron === hasInterval) {
    return {
      ok: false,
      message: hasCron ? 'give either cron_expression or interval_seconds, not both' : 'give one of cron_expression or interval_seconds',
    };
  }
  if (hasInterval) {
    if (!Number.isInteger(intervalSeconds) || intervalSeconds! < 1)
      return { ok: false, message: 'interval_seconds must be a whole number of seconds, at least 1' };
    return { ok: true, schedule: { kind: 'interval', seconds: intervalSeconds! } };
  }
  let text = cronExpression!.trim();
  let timezone = DEFAULT_CRON_TIMEZONE;
  const tz = TZ_PREFIX.exec(text);
  if (tz) {
    timezone = tz[1]!;
    text = tz[2]!.trim();
    if (!validZone(timezone))
      return {
        ok: false,
        message: `cron_expression names an unknown time zone "${timezone}" (use an IANA name such as Europe/London)`,
      };
  }
  const fields = text.split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    return {
      ok: false,
      message: `cron_expression must have 5 fields (minute hour day-of-month month day-of-week) or 6 (seconds first), not ${fields.length}: "${text}"`,
    };
  }
  // cron-parser draws a hashed value (H) at random on every parse, and BullMQ parses the pattern for
  // each fire: the schedule would wander (and "1,H" fails one time in seven, when H draws 1).
  if (fields.some((f) => /H/.test(f)))
    return {
      ok: false,
      message: `cron_expression "${text}" uses H (a hashed value), which is not supported: name the minute, hour or day`,
    };
  try {
    CronExpressionParser.parse(text, { tz: timezone, strict: false }).next();
  } catch (err) {
    return {
      ok: false,
      message: `cron_expression "${text}" is not valid: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  return { ok: true, schedule: { kind: 'cron', pattern: fields.join(' '), timezone } };
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * When the schedule fires next after `from`, as computed from the expression. BullMQ's own
 * figure (the job scheduler's `next`) is preferred where the scheduler exists; this one is for a
 * disabled job (when it would fire if resumed now) and for checks. An interval fires first at
 * once (BullMQ starts `every` schedulers immediately).
 */
export function nextRunAfter(schedule: Schedule, from: Date): Date {
  if (schedule.kind === 'interval') return from;
  return CronExpressionParser.parse(schedule.pattern, { tz: schedule.timezone, currentDate: from }).next().toDate();
}

/** The BullMQ repeat options of a schedule (`upsertJobScheduler`'s second argument). */
export function repeatOptions(schedule: Schedule): { pattern: string; tz: string } | { every: number } {
  return schedule.kind === 'cron' ? { pattern: schedule.pattern, tz: schedule.timezone } : { every: schedule.seconds * 1000 };
}

/** A stored job's schedule (columns cron_expression + timezone, or interval_seconds). */
export function scheduleOfRow(row: { cronExpression: string | null; timezone: string | null; intervalSeconds: number | null }): Schedule {
  if (row.cronExpression) return { kind: 'cron', pattern: row.cronExpression, timezone: row.timezone ?? DEFAULT_CRON_TIMEZONE };
  return { kind: 'interval', seconds: row.intervalSeconds ?? 60 };
}
