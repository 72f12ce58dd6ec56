import { londonWallInstant, ukDate, ukDateTime } from '@/lib/uk-time';
import type { FormField } from './form-fields';

/**
 * The run form's checks before anything is sent, the same the Planner makes before it starts a
 * run (issue 15): a period's start is not after its end, and the advisor is one the CRM knows.
 * They run as the user types (the Start button stays disabled while one fails); formToInput's
 * per-field checks (required, a real date) still run on submit. Pure.
 */

/** An advisor of the CRM as `crm.advisors` (list_advisors) lists them. */
export interface AdvisorChoice {
  advisor_id: string;
  name: string;
  team: string;
}

/** The CRM's advisors for the form: still loading, read, or unreadable (then names are checked when the run starts). */
export type AdvisorList =
  { status: 'loading' } | { status: 'ready'; advisors: readonly AdvisorChoice[] } | { status: 'unavailable'; reason: string };

/** The input that names the advisor (issue 15: "when the workflow's input schema has `advisor_name`"). */
export const ADVISOR_FIELD = 'advisor_name';

const DATE_TYPES = new Set(['date', 'date-time']);
/** How the end of a period is named after its start: start_date → end_date, from → to, startDate → endDate. */
const PAIR_WORDS: Array<[RegExp, string]> = [
  [/start/i, 'end'],
  [/begin/i, 'end'],
  [/from/i, 'to'],
  [/since/i, 'until'],
];

const sameCase = (word: string, like: string) => (like[0] === like[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word);

/** The date fields that bound one period, each start with its end. */
export function datePairs(fields: readonly FormField[]): Array<{ start: FormField; end: FormField }> {
  const dates = fields.filter((f) => DATE_TYPES.has(f.type));
  const byName = new Map(dates.map((f) => [f.name, f]));
  const pairs: Array<{ start: FormField; end: FormField }> = [];
  for (const start of dates) {
    for (const [word, endWord] of PAIR_WORDS) {
      const end = byName.get(start.name.replace(word, (w) => sameCase(endWord, w)));
      if (end && end !== start) {
        pairs.push({ start, end });
        break;
      }
    }
  }
  return pairs;
}

/**
 * The form's fields in schema order, except that each period's end follows its start (a schema
 * may list `end_date` before `start_date`; a form reads start → end).
 */
export function orderedFields(fields: readonly FormField[]): FormField[] {
  const ends = new Map(datePairs(fields).map((p) => [p.start, p.end]));
  const paired = new Set(ends.values());
  return fields.flatMap((f) => (paired.has(f) ? [] : ends.has(f) ? [f, ends.get(f)!] : [f]));
}

/** A control's value as an instant to compare (a `YYYY-MM-DD` day at its start), or null when it is not one yet. */
function instantOf(field: FormField, value: unknown): number | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (field.type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : null;
  // One without a zone is London's clock, as formToInput sends it.
  const t = Date.parse(londonWallInstant(text) ?? text);
  return Number.isNaN(t) ? null : t;
}

function shown(field: FormField, value: string): string {
  return field.type === 'date' ? ukDate(`${value.trim()}T12:00:00Z`) : ukDateTime(value.trim());
}

/** A message on the end field of each period whose start is after its end. */
export function periodProblems(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { start, end } of datePairs(fields)) {
    const a = instantOf(start, values[start.name]);
    const b = instantOf(end, values[end.name]);
    if (a === null || b === null || a <= b) continue;
    const from = shown(start, values[start.name] as string);
    const to = shown(end, values[end.name] as string);
    problems[end.name] = `${start.label} (${from}) is after ${end.label} (${to}): ` + 'the period must start on or before its end.';
  }
  return problems;
}

const normalName = (s: string) => s.normalize('NFKC').replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

/** The CRM advisor a typed name is (any case, extra spaces, curly apostrophes), or null. */
export function matchAdvisor(text: string, advisors: readonly AdvisorChoice[]): AdvisorChoice | null {
  const want = normalName(text);
  return want ? (advisors.find((a) => normalName(a.name) === want) ?? null) : null;
}

/** The advisor field of a form: `advisor_name` when it is a text field. */
export function advisorFieldOf(fields: readonly FormField[]): FormField | null {
  return fields.find((f) => f.name === ADVISOR_FIELD && f.type === 'string') ?? null;
}

/** Why the typed advisor is refused: not one of the CRM's (once its list is read); null when fine or empty. */
export function advisorProblem(value: unknown, list: AdvisorList): string | null {
  if (list.status !== 'ready' || typeof value !== 'string' || !value.trim()) return null;
  if (matchAdvisor(value, list.advisors)) return null;
  return `“${value.trim()}” is not an advisor in the CRM. Choose a name from the list.`;
}

/** Every check that can fail while the user types, by field name. */
export function liveProblems(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  advisors: AdvisorList,
): Record<string, string> {
  const problems = periodProblems(fields, values);
  const field = advisorFieldOf(fields);
  const advisor = field ? advisorProblem(values[field.name], advisors) : null;
  if (field && advisor) problems[field.name] = advisor;
  return problems;
}

/** The input with the advisor's name as the CRM spells it ("alex wong" → "Alex Wong"). */
export function withCrmSpelling(input: Record<string, unknown>, list: AdvisorList): Record<string, unknown> {
  const name = input[ADVISOR_FIELD];
  if (list.status !== 'ready' || typeof name !== 'string') return input;
  const match = matchAdvisor(name, list.advisors);
  return match ? { ...input, [ADVISOR_FIELD]: match.name } : input;
}
