import type { ReviewCoverage } from '@/server/contracts/dashboard-schemas';
import { QA_REVIEW_STATES } from '@/components/qa/queue/queue-query';
import { STATUS_LABELS } from '@/components/qa/format';
import { dayText, periodText } from './days';
import { qaHref, qaWeekHref, type DrillScope } from './drill-down';
import type { Figure, FigureRow } from './figure';
import { NEUTRAL, seriesColour } from './palette';
import { scopeText } from './scope';
import { weekAxis, withNote } from './weekly';

/**
 * Coverage and review figures (pure): calls the CRM recorded against calls the QA store analysed,
 * week by week (recorded is null where the CRM could not say: a gap, with its reason), and where
 * the analysed calls stand in review (unreviewed = the AI's word only).
 */
export function coverageFigures(data: ReviewCoverage, scope: DrillScope): Figure[] {
  return [recordedVsAnalysed(data, scope), reviewStatus(data, scope)];
}

const share = (part: number, whole: number | null) => (whole ? Math.round((part / whole) * 1000) / 1000 : null);

function recordedVsAnalysed(data: ReviewCoverage, scope: DrillScope): Figure {
  const axis = weekAxis(data.period, data.weeks, 'calls recorded or analysed');
  const hrefs = axis.weeks.map((w) => (axis.at(w)?.analysed ? qaWeekHref(scope, w) : null));
  const rows: FigureRow[] = data.weeks.map((r) => ({
    cells: { week: r.week, recorded: r.recorded, analysed: r.analysed, share: r.recorded === null ? null : share(r.analysed, r.recorded) },
    href: r.analysed ? qaWeekHref(scope, r.week) : null,
  }));
  const note = data.recorded_note ? ` ${data.recorded_note}` : '';
  return {
    id: 'recorded-vs-analysed',
    title: 'Calls recorded and calls analysed, per week',
    caption: withNote(`Calls the CRM holds as recorded against calls with a stored QA result.${note}`, axis.note),
    table: {
      columns: [
        { key: 'week', label: 'Week commencing', kind: 'week', rowHeader: true },
        { key: 'recorded', label: 'Recorded (CRM)', kind: 'count' },
        { key: 'analysed', label: 'Analysed (QA store)', kind: 'count' },
        { key: 'share', label: 'Share analysed', kind: 'rate' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: axis.weeks.map(dayText),
          axes: [{ kind: 'count', name: 'Calls' }],
          series: [
            { name: 'Recorded (CRM)', type: 'bar', color: NEUTRAL, values: axis.values((r) => r.recorded) },
            { name: 'Analysed (QA store)', type: 'bar', color: seriesColour(0), values: axis.values((r) => r.analysed), hrefs },
          ],
        }
      : null,
    empty: rows.length ? null : `No call recorded or analysed in ${periodText(data.period)} for ${scopeText(scope.filter)}.`,
  };
}

function reviewStatus(data: ReviewCoverage, scope: DrillScope): Figure {
  const total = QA_REVIEW_STATES.reduce((n, s) => n + data.review[s], 0);
  const label = (s: (typeof QA_REVIEW_STATES)[number]) => (s === 'unreviewed' ? 'Unreviewed (AI only)' : STATUS_LABELS[s]);
  const hrefs = QA_REVIEW_STATES.map((s) => (data.review[s] ? qaHref(scope, { review_status: [s] }) : null));
  return {
    id: 'review-status',
    title: 'AI only or reviewed by a person',
    caption: 'Where the analysed calls stand in review: unreviewed calls carry only the AI’s verdicts.',
    table: {
      columns: [
        { key: 'status', label: 'Review status', kind: 'text', rowHeader: true },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'share', label: 'Share of analysed calls', kind: 'rate' },
      ],
      rows: QA_REVIEW_STATES.map((s, i) => ({
        cells: { status: label(s), calls: data.review[s], share: share(data.review[s], total) },
        href: hrefs[i]!,
      })),
    },
    chart: total
      ? {
          kind: 'cartesian',
          horizontal: true,
          categories: QA_REVIEW_STATES.map(label),
          axes: [{ kind: 'count', name: 'Calls' }],
          series: [{ name: 'Calls', type: 'bar', color: seriesColour(0), values: QA_REVIEW_STATES.map((s) => data.review[s]), hrefs }],
        }
      : null,
    empty: total ? null : `No analysed calls in ${periodText(data.period)} for ${scopeText(scope.filter)}.`,
  };
}
