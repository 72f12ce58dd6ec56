import { platformAgentNames } from '../../lib/agent-names.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { BackgroundJobs } from './background-jobs.ts';
import { JobOwners, seesEveryJob } from './job-owner.ts';
import type { JobView } from '../contracts/schedule-view.ts';
import { jobView } from './job-view.ts';

/**
 * The background jobs `actor` may manage (job-owner.ts: every job for the system and admins, their
 * own for other users and agents), each with its owner, its next tick (from its BullMQ scheduler)
 * and its last run.
 */
export async function listJobs(jobs: BackgroundJobs, actor: Actor, filter: { job_name?: string | undefined } = {}): Promise<JobView[]> {
  const store = await jobs.store();
  const owners = new JobOwners(store.db);
  const [rows, last] = await Promise.all([store.list(), store.lastRuns()]);
  const named = filter.job_name === undefined ? rows : rows.filter((r) => r.jobName === filter.job_name);
  const every = seesEveryJob(actor);
  const mine = await Promise.all(named.map(async (r) => (every || (await owners.mayManage(actor, r)) ? r : null)));
  const shown = mine.filter((r) => r !== null);
  const names = await targetNames(
    jobs,
    shown.map((r) => r.targetAgentId),
  );
  return Promise.all(
    shown.map(async (r) =>
      jobView(r, r.enabled ? await jobs.nextRun(r.id) : null, last.get(r.id), await owners.ownerOf(r), names.get(r.targetAgentId) ?? null),
    ),
  );
}

/** The target agents' names, so people read "planner-casey", not an id (none without a platform now). */
async function targetNames(jobs: BackgroundJobs, ids: string[]): Promise<Map<string, string>> {
  const platform = await jobs.opts.platform().catch(() => null);
  return platform ? platformAgentNames(platform, ids) : new Map();
}
