import { SkillError, stringArg, type Args } from './envelope.ts';

/**
 * The period arguments the CRM tools take: `start_date` and `end_date`, calendar dates
 * YYYY-MM-DD, both inclusive. A malformed date or a start after the end is the caller's mistake
 * (InvalidArguments): never swapped or read as an empty period, so a typo cannot pass as "no calls".
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function dateArg(args: Args, name: string): string {
  const v = stringArg(args, name, true);
  const parsed = Date.parse(`${v}T00:00:00Z`);
  // Date.parse rolls 2024-02-30 over to 1 March: a real calendar date reads back unchanged.
  if (!DATE.test(v) || Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== v) {
    throw new SkillError('InvalidArguments', `${name} must be a date YYYY-MM-DD, got "${v}"`);
  }
  return v;
}

export function periodArgs(args: Args): { start: string; end: string } {
  const start = dateArg(args, 'start_date');
  const end = dateArg(args, 'end_date');
  if (start > end) throw new SkillError('InvalidArguments', `start_date ${start} is after end_date ${end}`);
  return { start, end };
}
