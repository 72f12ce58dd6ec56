import { z } from 'zod';
import { jobViewSchema } from '../../contracts/schedule-view.ts';
import { listJobs } from '../../schedules/list-jobs.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { withJobs } from './orchestration.ts';

/** Companion of spec 5.3: the scheduled jobs, their next run and last result. */
export const listBackgroundJobsTool = defineTool({
  name: 'list_background_jobs',
  description:
    'List the background jobs (schedule_background_job): schedule (cron with its zone, or interval, ' +
    'and in words), target agent, task, status, next run (UTC ISO), last run, number of runs and ' +
    'owner (the user it belongs to). Admins and the system see every job; others the jobs they may ' +
    'manage (ones they created, ones that belong to the user they work for).',
  readOnly: true,
  input: z.object({ job_name: z.string().min(1).max(200).optional().describe('Only this job.') }),
  output: z.object({ jobs: z.array(jobViewSchema), count: z.number() }),
  async handler(args, { actor, services }) {
    return withJobs(services, async (jobs) => {
      const list = await listJobs(jobs, actor, { job_name: args.job_name });
      return ok({ jobs: list, count: list.length });
    });
  },
});
