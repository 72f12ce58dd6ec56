import { z } from 'zod';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { findOwnJob, isToolFailure, JOB_STATUSES, jobRef, withJobs } from './orchestration.ts';

/** Companion of spec 5.3: stop a job's triggers, keeping the job and its runs. */
export const pauseBackgroundJobTool = defineTool({
  name: 'pause_background_job',
  description:
    'Pause a background job (by internal_job_id or job_name): its scheduler is removed, so it fires no ' +
    'more until resume_background_job; the job and its run history stay. Pausing a paused job changes ' +
    'nothing. Only jobs you may manage: ones you created, ones that belong to the user you work for ' +
    '(else forbidden).',
  readOnly: false,
  input: z.object(jobRef),
  output: z.object({ internal_job_id: z.string(), job_name: z.string(), job_status: z.enum(JOB_STATUSES) }),
  async handler(args, { actor, services }) {
    return withJobs(services, async (jobs) => {
      const job = await findOwnJob(jobs, actor, args);
      if (isToolFailure(job)) return job;
      await (await jobs.store()).setEnabled(job.id, false);
      await jobs.deactivate(job.id);
      return ok({ internal_job_id: job.id, job_name: job.jobName, job_status: 'SCHEDULED_BUT_DISABLED' as const });
    });
  },
});
