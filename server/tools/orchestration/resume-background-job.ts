import { z } from 'zod';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { findOwnJob, isToolFailure, JOB_STATUSES, jobRef, nextRunIso, withJobs } from './orchestration.ts';

/** Companion of spec 5.3: start a paused job's triggers again. */
export const resumeBackgroundJobTool = defineTool({
  name: 'resume_background_job',
  description:
    'Resume a paused background job (by internal_job_id or job_name): its scheduler is created again (an ' +
    'interval job fires at once, then every interval). Resuming an active job changes nothing. Only jobs ' +
    'you may manage: ones you created, ones that belong to the user you work for (else forbidden).',
  readOnly: false,
  input: z.object(jobRef),
  output: z.object({
    internal_job_id: z.string(),
    job_name: z.string(),
    job_status: z.enum(JOB_STATUSES),
    next_run_time_utc_iso: z.string(),
  }),
  async handler(args, { actor, services }) {
    return withJobs(services, async (jobs) => {
      const found = await findOwnJob(jobs, actor, args);
      if (isToolFailure(found)) return found;
      let job = found;
      if (!job.enabled) {
        job = (await (await jobs.store()).setEnabled(job.id, true)) ?? job;
        await jobs.activate(job);
      }
      return ok({
        internal_job_id: job.id,
        job_name: job.jobName,
        job_status: 'SCHEDULED_AND_ACTIVE' as const,
        next_run_time_utc_iso: await nextRunIso(jobs, job),
      });
    });
  },
});
