import type { BackgroundJobs } from './background-jobs.ts';
import { jobView, type JobView } from './job-view.ts';

/** Every background job with its next tick (from its BullMQ scheduler) and its last run. */
export async function listJobs(jobs: BackgroundJobs, filter: { job_name?: string | undefined } = {}): Promise<JobView[]> {
  const store = await jobs.store();
  const [rows, last] = await Promise.all([store.list(), store.lastRuns()]);
  const wanted = filter.job_name === undefined ? rows : rows.filter((r) => r.jobName === filter.job_name);
  return Promise.all(wanted.map(async (r) => jobView(r, r.enabled ? await jobs.nextRun(r.id) : null, last.get(r.id))));
}
