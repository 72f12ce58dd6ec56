import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { jobRuns } from '../../schedules/job-runs.ts';
import { createNewAgentInstanceTool } from '../../tools/orchestration/create-new-agent-instance.ts';
import { deleteBackgroundJobTool } from '../../tools/orchestration/delete-background-job.ts';
import { dispatchTaskToAgentTool } from '../../tools/orchestration/dispatch-task-to-agent.ts';
import { listBackgroundJobsTool } from '../../tools/orchestration/list-background-jobs.ts';
import { pauseBackgroundJobTool } from '../../tools/orchestration/pause-background-job.ts';
import { resumeBackgroundJobTool } from '../../tools/orchestration/resume-background-job.ts';
import { scheduleBackgroundJobTool } from '../../tools/orchestration/schedule-background-job.ts';
import { ADMIN, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/**
 * Background jobs and orchestration in the console (issue 18; server/schedules/README.md), for
 * admins: the Schedules page lists jobs (list_background_jobs), a job's recent runs with their
 * dispatches, and pauses, resumes, deletes; scheduling, creating agent instances and dispatching
 * are the same tools the agents use. These names are the UI's contract (components/schedules/).
 */
export const schedulesRouter = router({
  list: toolQuery(listBackgroundJobsTool, ADMIN),
  runs: procedure.meta({ access: ADMIN }).input(z.strictObject({ internal_job_id: z.uuid(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ ctx, input }) => {
      if (!ctx.services.db) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'no database in this context' });
      return jobRuns(await ctx.services.db(), input.internal_job_id, input.limit);
    }),
  schedule: toolMutation(scheduleBackgroundJobTool, ADMIN),
  pause: toolMutation(pauseBackgroundJobTool, ADMIN),
  resume: toolMutation(resumeBackgroundJobTool, ADMIN),
  delete: toolMutation(deleteBackgroundJobTool, ADMIN),
  createAgentInstance: toolMutation(createNewAgentInstanceTool, ADMIN),
  dispatch: toolMutation(dispatchTaskToAgentTool, ADMIN),
});
