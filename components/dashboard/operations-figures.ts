import type { OperationsOverview } from '@/server/contracts/dashboard-schemas';
import { londonDay, ukDateTime } from '@/lib/uk-time';
import { dayText, daysOf } from './days';
import { runsDayHref } from './drill-down';
import type { Figure, FigureRow } from './figure';
import { BAD, GOOD, seriesColour } from './palette';
import { withNote } from './weekly';

/**
 * The operations figures (pure): runs per day by outcome, their p50/p95 durations, skill calls and
 * swaps per day, and each skill's reliability, least reliable first. By the console's clock (when
 * runs finished), not the calls' dates; the dashboard's call filter does not apply. The axis runs
 * from the first day with runs to today: a day without runs had none (a count of zero, measured),
 * while its durations are gaps; the quiet days before the first run are left off and said in words.
 * A day's point opens the run list on that day's runs.
 */
export function operationsFigures(data: OperationsOverview, now: Date): Figure[] {
  const byDay = new Map(data.days.map((d) => [d.day, d]));
  const listed = data.days.map((d) => d.day).sort();
  const last = [londonDay(now.toISOString()), ...listed].sort().at(-1)!;
  const days = listed.length ? daysOf(listed[0]!, last) : [];
  const note =
    listed.length && listed[0]! > londonDay(data.since)
      ? `The chart starts on ${dayText(listed[0]!)}, the first day a run finished; none had since ${ukDateTime(data.since)}.`
      : null;
  const axis = { days, byDay, note };
  return [runsPerDay(data, axis), durations(data, axis), skillCalls(data, axis), skillReliability(data)];
}

type Day = OperationsOverview['days'][number];
type DayAxis = { days: string[]; byDay: Map<string, Day>; note: string | null };

const noRuns = 'No run finished in the window.';
const dayRuns = (hrefs: Array<string | null>) => ({ hrefs, hrefLabel: 'Click to open the day’s runs' });
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : null);

function dayRows(data: OperationsOverview, cells: (d: Day) => FigureRow['cells'], failedOnly = false): FigureRow[] {
  return data.days.map((d) => ({ cells: { day: d.day, ...cells(d) }, href: runsDayHref(d.day, failedOnly) }));
}

function runsPerDay(data: OperationsOverview, { days, byDay, note }: DayAxis): Figure {
  const rows = dayRows(data, (d) => ({ runs: d.runs, succeeded: d.succeeded, failed: d.failed, success_rate: rate(d.succeeded, d.runs) }));
  return {
    id: 'runs-per-day',
    title: 'Runs per day',
    caption: withNote('Workflow runs that finished each day, by outcome (failed includes timed out and aborted).', note),
    table: {
      columns: [
        { key: 'day', label: 'Day', kind: 'day', rowHeader: true },
        { key: 'runs', label: 'Runs', kind: 'count' },
        { key: 'succeeded', label: 'Succeeded', kind: 'count' },
        { key: 'failed', label: 'Failed', kind: 'count' },
        { key: 'success_rate', label: 'Success rate', kind: 'rate' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: days.map(dayText),
          axes: [{ kind: 'count', name: 'Runs' }],
          series: [
            {
              name: 'Succeeded',
              type: 'bar',
              stack: 'runs',
              color: GOOD,
              values: days.map((d) => byDay.get(d)?.succeeded ?? 0),
              ...dayRuns(days.map((d) => (byDay.get(d)?.succeeded ? runsDayHref(d) : null))),
            },
            {
              name: 'Failed',
              type: 'bar',
              stack: 'runs',
              color: BAD,
              values: days.map((d) => byDay.get(d)?.failed ?? 0),
              hrefs: days.map((d) => (byDay.get(d)?.failed ? runsDayHref(d, true) : null)),
              hrefLabel: 'Click to open the day’s failed runs',
            },
          ],
        }
      : null,
    empty: rows.length ? null : noRuns,
  };
}

function durations(data: OperationsOverview, { days, byDay, note }: DayAxis): Figure {
  const rows = dayRows(data, (d) => ({ runs: d.runs, p50: d.p50_ms, p95: d.p95_ms }));
  const hrefs = days.map((d) => (byDay.get(d) ? runsDayHref(d) : null));
  const counts = days.map((d) => byDay.get(d)?.runs ?? null);
  return {
    id: 'run-duration-per-day',
    title: 'Run duration per day (p50 and p95)',
    caption: withNote(
      'Half of the day’s runs took at most the p50; all but one in twenty at most the p95. Days without runs are gaps.',
      note,
    ),
    table: {
      columns: [
        { key: 'day', label: 'Day', kind: 'day', rowHeader: true },
        { key: 'runs', label: 'Runs', kind: 'count' },
        { key: 'p50', label: 'p50 duration', kind: 'ms' },
        { key: 'p95', label: 'p95 duration', kind: 'ms' },
      ],
      rows,
    },
    chart: rows.some((r) => r.cells.p50 !== null)
      ? {
          kind: 'cartesian',
          categories: days.map(dayText),
          axes: [{ kind: 'ms', name: 'Duration' }],
          countName: 'runs',
          series: [
            {
              name: 'p50',
              type: 'line',
              color: seriesColour(0),
              values: days.map((d) => byDay.get(d)?.p50_ms ?? null),
              counts,
              ...dayRuns(hrefs),
            },
            {
              name: 'p95',
              type: 'line',
              color: seriesColour(1),
              values: days.map((d) => byDay.get(d)?.p95_ms ?? null),
              counts,
              ...dayRuns(hrefs),
            },
          ],
        }
      : null,
    empty: rows.length ? (rows.some((r) => r.cells.p50 !== null) ? null : 'No run duration was recorded in the window.') : noRuns,
  };
}

function skillCalls(data: OperationsOverview, { days, byDay, note }: DayAxis): Figure {
  const rows = dayRows(data, (d) => ({ skill_calls: d.skill_calls, swaps: d.swaps }));
  const hrefs = days.map((d) => (byDay.get(d) ? runsDayHref(d) : null));
  return {
    id: 'skill-calls-per-day',
    title: 'Skill calls and swaps per day',
    caption: withNote(
      'Calls of skills by the runs that finished each day, and swaps: a failing skill replaced by an alternative during a run.',
      note,
    ),
    table: {
      columns: [
        { key: 'day', label: 'Day', kind: 'day', rowHeader: true },
        { key: 'skill_calls', label: 'Skill calls', kind: 'count' },
        { key: 'swaps', label: 'Swaps', kind: 'count' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: days.map(dayText),
          axes: [
            { kind: 'count', name: 'Skill calls' },
            { kind: 'count', name: 'Swaps' },
          ],
          series: [
            {
              name: 'Skill calls',
              type: 'bar',
              color: seriesColour(0),
              values: days.map((d) => byDay.get(d)?.skill_calls ?? 0),
              ...dayRuns(hrefs),
            },
            {
              name: 'Swaps',
              type: 'bar',
              axis: 1,
              color: seriesColour(1),
              values: days.map((d) => byDay.get(d)?.swaps ?? 0),
              ...dayRuns(hrefs),
            },
          ],
        }
      : null,
    empty: rows.length ? null : noRuns,
  };
}

function skillReliability(data: OperationsOverview): Figure {
  const skills = data.skills;
  const ranked = skills.some((s) => s.success_rate !== null);
  return {
    id: 'skill-reliability',
    title: 'Skills, least reliable first',
    caption:
      'Share of each skill’s calls that succeeded in the window. Caller errors (a run’s bad input) are counted apart, not against the skill.',
    table: {
      columns: [
        { key: 'skill', label: 'Skill', kind: 'text', rowHeader: true },
        { key: 'capability', label: 'Capability', kind: 'text' },
        { key: 'n_success', label: 'Succeeded', kind: 'count' },
        { key: 'n_failures', label: 'Failed', kind: 'count' },
        { key: 'n_caller_errors', label: 'Caller errors', kind: 'count' },
        { key: 'success_rate', label: 'Success rate', kind: 'rate' },
        { key: 'p95', label: 'p95 latency', kind: 'ms' },
      ],
      rows: skills.map((s) => ({
        cells: {
          skill: s.skill,
          capability: s.capability,
          n_success: s.n_success,
          n_failures: s.n_failures,
          n_caller_errors: s.n_caller_errors,
          success_rate: s.success_rate,
          p95: s.p95_latency_ms,
        },
        href: null,
      })),
    },
    chart: ranked
      ? {
          kind: 'cartesian',
          horizontal: true,
          categories: skills.map((s) => s.skill.replace(/^skill:\/\//, '')),
          countName: 'skill calls',
          axes: [{ kind: 'rate', name: 'Success rate' }],
          series: [
            {
              name: 'Success rate',
              type: 'bar',
              color: seriesColour(0),
              values: skills.map((s) => s.success_rate),
              counts: skills.map((s) => s.n_success + s.n_failures),
            },
          ],
        }
      : null,
    empty: !skills.length ? 'No skill was called in the window.' : ranked ? null : 'No skill call succeeded or failed in the window.',
  };
}
