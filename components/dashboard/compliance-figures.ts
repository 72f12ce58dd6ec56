import type { ComplianceOverview } from '@/server/contracts/dashboard-schemas';
import { dayText, periodText } from './days';
import { qaHref, qaWeekHref, type DrillScope } from './drill-down';
import type { Figure, FigureRow } from './figure';
import { BAD, seriesColour } from './palette';
import { scopeText } from './scope';
import { weekAxis, withNote } from './weekly';

/**
 * The compliance figures (pure): each rule's pass rate week by week (a grid: a cell where the rule
 * applied, none where it did not), calls failing a mandatory rule per week, and the rules failing
 * most. A drill-down opens the calls that *failed* the rule (the queue's `rule_id`).
 */
export function complianceFigures(data: ComplianceOverview, scope: DrillScope): Figure[] {
  return [passRateByWeek(data, scope), mandatoryByWeek(data, scope), rulesFailingMost(data, scope)];
}

const noCalls = (data: ComplianceOverview, scope: DrillScope) =>
  `No analysed calls in ${periodText(data.period)} for ${scopeText(scope.filter)}.`;

function passRateByWeek(data: ComplianceOverview, scope: DrillScope): Figure {
  const axis = weekAxis(
    data.period,
    data.rules.flatMap((r) => r.weeks),
  );
  const column = new Map(axis.weeks.map((w, i) => [w, i]));
  const rows: FigureRow[] = [];
  const cells: Array<{ column: number; row: number; value: number; count: number; href: string | null }> = [];
  data.rules.forEach((rule, ri) => {
    for (const w of rule.weeks) {
      const href = w.failed > 0 ? qaWeekHref(scope, w.week, { rule_id: rule.rule_id }) : null;
      const row = {
        rule: rule.rule_id,
        mandatory: rule.mandatory,
        week: w.week,
        applied: w.applied,
        failed: w.failed,
        pass_rate: w.pass_rate,
      };
      rows.push({ cells: row, href });
      if (w.pass_rate !== null) cells.push({ column: column.get(w.week)!, row: ri, value: w.pass_rate, count: w.applied, href });
    }
  });
  return {
    id: 'rule-pass-rate-by-week',
    title: 'Pass rate per rule, week by week',
    caption: withNote(
      'Share of the calls each rule applied to that passed it, rules failing most at the top. ' +
        'A blank cell: the rule applied to no call that week. Click a cell for the calls that failed it.',
      axis.note,
    ),
    table: {
      columns: [
        { key: 'rule', label: 'Rule', kind: 'text', rowHeader: true },
        { key: 'mandatory', label: 'Mandatory', kind: 'flag' },
        { key: 'week', label: 'Week commencing', kind: 'week' },
        { key: 'applied', label: 'Calls it applied to', kind: 'count' },
        { key: 'failed', label: 'Failed', kind: 'count' },
        { key: 'pass_rate', label: 'Pass rate', kind: 'rate' },
      ],
      rows,
    },
    chart: cells.length
      ? {
          kind: 'heatmap',
          columns: axis.weeks.map(dayText),
          rows: data.rules.map((r) => (r.mandatory ? `${r.rule_id} (mandatory)` : r.rule_id)),
          cells,
          valueName: 'Pass rate',
          countName: 'calls it applied to',
        }
      : null,
    empty: cells.length ? null : data.calls === 0 ? noCalls(data, scope) : 'No rule applied to the calls in scope.',
  };
}

function mandatoryByWeek(data: ComplianceOverview, scope: DrillScope): Figure {
  const axis = weekAxis(data.period, data.mandatory_weeks);
  const hrefs = axis.weeks.map((w) => (axis.at(w)?.failed_mandatory ? qaWeekHref(scope, w, { failed_mandatory: true }) : null));
  const counts = axis.values((r) => r.calls);
  const share = (r: { calls: number; failed_mandatory: number }) =>
    r.calls ? Math.round((r.failed_mandatory / r.calls) * 1000) / 1000 : null;
  const rows: FigureRow[] = axis.weeks.flatMap((w, i) => {
    const r = axis.at(w);
    return r
      ? [{ cells: { week: w, calls: r.calls, failed: r.failed_mandatory, share: share(r) }, href: hrefs[i] ?? qaWeekHref(scope, w) }]
      : [];
  });
  return {
    id: 'failed-mandatory-by-week',
    title: 'Calls failing a mandatory disclosure, per week',
    caption: withNote('Calls that failed at least one mandatory rule (bars) and their share of the week’s calls (line).', axis.note),
    table: {
      columns: [
        { key: 'week', label: 'Week commencing', kind: 'week', rowHeader: true },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'failed', label: 'Failed a mandatory rule', kind: 'count' },
        { key: 'share', label: 'Share of calls', kind: 'rate' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: axis.weeks.map(dayText),
          axes: [
            { kind: 'count', name: 'Calls' },
            { kind: 'rate', name: 'Share of calls' },
          ],
          series: [
            {
              name: 'Calls failing a mandatory rule',
              type: 'bar',
              color: BAD,
              values: axis.values((r) => r.failed_mandatory),
              counts,
              hrefs,
            },
            { name: 'Share of the week’s calls', type: 'line', axis: 1, color: seriesColour(0), values: axis.values(share), counts, hrefs },
          ],
        }
      : null,
    empty: rows.length ? null : noCalls(data, scope),
  };
}

function rulesFailingMost(data: ComplianceOverview, scope: DrillScope): Figure {
  const rules = data.rules;
  const hrefs = rules.map((r) => (r.failed > 0 ? qaHref(scope, { rule_id: r.rule_id }) : null));
  const pick = (mandatory: boolean) => rules.map((r) => (r.mandatory === mandatory ? r.failed : null));
  return {
    id: 'rules-failing-most',
    title: 'Rules failing most',
    caption: `Every rule that applied in ${periodText(data.period)}: calls that failed it, most first.`,
    table: {
      columns: [
        { key: 'rule', label: 'Rule', kind: 'text', rowHeader: true },
        { key: 'title', label: 'Title', kind: 'text' },
        { key: 'mandatory', label: 'Mandatory', kind: 'flag' },
        { key: 'applied', label: 'Calls it applied to', kind: 'count' },
        { key: 'failed', label: 'Failed', kind: 'count' },
        { key: 'pass_rate', label: 'Pass rate', kind: 'rate' },
      ],
      rows: rules.map((r, i) => ({
        cells: { rule: r.rule_id, title: r.title, mandatory: r.mandatory, applied: r.applied, failed: r.failed, pass_rate: r.pass_rate },
        href: hrefs[i]!,
      })),
    },
    chart: rules.length
      ? {
          kind: 'cartesian',
          horizontal: true,
          categories: rules.map((r) => `${r.rule_id} ${r.title}`),
          countName: 'calls it applied to',
          axes: [{ kind: 'count', name: 'Calls that failed the rule' }],
          series: [
            {
              name: 'Mandatory rule',
              type: 'bar',
              stack: 'rule',
              color: BAD,
              values: pick(true),
              counts: rules.map((r) => r.applied),
              hrefs,
              hrefLabel: 'Click to open the calls that failed it',
            },
            {
              name: 'Other rule',
              type: 'bar',
              stack: 'rule',
              color: seriesColour(0),
              values: pick(false),
              counts: rules.map((r) => r.applied),
              hrefs,
              hrefLabel: 'Click to open the calls that failed it',
            },
          ],
        }
      : null,
    empty: rules.length ? null : data.calls === 0 ? noCalls(data, scope) : 'No rule applied to the calls in scope.',
  };
}
