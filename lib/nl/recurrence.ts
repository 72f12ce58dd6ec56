import * as chrono from 'chrono-node';
import { andList } from '../list-words.ts';

/**
 * "Every Monday at 9am", "weekly", "each weekday at 07:30", "on the 1st of every month",
 * "every 15 minutes": how often something should happen, read from what a person typed, without a
 * language model. Times of day are read by chrono-node (en-GB: "9am", "17:00", "noon"); the rest
 * is a small grammar of word families, in this order:
 *
 *   interval   every N minutes | every N hours | hourly            → interval_seconds
 *   weekdays   every weekday | on weekdays                          → cron "m h * * 1-5"
 *   days       every Monday (and Thursday) | on Mondays | weekly on Friday
 *                                                                   → cron "m h * * 1,4"
 *   month day  on the 1st of every month | every month on the 15th | monthly on the 3rd
 *                                                                   → cron "m h D * *"
 *   daily      every day | daily | every morning                    → cron "m h * * *"
 *
 * Times are wall-clock times in Europe/London (the scheduler reads cron in that zone). With no
 * time said, 09:00 is taken and `timeSaid` is false, so the caller says so when it confirms.
 * What cannot be a schedule here is a `problem` in plain words, never a guess: "weekly" without a
 * day, "every other week", "every 2 months", a day of the month past the 28th, "every 30 seconds".
 */
export type Recurrence =
  { kind: 'cron'; cron: string; words: string; timeSaid: boolean } | { kind: 'interval'; seconds: number; words: string };

export interface RecurrenceFound {
  recurrence: Recurrence | null;
  /** Why the words found cannot be a schedule (recurrence is then null). */
  problem: string | null;
  /** The text without the recurrence words: what is to be done each time. */
  rest: string;
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_RE = '(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?';
const PLURAL_DAY_RE = '(?:mon|tues|wednes|thurs|fri|satur|sun)days';
const NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
  other: 2,
  second: 2,
};
const NUM_RE = `(?:\\d{1,3}|${Object.keys(NUMBERS).join('|')})`;
const UNIT_RE = '(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|seconds?|secs?)';
const ORDINAL_RE = '(?:\\d{1,2}(?:st|nd|rd|th)|first|last)';
const TIME_RE =
  '(?:(?:at|@)\\s+)?(?:\\d{1,2}(?:[:.]\\d{2})?\\s*(?:am|pm)|\\d{1,2}[:.]\\d{2}|noon|midday|midnight)' +
  "|(?:at|@)\\s+\\d{1,2}(?:\\s*o'?clock)?(?!\\s*(?:calls?|advis))";

/** Each phrase that says how often; matched case-insensitively, several may be said together. */
const PHRASES: RegExp[] = [
  new RegExp(`\\b(?:every|each)\\s+${NUM_RE}?\\s*${UNIT_RE}\\b`, 'gi'),
  new RegExp(`\\b(?:every|each)\\s+(?:week\\s*day|weekday)s?\\b|\\bon\\s+weekdays\\b`, 'gi'),
  // "every Monday (and Thursday)", "weekly on Friday"; a bare "on Monday" is a date, not a schedule.
  new RegExp(`\\b(?:every|each|(?:weekly|(?:every|each)\\s+week)\\s+on)\\s+${DAY_RE}(?:\\s*(?:,|and|&)\\s*${DAY_RE})*\\b`, 'gi'),
  // A day named in the plural recurs: "mondays at 8am", "Tuesdays and Thursdays".
  new RegExp(`\\b(?:on\\s+)?${PLURAL_DAY_RE}(?:\\s*(?:,|and|&)\\s*${PLURAL_DAY_RE})*\\b`, 'gi'),
  new RegExp(`\\b(?:on\\s+)?the\\s+${ORDINAL_RE}(?:\\s+day)?\\s+of\\s+(?:every|each|the)\\s+month\\b`, 'gi'),
  new RegExp(`\\bon\\s+the\\s+${ORDINAL_RE}\\b`, 'gi'),
  /\b(?:daily|weekly|monthly|hourly|fortnightly|(?:every|each)\s+(?:morning|afternoon|evening|night))\b/gi,
  new RegExp(`\\b(?:${TIME_RE})`, 'gi'),
];

/**
 * A part of the day said beside a recurrence ("every weekday morning", "Mondays in the
 * afternoon"): part of the schedule, never of what each run asks. Alone ("calls this morning")
 * it says no recurrence, so it is taken out only when a phrase above was found.
 */
const PART_OF_DAY = /\b(?:in\s+the\s+)?(?:morning|afternoon|evening|night)s?\b/gi;

/** The recurrence said in `text`, or null when it says none (then it is not a schedule request). */
export function findRecurrence(text: string): RecurrenceFound | null {
  const found = phraseSpans(text, PHRASES);
  const first = found.map((s) => text.slice(s.start, s.end).toLowerCase());
  const core = first.filter((s) => !new RegExp(`^(?:${TIME_RE})$`, 'i').test(s) && !/^on\s+the\s/i.test(s));
  if (!core.length && !first.some((s) => /\bof\s+(?:every|each)\s+month\b/.test(s))) return null;
  const spans = phraseSpans(text, [...PHRASES, PART_OF_DAY]);
  const said = spans.map((s) => text.slice(s.start, s.end).toLowerCase());
  const rest = cleanRest(removeSpans(text, spans));
  const clause = said.join(' ');
  const problem = problemOf(clause);
  if (problem) return { recurrence: null, problem, rest };
  return { recurrence: readClause(clause), problem: null, rest };
}

type Span = { start: number; end: number };

function phraseSpans(text: string, phrases: RegExp[]): Span[] {
  const spans: Span[] = [];
  for (const re of phrases) {
    for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

function removeSpans(text: string, spans: Span[]): string {
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += `${text.slice(at, s.start)} `;
    at = s.end;
  }
  return out + text.slice(at);
}

/** The words left once the schedule is taken out: "please schedule a review …" keeps its request. */
function cleanRest(text: string): string {
  return text
    .replace(/\s+([,.;])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;.]+|[\s,;]+$/g, '')
    .replace(/,\s*(?=[.?!]?$)/, '')
    .trim();
}

function numberOf(word: string | undefined): number {
  if (!word) return 1;
  return /^\d+$/.test(word) ? Number(word) : (NUMBERS[word] ?? 1);
}

function problemOf(clause: string): string | null {
  if (/\bseconds?\b|\bsecs?\b/.test(clause)) return 'A schedule can run at most once a minute.';
  if (
    /\bfortnightly\b/.test(clause) ||
    (new RegExp(`\\bevery\\s+(?:other|second|${NUM_RE})\\s+(?:weeks?|days?|months?)\\b`).test(clause) &&
      !/\bevery\s+(?:1|one)\s/.test(clause))
  ) {
    return (
      'I can schedule something daily, on chosen days of the week, monthly on a day of the month, ' +
      'or every so many minutes or hours — not every other week, day or month.'
    );
  }
  const dom = clause.match(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/);
  if (/\bthe\s+last\b/.test(clause) || (dom && Number(dom[1]) > 28)) {
    return 'A monthly schedule needs a day from the 1st to the 28th (every month has those).';
  }
  const weekly = /\bweekly\b|\bevery\s+week\b|\beach\s+week\b/.test(clause);
  if (weekly && !new RegExp(`\\b${DAY_RE}\\b`).test(clause.replace(/\bweek\s*days?\b/g, ''))) {
    return '“Weekly” needs a day of the week.';
  }
  return null;
}

/** One recurrence from the clause's words (problemOf has refused what it cannot be). */
function readClause(clause: string): Recurrence {
  const interval = clause.match(new RegExp(`\\bevery\\s+(${NUM_RE})?\\s*(minutes?|mins?|hours?|hrs?)\\b`));
  if (interval || /\bhourly\b/.test(clause)) {
    const n = numberOf(interval?.[1]);
    const minutes = interval && /^min/.test(interval[2]!);
    const seconds = n * (minutes ? 60 : 3600);
    const unit = minutes ? 'minute' : 'hour';
    return { kind: 'interval', seconds, words: n === 1 ? `every ${unit}` : `every ${n} ${unit}s` };
  }
  const time = timeOf(clause);
  const at = `at ${pad(time.hour)}:${pad(time.minute)}`;
  const cronTime = `${time.minute} ${time.hour}`;
  const base = { kind: 'cron' as const, timeSaid: time.said };
  if (/\bweek\s*days?\b|\bweekdays\b/.test(clause)) {
    return { ...base, cron: `${cronTime} * * 1-5`, words: `every weekday ${at}` };
  }
  const days = daysOf(clause);
  if (days.length) {
    const names = days.map((d) => capitalise(DAYS[d]!));
    return { ...base, cron: `${cronTime} * * ${days.join(',')}`, words: `every ${andList(names)} ${at}` };
  }
  const dom = clause.match(/\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/) ?? (/\bthe\s+first\b/.test(clause) ? ['', '1'] : null);
  if (dom) {
    const d = Number(dom[1]);
    return { ...base, cron: `${cronTime} ${d} * *`, words: `on the ${ordinal(d)} of every month ${at}` };
  }
  if (/\bmonthly\b|\bmonths?\b/.test(clause)) {
    return { ...base, cron: `${cronTime} 1 * *`, words: `on the 1st of every month ${at}` };
  }
  return { ...base, cron: `${cronTime} * * *`, words: `every day ${at}` };
}

function daysOf(clause: string): number[] {
  const found = new Set<number>();
  for (const m of clause.matchAll(new RegExp(`\\b(${DAY_RE})\\b`, 'g'))) {
    const word = m[1]!;
    if (/^week/.test(word)) continue;
    const i = DAYS.findIndex((d) => d.startsWith(word.replace(/s$/, '').slice(0, 3)));
    if (i >= 0) found.add(i);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The time of day said (chrono-node, en-GB), or 09:00 when none is; "every evening" is 18:00,
 * "in the afternoon" 14:00. "Morning" is the 09:00 taken anyway, so it is not counted as said
 * (the caller then says which hour it took).
 */
function timeOf(clause: string): { hour: number; minute: number; said: boolean } {
  const reference = new Date(Date.UTC(2026, 0, 5, 12));
  const parsed = chrono.en.GB.parse(clause.replace(/\bevery\b|\beach\b/g, ' '), reference).find((r) => r.start.isCertain('hour'));
  if (parsed) return { hour: parsed.start.get('hour') ?? 9, minute: parsed.start.get('minute') ?? 0, said: true };
  if (/\bafternoons?\b/.test(clause)) return { hour: 14, minute: 0, said: true };
  if (/\bevenings?\b/.test(clause)) return { hour: 18, minute: 0, said: true };
  if (/\bnights?\b/.test(clause)) return { hour: 21, minute: 0, said: true };
  return { hour: 9, minute: 0, said: false };
}

const pad = (n: number) => String(n).padStart(2, '0');
const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
