import type { ReactNode } from 'react';
import { formatLatency, formatRate, totalUses, usesText } from './reliability-format';
import type { Reliability } from './reliability-types';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A skill's figures: all-time success rate, p95 latency and uses as tiles, and the same for the
 * recent window in one line. "No runs yet" when the knowledge graph has no use of it.
 */
export function ReliabilityFigures({
  allTime,
  recent,
  window,
}: {
  allTime: Reliability;
  recent: Reliability;
  window: { days: number; last_runs: number };
}) {
  if (totalUses(allTime) === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="reliability-empty">
        No runs yet: the knowledge graph has recorded no use of this skill.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Success rate" testId="success-rate">
          {formatRate(allTime.success_rate)}
        </Figure>
        <Figure label="p95 latency" testId="p95-latency">
          {formatLatency(allTime.p95_latency_ms)}
        </Figure>
        <Figure label="Uses (all time)" testId="uses">
          <span className="text-sm">{usesText(allTime)}</span>
        </Figure>
      </dl>
      <p className="text-xs text-slate-600" data-testid="recent-reliability">
        <span className="font-medium">
          Recent (last {window.days} days, at most {window.last_runs} uses):
        </span>{' '}
        {totalUses(recent) === 0
          ? 'no uses.'
          : `${formatRate(recent.success_rate)} success, ${usesText(recent)}, p50 ` +
            `${formatLatency(recent.p50_latency_ms)}, p95 ${formatLatency(recent.p95_latency_ms)}.`}
      </p>
    </div>
  );
}
