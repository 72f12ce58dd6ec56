import type { PolicyComparison } from '@/lib/planning/schemas';
import { strategyName } from '@/components/planning/format';
import type { Figure } from './figure';
import { BAD, seriesColour } from './palette';

/**
 * The "Policies compared" figures (pure, issue 17): per explore/exploit strategy, its success rate
 * and mean regret with the decisions behind each, and its mean latency — on this deployment's own
 * recorded skill uses (an offline replay, or a live split). Regret is the success the strategy gave
 * up per decision against the best skill in hindsight, so it reads as a share, like the rate.
 */
export function policiesFigures(data: PolicyComparison): Figure[] {
  const rows = data.strategies.map((s) => ({
    cells: {
      strategy: strategyName(s.strategy),
      decisions: s.decisions,
      success_rate: s.success_rate,
      regret: s.regret,
      latency: s.mean_latency_ms,
    },
    href: null,
  }));
  const measured = data.strategies.some((s) => s.decisions > 0);
  const names = data.strategies.map((s) => strategyName(s.strategy));
  const decisions = data.strategies.map((s) => s.decisions);
  return [
    {
      id: `policies-${data.source === 'live_split' ? 'live-split' : 'offline-replay'}`,
      title: 'Success rate and regret per strategy',
      caption:
        'Each strategy’s share of successful skill uses and its mean regret per decision (lower is better), ' +
        'with the number of decisions behind each figure; latency is the mean of the skill uses it counted.',
      table: {
        columns: [
          { key: 'strategy', label: 'Strategy', kind: 'text', rowHeader: true },
          { key: 'decisions', label: 'Decisions', kind: 'count' },
          { key: 'success_rate', label: 'Success rate', kind: 'rate' },
          { key: 'regret', label: 'Mean regret', kind: 'rate' },
          { key: 'latency', label: 'Mean latency', kind: 'ms' },
        ],
        rows,
      },
      chart: measured
        ? {
            kind: 'cartesian',
            categories: names,
            axes: [{ kind: 'rate', name: 'Share of decisions' }],
            countName: 'decisions',
            series: [
              {
                name: 'Success rate',
                type: 'bar',
                color: seriesColour(0),
                values: data.strategies.map((s) => s.success_rate),
                counts: decisions,
              },
              { name: 'Mean regret', type: 'bar', color: BAD, values: data.strategies.map((s) => s.regret), counts: decisions },
            ],
          }
        : null,
      empty: rows.length === 0 ? 'No strategy was compared.' : measured ? null : noDecisions(data),
    },
  ];
}

function noDecisions(data: PolicyComparison): string {
  return data.source === 'live_split'
    ? 'The live split has recorded no decisions yet (is DCF_POLICY_SPLIT set?).'
    : 'The history holds no decision to replay: no capability with two or more skills has been used in the period.';
}
