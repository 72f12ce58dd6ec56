import { z } from 'zod';
import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import type { RedisClient } from '../../redis/connection.ts';
import { RedisLease } from '../../redis/lease.ts';
import type { SkillInvoker } from '../../skills/invoke/types.ts';
import { calibrateAccuracy, type CalibrationResult } from './calibrate.ts';
import { needsAccuracy } from './capabilities.ts';
import type { CalibrationCall } from './measure.ts';
import { readJsonFields, readSkillAccuracy } from './store.ts';
import { readSkillStats } from '../skill-stats.ts';

/**
 * Automatic calibration (issue 34): a skill version whose capability needs accuracy
 * (capabilities.ts) and has no figure is measured in the background, so the swap policy, which
 * leaves such a skill out until then (execution/skill-choice.ts), gets to choose it. Bounded: one
 * calibration set (the short calls of calibration-set.ts), one skill per pass, one pass at a time
 * across every process (a Redis lease, renewed while it runs). A failed calibration is recorded
 * here with a back-off and retried later; it is never the skill's failure (the statistics count
 * only real uses).
 */

/** The lease one calibration holds across processes; it expires within its TTL if the holder dies. */
export const CALIBRATION_LEASE = 'dcf:skills:accuracy:lease';
/** Failed calibrations, field = skill URI, value = the JSON of a CalibrationFailure. */
export const CALIBRATION_FAILURES = 'dcf:skills:accuracy:failures';

const LEASE_TTL_MS = 30_000;
/** Back-off after the n-th failure in a row: 1 min × 2^(n−1), at most 6 hours. */
export const BACKOFF = { baseMs: 60_000, maxMs: 6 * 3_600_000 } as const;

const failure = z.object({
  failures: z.number().int().positive().max(1_000_000),
  last_error: z.string().max(1000),
  failed_at: z.string().datetime().max(40),
  retry_at: z.string().datetime().max(40),
});
export type CalibrationFailure = z.infer<typeof failure>;

export interface AutoCalibrationDeps {
  redis: RedisClient;
  invoker: SkillInvoker;
  directory: SkillDirectory;
  /** The calibration set (calibration-set.ts) and its method text. */
  calls: CalibrationCall[];
  method: string;
  /** Skills never calibrated automatically here (`dcf calibrate-accuracy --skill` still measures them). */
  skip?: readonly string[];
  now?: () => Date;
}

export type CalibrationPass = CalibrationResult | { idle: 'nothing to measure' | 'another process is calibrating' };

/** Back-off before retrying after `failures` failures in a row. */
export const backoffMs = (failures: number): number => Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, failures - 1));

/**
 * One pass: the first catalog skill that needs accuracy, has none, is not skipped and is not
 * backing off is calibrated under the lease; a success clears its failure record, a failure
 * extends it. Idle when there is nothing due or another process holds the lease.
 */
export async function calibrateNextUnmeasured(d: AutoCalibrationDeps): Promise<CalibrationPass> {
  const now = d.now ?? (() => new Date());
  const due = await unmeasuredDue(d, now());
  if (!due.length) return { idle: 'nothing to measure' };
  const lease = await new RedisLease(d.redis, LEASE_TTL_MS).tryAcquire(CALIBRATION_LEASE);
  if (!lease) return { idle: 'another process is calibrating' };
  try {
    // Read again under the lease: the holder before us may have just measured it.
    const skill = (await unmeasuredDue(d, now()))[0];
    if (!skill) return { idle: 'nothing to measure' };
    const [result] = await calibrateAccuracy({ ...d, skills: [skill], now });
    if ('measured' in result!) await d.redis.hdel(CALIBRATION_FAILURES, skill);
    else await recordFailure(d.redis, skill, result!.failed, now());
    return result!;
  } finally {
    await lease.release();
  }
}

/** The failure records of `uris` that have one (unreadable entries are absent). */
export function readCalibrationFailures(redis: RedisClient, uris: string[]): Promise<Map<string, CalibrationFailure>> {
  return readJsonFields(redis, CALIBRATION_FAILURES, uris, failure);
}

/**
 * The skills to calibrate now, fastest first: by the p95 latency the statistics hold (skill-stats.ts), those
 * without one last, then in catalog order. A slow skill (pocketsphinx listens to minutes of audio) measured first
 * kept the fast ones out of every swap until it was done (about 145 s at a fresh start).
 */
async function unmeasuredDue(d: AutoCalibrationDeps, at: Date): Promise<string[]> {
  const uris = d.directory
    .all()
    .filter(({ uri, manifest }) => needsAccuracy(manifest) && !d.skip?.includes(uri))
    .map(({ uri }) => uri);
  const [measured, failed, stats] = await Promise.all([
    readSkillAccuracy(d.redis, uris),
    readCalibrationFailures(d.redis, uris),
    readSkillStats(d.redis, uris),
  ]);
  const latency = (u: string) => stats.get(u)?.latency_ms ?? Infinity;
  return uris
    .filter((u) => !measured.has(u) && !(Date.parse(failed.get(u)?.retry_at ?? '') > at.getTime()))
    .map((u, i) => ({ u, i }))
    .sort((a, b) => latency(a.u) - latency(b.u) || a.i - b.i)
    .map(({ u }) => u);
}

async function recordFailure(redis: RedisClient, skill: string, error: string, at: Date): Promise<void> {
  const failures = ((await readCalibrationFailures(redis, [skill])).get(skill)?.failures ?? 0) + 1;
  const entry: CalibrationFailure = {
    failures,
    last_error: error.slice(0, 1000),
    failed_at: at.toISOString(),
    retry_at: new Date(at.getTime() + backoffMs(failures)).toISOString(),
  };
  await redis.hset(CALIBRATION_FAILURES, skill, JSON.stringify(failure.parse(entry)));
}
