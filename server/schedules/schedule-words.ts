import type { Schedule } from './schedule-spec.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const num = /^\d+$/;

/** A schedule in words for the console: "every 5 minutes", "every Monday at 09:00 (Europe/London)", else the cron text with its zone. */
export function scheduleInWords(s: Schedule): string {
  if (s.kind === 'interval') return `every ${duration(s.seconds)}`;
  const f = s.pattern.split(' ');
  const [min, hour, dom, month, dow] = f.length === 6 ? f.slice(1) : f;
  const zone = ` (${s.timezone})`;
  if (f.length === 5 && min && hour && num.test(min) && num.test(hour) && month === '*') {
    const at = `at ${hour.padStart(2, '0')}:${min.padStart(2, '0')}`;
    if (dom === '*' && dow === '*') return `every day ${at}${zone}`;
    if (dom === '*' && dow && num.test(dow) && Number(dow) <= 7) return `every ${DAYS[Number(dow) % 7]} ${at}${zone}`;
    if (dom === '*' && dow === '1-5') return `every weekday ${at}${zone}`;
    if (dow === '*' && dom && num.test(dom)) return `on day ${dom} of every month ${at}${zone}`;
  }
  const every = f.length === 5 ? /^\*\/(\d+)$/.exec(min ?? '') : null;
  if (every && [hour, dom, month, dow].every((x) => x === '*')) return `every ${duration(Number(every[1]) * 60)}`;
  return `cron "${s.pattern}"${zone}`;
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
