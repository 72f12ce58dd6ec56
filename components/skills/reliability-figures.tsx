import type { ReactNode } from 'react';
import { accuracyBasis, accuracyVerdict, formatAccuracy, formatLatency, formatRate, totalUses, usesText } from './reliability-format';
import type { Accuracy, Reliability } from './reliability-types';

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
 * How accurate a skill measured (a transcription skill: the share of spoken words it got right on
 * the calibration calls) and on what basis, with what keeps it out of swaps (accuracyVerdict): not
 * measured yet, or below the floor. Nothing for a skill whose capability has no accuracy.
 */
function AccuracyLine({ accuracy, required, floor }: { accuracy: Accuracy; required: boolean; floor: number }) {
  const verdict = accuracyVerdict(accuracy, required, floor);
  if (!accuracy && !verdict) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="accuracy-basis">
      <span className="font-medium">{accuracy ? `Word accuracy ${formatAccuracy(accuracy)}` : 'Word accuracy'}</span>
      {accuracy && ` — ${accuracyBasis(accuracy)}.`}
      {verdict && (
        <span className="font-medium text-amber-800" data-testid="accuracy-verdict">
          {' '}
          {accuracy ? verdict.charAt(0).toUpperCase() + verdict.slice(1) : verdict}.
        </span>
      )}
    </p>
  );
}

/**
 * A skill's figures: all-time success rate, p95 latency and uses as tiles (with its measured
 * accuracy when it has one), the same for the recent window in one line, and how the accuracy
 * was measured. "No runs yet" when the knowledge graph has no use of it — a measured accuracy is
 * still shown then: the policy weighs it before the skill's first use.
 */
export function ReliabilityFigures({
  allTime,
  recent,
  window,
  accuracy = null,
  accuracyRequired = false,
  accuracyFloor,
}: {
  allTime: Reliability;
  recent: Reliability;
  window: { days: number; last_runs: number };
  accuracy?: Accuracy;
  /** Its capability needs a measured accuracy: with none, "not measured yet" is shown. */
  accuracyRequired?: boolean;
  /** The swap policy's accuracy floor (get_skill_reliability's accuracy_floor). */
  accuracyFloor: number;
}) {
  const showAccuracy = accuracy !== null || accuracyRequired;
  if (totalUses(allTime) === 0) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-500" data-testid="reliability-empty">
          No runs yet: the knowledge graph has recorded no use of this skill.
        </p>
        <AccuracyLine accuracy={accuracy} required={accuracyRequired} floor={accuracyFloor} />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <dl className={`grid gap-2 ${showAccuracy ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
        <Figure label="Success rate" testId="success-rate">
          {formatRate(allTime.success_rate)}
        </Figure>
        <Figure label="p95 latency" testId="p95-latency">
          {formatLatency(allTime.p95_latency_ms)}
        </Figure>
        <Figure label="Uses (all time)" testId="uses">
          <span className="text-sm">{usesText(allTime)}</span>
        </Figure>
        {showAccuracy && (
          <Figure label="Word accuracy" testId="accuracy">
            {accuracy ? formatAccuracy(accuracy) : <span className="text-sm font-normal text-slate-500">Not measured yet</span>}
          </Figure>
        )}
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
      <AccuracyLine accuracy={accuracy} required={accuracyRequired} floor={accuracyFloor} />
    </div>
  );
}
