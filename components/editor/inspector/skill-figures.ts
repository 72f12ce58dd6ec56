import { formatLatency, formatRate, totalUses } from '@/components/skills/reliability-format';
import type { Reliability } from '@/components/skills/reliability-types';

/**
 * A skill's reliability as the skill picker shows it: the recent window's figures when it has
 * uses, else all-time (as the canvas chips do), and which of the two it is.
 */
export function figuresText(recent: Reliability | undefined, allTime: Reliability | undefined): string {
  const [r, window] = recent && totalUses(recent) > 0 ? [recent, 'recent'] : [allTime, 'all-time'];
  if (!r || totalUses(r) === 0) return 'no runs yet';
  return `${formatRate(r.success_rate)} success, p95 ${formatLatency(r.p95_latency_ms)} (${window}, ${totalUses(r)} ${totalUses(r) === 1 ? 'use' : 'uses'})`;
}

/** The capability of a catalog skill: its first tag (alternatives share it). */
export const capabilityOf = (tags: readonly string[]) => tags[0] ?? null;
