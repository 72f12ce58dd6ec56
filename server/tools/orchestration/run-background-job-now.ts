import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fireJob } from '../../schedules/fire.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { findOwnJob, isToolFailure, jobRef, withJobs } from './orchestration.ts';

/** Companion of spec 5.3: one trigger of a job now, by hand, beside its schedule. */
export const runBackgroundJobNowTool = defineTool({
  name: 'run_background_job_now',
  description:
    'Run a background job once now (by internal_job_id or job_name), as one of its scheduled triggers ' +
    'would: its task is dispatched to its target agent and the run is recorded in its history. Its ' +
    'schedule is unchanged; a paused job runs too and stays paused. Only jobs you may manage: ones you ' +
    'created, ones that belong to the user you work for (else forbidden).',
  readOnly: false,
  input: z.object(jobRef),
  output: z.object({
    internal_job_id: z.string(),
    job_name: z.string(),
    outcome: z.enum(['DISPATCHED', 'FAILED']),
    dispatched_task_id: z.string().nullable(),
    // Not `error`: the envelope's own field (null on every ok result).
    failure: z.string().nullable().describe('Why the dispatch failed (outcome FAILED), else null.'),
  }),
  async handler(args, { actor, services }) {
    return withJobs(services, async (jobs) => {
      const job = await findOwnJob(jobs, actor, args);
      if (isToolFailure(job)) return job;
      const fired = await fireJob(jobs, job.id, `manual:${randomUUID()}`, new Date(), { manual: true });
      // A manual tick is new, so it is never a duplicate; the job can only have gone meanwhile.
      if (fired.outcome === 'SKIPPED')
        return ok({ ...base(job), outcome: 'FAILED' as const, dispatched_task_id: null, failure: `the job was ${fired.reason}` });
      return ok({
        ...base(job),
        outcome: fired.outcome,
        dispatched_task_id: fired.outcome === 'DISPATCHED' ? fired.dispatched_task_id : null,
        failure: fired.outcome === 'FAILED' ? fired.error : null,
      });
    });
  },
});

const base = (job: { id: string; jobName: string }) => ({ internal_job_id: job.id, job_name: job.jobName });
