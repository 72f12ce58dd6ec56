import { DAY_MS } from './reliability.ts';
import type { TrendBucket } from './port.ts';

/**
 * Sparkline buckets: `buckets` contiguous intervals of `bucketDays` days, oldest first, the last
 * one ending at `now`. A use at time t falls in bucket floor((t - from) / size); a use exactly at
 * `now` counts in the last bucket. Both adapters fetch the uses in `trendRange` and bucket here.
 */
export function trendRange(now: Date, buckets: number, bucketDays: number): { from: Date; to: Date } {
  if (!Number.isInteger(buckets) || buckets < 1) throw new RangeError('buckets must be a positive integer');
  if (!(bucketDays > 0)) throw new RangeError('bucketDays must be positive');
  return { from: new Date(now.getTime() - buckets * bucketDays * DAY_MS), to: now };
}

/** Each use counts by its outcome: a success, a failure of the skill, or a caller error (apart from both). */
export function bucketTrend(uses: Array<{ at: Date; outcome: string }>, now: Date, buckets: number, bucketDays: number): TrendBucket[] {
  const { from } = trendRange(now, buckets, bucketDays);
  const size = bucketDays * DAY_MS;
  const out: TrendBucket[] = Array.from({ length: buckets }, (_, i) => ({
    start: new Date(from.getTime() + i * size).toISOString(),
    n_success: 0,
    n_failures: 0,
    n_caller_errors: 0,
  }));
  for (const u of uses) {
    const t = u.at.getTime();
    if (t < from.getTime() || t > now.getTime()) continue;
    const b = out[Math.min(buckets - 1, Math.floor((t - from.getTime()) / size))]!;
    if (u.outcome === 'success') b.n_success += 1;
    else if (u.outcome === 'caller_error') b.n_caller_errors += 1;
    else b.n_failures += 1;
  }
  return out;
}
