import type { Actor } from '../contracts/audit-actor.ts';
import type { GuardsConfig } from '../config-guards.ts';
import { fail, type ToolFailure } from '../tool-result.ts';
import { JobOwners } from './job-owner.ts';
import type { JobStore } from './job-store.ts';
import { smallestGapSeconds } from './schedule-gap.ts';
import type { Schedule } from './schedule-spec.ts';

type Limits = GuardsConfig['schedules'];

/**
 * Issue 29: a schedule may not fire more often than DCF_SCHEDULE_MIN_INTERVAL_S — judged by the
 * smallest gap between consecutive fires (schedule-gap.ts), so `* * * * * *` and `0,1 9 * * 1` are
 * refused as well as `interval_seconds: 1`. A refusal is the caller's mistake: `invalid_input`.
 */
export function checkInterval(schedule: Schedule, limits: Limits, now: Date = new Date()): ToolFailure | null {
  const gap = smallestGapSeconds(schedule, now, limits.minIntervalS);
  if (gap >= limits.minIntervalS) return null;
  const what = schedule.kind === 'interval' ? 'interval_seconds' : 'cron_expression';
  return fail(
    'invalid_input',
    `${what} fires ${gap} s apart at its closest; background jobs may fire at most once every ${limits.minIntervalS} s ` +
      '(DCF_SCHEDULE_MIN_INTERVAL_S)',
    { parameter: what, smallest_gap_seconds: gap, minimum_interval_seconds: limits.minIntervalS },
  );
}

/**
 * Issue 29: one owner may have at most DCF_SCHEDULE_MAX_PER_OWNER jobs. The owner is the user the
 * job is for (job-owner.ts: a user's own, and those their agents made), or, for an agent that
 * works for nobody known, that agent. The system (CLI, background components) is not capped.
 * Counted before the insert, so processes creating jobs for one owner at the same moment may pass
 * the cap by the few they race with; the cap bounds flooding, not an exact figure.
 */
export async function checkOwnerCap(store: JobStore, actor: Actor, limits: Limits): Promise<ToolFailure | null> {
  if (actor.kind === 'system') return null;
  const owners = new JobOwners(store.db);
  const keyOf = async (creator: { createdByKind: string; createdById: string }) => {
    const owner = await owners.ownerOf(creator);
    return owner ? `user:${owner.user_id}` : `${creator.createdByKind}:${creator.createdById}`;
  };
  const mine = await keyOf({ createdByKind: actor.kind, createdById: actor.id });
  const keys = await Promise.all((await store.list()).map(keyOf));
  const count = keys.filter((k) => k === mine).length;
  if (count < limits.maxPerOwner) return null;
  return fail(
    'limit_exceeded',
    `this owner already has ${count} background jobs, the most allowed (DCF_SCHEDULE_MAX_PER_OWNER = ${limits.maxPerOwner}); ` +
      'delete one before scheduling another',
    { limit: 'DCF_SCHEDULE_MAX_PER_OWNER', max_jobs_per_owner: limits.maxPerOwner, jobs: count },
  );
}
