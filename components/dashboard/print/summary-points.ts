import type { ComplianceOverview, OperationsOverview, QaTrends, ReviewCoverage } from '@/server/contracts/dashboard-schemas';
import { scoreText } from '@/components/qa/format';
import { countText, rateText, signedText } from '../format';

/** How many of the rules failing most, and of the advisors furthest below the team, page one names. */
const TOP = 3;

export interface SummaryPoint {
  id: 'advisors' | 'rules' | 'review' | 'operations';
  title: string;
  lines: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${countText(n)} ${n === 1 ? one : many}`;

/**
 * The board pack's first page beside its headline figures (pure): who is furthest below the team,
 * the rules failing most, where the reviews stand, and how the runs went — each line read from the
 * same widget data the sections print in full, so page one never says what page five does not.
 * A widget that did not answer gives no point (its section says why).
 */
export function summaryPoints(d: {
  trends?: QaTrends;
  compliance?: ComplianceOverview;
  coverage?: ReviewCoverage;
  operations?: OperationsOverview;
}): SummaryPoint[] {
  const out: SummaryPoint[] = [];
  if (d.trends) {
    const below = d.trends.below_team.slice(0, TOP);
    out.push({
      id: 'advisors',
      title: 'Furthest below the team average',
      lines: below.length
        ? below.map(
            (b) => `${b.advisor}: ${scoreText(b.mean_score)} (${signedText(b.vs_team)} against the team, ${plural(b.calls, 'call')})`,
          )
        : ['No advisor is below the team average.'],
    });
  }
  if (d.compliance) {
    const failing = d.compliance.rules.filter((r) => r.failed > 0).slice(0, TOP);
    out.push({
      id: 'rules',
      title: 'Rules failing most',
      lines: failing.length
        ? failing.map(
            (r) =>
              `${r.rule_id} ${r.title}${r.mandatory ? ' (mandatory)' : ''}: failed on ${countText(r.failed)} of ${plural(r.applied, 'call')}, ` +
              `pass rate ${rateText(r.pass_rate)}`,
          )
        : ['No rule failed on any call.'],
    });
  }
  if (d.coverage) {
    const r = d.coverage.review;
    out.push({
      id: 'review',
      title: 'Where the reviews stand',
      lines: [
        `${countText(r.signed_off)} signed off, ${countText(r.awaiting_second_signoff)} awaiting a second sign-off, ` +
          `${countText(r.in_review)} in review, ${countText(r.unreviewed)} unreviewed (the AI's result alone).`,
      ],
    });
  }
  if (d.operations) {
    const t = d.operations.totals;
    out.push({
      id: 'operations',
      title: 'Runs (by the console’s clock)',
      lines: [
        t.runs
          ? `${plural(t.runs, 'run')} finished: ${countText(t.succeeded)} succeeded, ${countText(t.failed)} failed, timed out or aborted.`
          : 'No run finished in the window.',
      ],
    });
  }
  return out;
}
