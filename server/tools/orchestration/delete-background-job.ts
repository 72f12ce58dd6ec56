import { z } from 'zod';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { findOwnJob, isToolFailure, jobRef, withJobs } from './orchestration.ts';

/** Companion of spec 5.3: remove a job for good. */
export const deleteBackgroundJobTool = defineTool({
  name: 'delete_background_job',
  description:
    'Delete a background job (by internal_job_id or job_name): its scheduler and its record with its ' +
    'run history. Tasks it already dispatched stay recorded. Only jobs you may manage: ones you ' +
    'created, ones that belong to the user you work for (else forbidden).',
  readOnly: false,
  input: z.object(jobRef),
  output: z.object({ internal_job_id: z.string(), job_name: z.string(), deleted: z.boolean() }),
  async handler(args, { actor, services }) {
    return withJobs(services, async (jobs) => {
      const job = await findOwnJob(jobs, actor, args);
      if (isToolFailure(job)) return job;
      await jobs.deactivate(job.id);
      const deleted = await (await jobs.store()).delete(job.id);
      return ok({ internal_job_id: job.id, job_name: job.jobName, deleted });
    });
  },
});
