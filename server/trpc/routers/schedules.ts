import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { CHAT_ROLES, type Role } from '../../../lib/roles.ts';
import { jobRuns } from '../../schedules/job-runs.ts';
import { JobOwners } from '../../schedules/job-owner.ts';
import { JobStore } from '../../schedules/job-store.ts';
import { createNewAgentInstanceTool } from '../../tools/orchestration/create-new-agent-instance.ts';
import { deleteBackgroundJobTool } from '../../tools/orchestration/delete-background-job.ts';
import { dispatchTaskToAgentTool } from '../../tools/orchestration/dispatch-task-to-agent.ts';
import { listBackgroundJobsTool } from '../../tools/orchestration/list-background-jobs.ts';
import { pauseBackgroundJobTool } from '../../tools/orchestration/pause-background-job.ts';
import { resumeBackgroundJobTool } from '../../tools/orchestration/resume-background-job.ts';
import { runBackgroundJobNowTool } from '../../tools/orchestration/run-background-job-now.ts';
import { scheduleBackgroundJobTool } from '../../tools/orchestration/schedule-background-job.ts';
import { updateBackgroundJobTool } from '../../tools/orchestration/update-background-job.ts';
import { ADMIN, actorOf, procedure, router, type TrpcContext } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/**
 * Who has the Schedules page: admins (every job), and everyone else who may ask the Planner for a
 * schedule in the chat (CHAT_ROLES), for the jobs they own (server/schedules/job-owner.ts) — what
 * someone can start, they can see and stop.
 */
export const SCHEDULES_ROLES: readonly Role[] = CHAT_ROLES;

/** A job's runs, for whoever may manage the job; NOT_FOUND for no job, FORBIDDEN for someone else's. */
async function runsOf(ctx: TrpcContext, jobId: string, limit: number) {
  if (!ctx.services.db) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'no database in this context' });
  const db = await ctx.services.db();
  const job = await new JobStore(db).get(jobId);
  if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: `no background job ${jobId}` });
  if (!(await new JobOwners(db).mayManage(actorOf(ctx.user), job))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `the background job "${job.jobName}" is not yours` });
  }
  return jobRuns(db, jobId, limit);
}

/**
 * Background jobs and orchestration in the console (issue 18; server/schedules/README.md). The
 * Schedules page lists jobs (list_background_jobs: every job for admins, their own for compliance
 * managers), a job's recent runs with their dispatches; it pauses, resumes, deletes, runs a job
 * once now and changes its name, schedule or request — each only on a job the caller may manage.
 * Scheduling, creating agent instances and dispatching stay with admins; they are the same tools
 * the agents use. These names are the UI's contract (components/schedules/).
 */
export const schedulesRouter = router({
  list: toolQuery(listBackgroundJobsTool, SCHEDULES_ROLES),
  runs: procedure
    .meta({ access: SCHEDULES_ROLES })
    .input(z.strictObject({ internal_job_id: z.uuid(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input }) => runsOf(ctx, input.internal_job_id, input.limit)),
  schedule: toolMutation(scheduleBackgroundJobTool, ADMIN),
  // The tool refuses a job that is not the caller's: a FORBIDDEN here, audited as refused.
  pause: toolMutation(pauseBackgroundJobTool, SCHEDULES_ROLES, { forbiddenAsAccess: true }),
  // The tool refuses a job that is not the caller's: a FORBIDDEN here, audited as refused.
  resume: toolMutation(resumeBackgroundJobTool, SCHEDULES_ROLES, { forbiddenAsAccess: true }),
  // The tool refuses a job that is not the caller's: a FORBIDDEN here, audited as refused.
  delete: toolMutation(deleteBackgroundJobTool, SCHEDULES_ROLES, { forbiddenAsAccess: true }),
  // The tool refuses a job that is not the caller's: a FORBIDDEN here, audited as refused.
  runNow: toolMutation(runBackgroundJobNowTool, SCHEDULES_ROLES, { forbiddenAsAccess: true }),
  // The tool refuses a job that is not the caller's: a FORBIDDEN here, audited as refused.
  update: toolMutation(updateBackgroundJobTool, SCHEDULES_ROLES, { forbiddenAsAccess: true }),
  createAgentInstance: toolMutation(createNewAgentInstanceTool, ADMIN),
  dispatch: toolMutation(dispatchTaskToAgentTool, ADMIN),
});
