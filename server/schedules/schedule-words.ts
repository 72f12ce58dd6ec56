import cronstrue from 'cronstrue';
import type { Schedule } from './schedule-spec.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const num = /^\d+$/;

/**
 * A schedule in words for the console (`schedule_text`), the zone named where the times depend on it:
 * - an interval: "every 5 minutes";
 * - the shapes the Planner proposes (lib/nl/recurrence.ts) — one time of day every day, every
 *   weekday, on one day of the week or one day of the month — in the console's words, so the
 *   Schedules page says what the user confirmed: "every Monday at 09:00 (Europe/London)";
 * - any other cron pattern as cronstrue words it (English, 24-hour clock, "Monday to Friday"),
 *   lower-case first: "at 00:00, on day 1 and 15 of the month (Europe/London)", "every 15 minutes".
 * A pattern cronstrue cannot read (cron-parser accepted it) is shown as itself: cron "…" (zone).
 */
export function scheduleInWords(s: Schedule): string {
  if (s.kind === 'interval') return `every ${duration(s.seconds)}`;
  // `?` (no specific value, in a day field) means what `*` means.
  const fields = s.pattern.split(' ').map((f) => (f === '?' ? '*' : f));
  const zone = zoneFree(fields) ? '' : ` (${s.timezone})`;
  const words = fields.length === 5 ? consoleWords(fields) : null;
  return `${words ?? cronstrueWords(s.pattern) ?? `cron "${s.pattern}"`}${zone}`;
}

/** The Planner's shapes: minute and hour fixed, every month, and every day / weekday / one day. */
function consoleWords([min, hour, dom, month, dow]: string[]): string | null {
  if (!min || !hour || !num.test(min) || !num.test(hour) || month !== '*') return null;
  const at = `at ${hour.padStart(2, '0')}:${min.padStart(2, '0')}`;
  if (dom === '*' && dow === '*') return `every day ${at}`;
  if (dom === '*' && dow && num.test(dow) && Number(dow) <= 7) return `every ${DAYS[Number(dow) % 7]} ${at}`;
  if (dom === '*' && dow === '1-5') return `every weekday ${at}`;
  if (dow === '*' && dom && num.test(dom)) return `on day ${dom} of every month ${at}`;
  return null;
}

/** cronstrue's description in en-GB: "through" in a range is "to"; null when it cannot read the pattern. */
function cronstrueWords(pattern: string): string | null {
  try {
    const text = cronstrue.toString(pattern, { locale: 'en', use24HourTimeFormat: true, verbose: false }).replaceAll(' through ', ' to ');
    return text.charAt(0).toLowerCase() + text.slice(1);
  } catch {
    return null;
  }
}

/**
 * Whether the pattern fires alike in every zone: only its seconds and minutes vary (each `*` or
 * `*` + `/n`) and hours, days and months are all `*` — "every 15 minutes" needs no zone.
 */
function zoneFree(fields: string[]): boolean {
  const timeOfHour = fields.length - 4;
  return fields.every((f, i) => f === '*' || (i < timeOfHour && /^\*\/\d+$/.test(f)));
}

function duration(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds % size === 0) {
      const n = seconds / size;
      return n === 1 ? name : `${n} ${name}s`;
    }
  }
  return `${seconds} seconds`;
}
