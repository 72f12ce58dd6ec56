import type { CustomerOutcomes } from '@/server/contracts/dashboard-schemas';
import { dayText, periodText } from './days';
import { qaHref, qaWeekHref, type DrillScope } from './drill-down';
import type { Figure, FigureRow } from './figure';
import { BAD, REFERENCE_COLOUR, seriesColour } from './palette';
import { scopeText } from './scope';
import { weekAxis, withNote } from './weekly';

/**
 * The Consumer Duty figures (pure): customers flagged vulnerable, confused or anxious per week and
 * how those calls scored against the rest, and outcomes of vulnerable customers against the others,
 * over every product and per product. The queue filters on the vulnerable flag only, so the other
 * flags open the week's calls.
 */
export function customerFigures(data: CustomerOutcomes, scope: DrillScope): Figure[] {
  return [flagsByWeek(data, scope), flaggedScores(data, scope), outcomesByGroup(data, scope)];
}

const noCalls = (data: CustomerOutcomes, scope: DrillScope) =>
  `No analysed calls in ${periodText(data.period)} for ${scopeText(scope.filter)}.`;

const WEEK_CALLS = 'Click to open the week’s calls';

function flagsByWeek(data: CustomerOutcomes, scope: DrillScope): Figure {
  const axis = weekAxis(data.period, data.weeks);
  const weekHrefs = axis.weeks.map((w) => (axis.at(w) ? qaWeekHref(scope, w) : null));
  const vulnerableHrefs = axis.weeks.map((w) => (axis.at(w)?.vulnerable ? qaWeekHref(scope, w, { vulnerable: true }) : null));
  const counts = axis.values((r) => r.calls);
  const rows: FigureRow[] = data.weeks.map((r) => ({
    cells: { week: r.week, calls: r.calls, vulnerable: r.vulnerable, confused: r.confused, anxious: r.anxious },
    href: qaWeekHref(scope, r.week, r.vulnerable ? { vulnerable: true } : {}),
  }));
  return {
    id: 'customer-flags-by-week',
    title: 'Customers flagged per week',
    caption: withNote(
      'Calls where the AI flagged the customer as vulnerable, confused or anxious (a call may carry several flags).',
      axis.note,
    ),
    table: {
      columns: [
        { key: 'week', label: 'Week commencing', kind: 'week', rowHeader: true },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'vulnerable', label: 'Vulnerable', kind: 'count' },
        { key: 'confused', label: 'Confused', kind: 'count' },
        { key: 'anxious', label: 'Anxious', kind: 'count' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: axis.weeks.map(dayText),
          axes: [{ kind: 'count', name: 'Calls flagged' }],
          countName: 'calls that week',
          series: [
            {
              name: 'Vulnerable',
              type: 'bar',
              color: BAD,
              values: axis.values((r) => r.vulnerable),
              counts,
              hrefs: vulnerableHrefs,
              hrefLabel: 'Click to open the vulnerable customers’ calls',
            },
            {
              name: 'Confused',
              type: 'bar',
              color: seriesColour(0),
              values: axis.values((r) => r.confused),
              counts,
              hrefs: weekHrefs,
              hrefLabel: WEEK_CALLS,
            },
            {
              name: 'Anxious',
              type: 'bar',
              color: seriesColour(3),
              values: axis.values((r) => r.anxious),
              counts,
              hrefs: weekHrefs,
              hrefLabel: WEEK_CALLS,
            },
          ],
        }
      : null,
    empty: rows.length ? null : noCalls(data, scope),
  };
}

function flaggedScores(data: CustomerOutcomes, scope: DrillScope): Figure {
  const axis = weekAxis(data.period, data.weeks);
  const hrefs = axis.weeks.map((w) => (axis.at(w) ? qaWeekHref(scope, w) : null));
  const drill = { counts: axis.values((r) => r.calls), hrefs, hrefLabel: WEEK_CALLS };
  const rows: FigureRow[] = data.weeks.map((r) => ({
    cells: { week: r.week, calls: r.calls, flagged: r.flagged_mean_score, other: r.other_mean_score },
    href: qaWeekHref(scope, r.week),
  }));
  const measured = data.weeks.some((r) => r.flagged_mean_score !== null || r.other_mean_score !== null);
  return {
    id: 'flagged-calls-score',
    title: 'How flagged calls scored',
    caption: withNote(
      'Mean QA score per week of calls with any customer flag, against calls without one. ' +
        'A missing point: no such call was scored that week.',
      axis.note,
    ),
    table: {
      columns: [
        { key: 'week', label: 'Week commencing', kind: 'week', rowHeader: true },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'flagged', label: 'Mean score, flagged calls', kind: 'score' },
        { key: 'other', label: 'Mean score, other calls', kind: 'score' },
      ],
      rows,
    },
    chart: measured
      ? {
          kind: 'cartesian',
          categories: axis.weeks.map(dayText),
          axes: [{ kind: 'score', name: 'Mean QA score' }],
          countName: 'calls that week',
          series: [
            { name: 'Calls with a customer flag', type: 'line', color: BAD, values: axis.values((r) => r.flagged_mean_score), ...drill },
            {
              name: 'Calls without a flag',
              type: 'line',
              color: REFERENCE_COLOUR,
              values: axis.values((r) => r.other_mean_score),
              ...drill,
            },
          ],
        }
      : null,
    empty: measured ? null : rows.length ? 'No call in scope has an AI score yet.' : noCalls(data, scope),
  };
}

const GROUP_LABEL = { vulnerable: 'Vulnerable', not_vulnerable: 'Not vulnerable' } as const;

function outcomesByGroup(data: CustomerOutcomes, scope: DrillScope): Figure {
  const products = [null, ...[...new Set(data.groups.map((g) => g.product).filter((p): p is string => p !== null))].sort()];
  const productName = (p: string | null) => p ?? 'All products';
  const group = (g: 'vulnerable' | 'not_vulnerable', p: string | null) => data.groups.find((x) => x.group === g && x.product === p);
  const href = (g: 'vulnerable' | 'not_vulnerable', p: string | null) =>
    qaHref(scope, { vulnerable: g === 'vulnerable', ...(p === null ? {} : { product: p }) });
  const series = (['vulnerable', 'not_vulnerable'] as const).map((g) => ({
    name: GROUP_LABEL[g],
    type: 'bar' as const,
    color: g === 'vulnerable' ? BAD : REFERENCE_COLOUR,
    values: products.map((p) => group(g, p)?.mean_score ?? null),
    counts: products.map((p) => group(g, p)?.scored ?? null),
    hrefs: products.map((p) => (group(g, p)?.calls ? href(g, p) : null)),
  }));
  const rows: FigureRow[] = products.flatMap((p) =>
    (['vulnerable', 'not_vulnerable'] as const).flatMap((g) => {
      const o = group(g, p);
      if (!o) return [];
      return [
        {
          cells: {
            product: productName(p),
            group: GROUP_LABEL[g],
            calls: o.calls,
            scored: o.scored,
            mean: o.mean_score,
            failed_mandatory: o.failed_mandatory,
            mandatory_share: o.calls ? Math.round((o.failed_mandatory / o.calls) * 1000) / 1000 : null,
            fails: o.fails,
          },
          href: o.calls ? href(g, p) : null,
        },
      ];
    }),
  );
  const measured = data.groups.some((g) => g.mean_score !== null);
  return {
    id: 'outcomes-vulnerable-vs-not',
    title: 'Vulnerable customers against the others, by product',
    caption:
      'Mean QA score of calls with a vulnerable customer and of the others, over every product and per product; ' +
      'the table adds failed mandatory rules and rule failures.',
    table: {
      columns: [
        { key: 'product', label: 'Product', kind: 'text', rowHeader: true },
        { key: 'group', label: 'Customers', kind: 'text' },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'scored', label: 'Scored calls', kind: 'count' },
        { key: 'mean', label: 'Mean QA score', kind: 'score' },
        { key: 'failed_mandatory', label: 'Failed a mandatory rule', kind: 'count' },
        { key: 'mandatory_share', label: 'Share failing a mandatory rule', kind: 'rate' },
        { key: 'fails', label: 'Rule failures', kind: 'count' },
      ],
      rows,
    },
    chart: measured
      ? {
          kind: 'cartesian',
          categories: products.map(productName),
          axes: [{ kind: 'score', name: 'Mean QA score' }],
          countName: 'scored calls',
          series,
        }
      : null,
    empty: measured ? null : rows.length ? 'No call in scope has an AI score yet.' : noCalls(data, scope),
  };
}
