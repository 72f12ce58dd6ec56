import Link from 'next/link';
import { accuracyVerdict, formatAccuracy, formatLatency, formatRate, totalUses, usesText } from './reliability-format';
import type { SkillReport } from './reliability-types';

const LINK =
  'break-all font-mono text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500';

/**
 * Skills of the same capability (first tag) with their reliability and measured accuracy. With `onSelect` an
 * alternative opens in place; without, it links to its details on the Skills page.
 */
export function SkillAlternatives({
  alternatives,
  capability,
  accuracyFloor,
  onSelect,
}: {
  alternatives: SkillReport['alternatives'];
  capability: string | null;
  /** The swap policy's accuracy floor: an alternative below it, or not measured yet when it must be, is never swapped to. */
  accuracyFloor: number;
  onSelect?(uri: string): void;
}) {
  if (alternatives.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        {capability ? `No other skill has the capability ${capability}.` : 'The skill has no capability (tag), so no alternatives.'}
      </p>
    );
  }
  return (
    <ul className="space-y-1.5" data-testid="skill-alternatives">
      {alternatives.map((a) => (
        <li
          key={a.skill}
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-md border border-slate-200 px-3 py-2"
        >
          {onSelect ? (
            <button type="button" onClick={() => onSelect(a.skill)} className={LINK}>
              {a.skill}
            </button>
          ) : (
            <Link href={`/skills?skill=${encodeURIComponent(a.skill)}`} className={LINK}>
              {a.skill}
            </Link>
          )}
          <span className="text-xs text-slate-600">
            {totalUses(a.all_time) === 0
              ? 'no runs yet'
              : `${formatRate(a.all_time.success_rate)} success (${usesText(a.all_time)}), p95 ${formatLatency(a.all_time.p95_latency_ms)}`}
            {a.accuracy && `, word accuracy ${formatAccuracy(a.accuracy)}`}
            {!a.accuracy && a.accuracy_required && ', word accuracy not measured yet (no swap to it until then)'}
            {a.accuracy &&
              accuracyVerdict(a.accuracy, a.accuracy_required, accuracyFloor) &&
              ` (below the ${formatRate(accuracyFloor)} floor: never swapped to)`}
          </span>
        </li>
      ))}
    </ul>
  );
}
