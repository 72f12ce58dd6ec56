/**
 * The run list's date inputs hold calendar days in the reader's time zone; the filter holds
 * instants (list_workflow_runs: started_after inclusive, started_before exclusive). A "from" day
 * starts at its local midnight; a "to" day is inclusive, so started_before is the next midnight.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localMidnight(day: string, addDays = 0): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(y, mo, d + addDays);
  // new Date(2024, 1, 31) rolls over to March: a day that does not exist is not a day.
  const check = new Date(y, mo, d);
  return check.getFullYear() === y && check.getMonth() === mo && check.getDate() === d ? date : null;
}

/** "2024-07-01" → the instant its local day starts (ISO); undefined for a blank or impossible day. */
export function dayStartIso(day: string): string | undefined {
  return localMidnight(day)?.toISOString();
}

/** "2024-07-07" → the instant the local day after it starts: the exclusive end of an inclusive "to" day. */
export function dayEndIso(day: string): string | undefined {
  return localMidnight(day, 1)?.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local calendar day of an instant ("" for an unreadable one): a "from" input's value. */
export function dayOfIso(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : localDay(new Date(t));
}

/** The last local day before an exclusive end instant: a "to" input's value. */
export function lastDayOfIso(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : localDay(new Date(t - 1));
}
