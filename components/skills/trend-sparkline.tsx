import type { TrendBucket } from './reliability-types';
import { trendTotals, usesText } from './reliability-format';

const BAR = 6;
const GAP = 2;
const HEIGHT = 28;

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * Daily uses as a tiny stacked bar chart (inline SVG, oldest day left): successes in green,
 * failures in red on top, scaled to the busiest day; a day without uses is a faint tick.
 * Screen readers get the totals as the image's name; each bar has a tooltip with its day.
 */
export function TrendSparkline({ trend }: { trend: readonly TrendBucket[] }) {
  const max = Math.max(1, ...trend.map((b) => b.n_success + b.n_failures));
  const totals = trendTotals(trend);
  const label = `Daily uses over the last ${trend.length} days: ${usesText(totals)}`;
  const width = trend.length * (BAR + GAP) - GAP;
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      className="overflow-visible"
      data-testid="trend-sparkline"
      data-uses={totals.n_success + totals.n_failures}
    >
      <title>{label}</title>
      {trend.map((b, i) => {
        const x = i * (BAR + GAP);
        const ok = (b.n_success / max) * HEIGHT;
        const bad = (b.n_failures / max) * HEIGHT;
        const tip = `${day(b.start)}: ${usesText(b)}`;
        if (b.n_success + b.n_failures === 0) {
          return (
            <rect key={b.start} x={x} y={HEIGHT - 1} width={BAR} height={1} className="fill-slate-200">
              <title>{tip}</title>
            </rect>
          );
        }
        return (
          <g key={b.start}>
            <title>{tip}</title>
            {ok > 0 && <rect x={x} y={HEIGHT - ok} width={BAR} height={ok} rx={1} className="fill-emerald-500" data-kind="success" />}
            {bad > 0 && <rect x={x} y={HEIGHT - ok - bad} width={BAR} height={bad} rx={1} className="fill-red-500" data-kind="failure" />}
          </g>
        );
      })}
    </svg>
  );
}
