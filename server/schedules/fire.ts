import { dispatchTask } from '../orchestration/dispatch.ts';
import type { BackgroundJobs } from './background-jobs.ts';

export type FireOutcome =
  | { job_id: string; tick: string; outcome: 'DISPATCHED'; dispatched_task_id: string }
  | { job_id: string; tick: string; outcome: 'FAILED'; error: string }
  /** Nothing done: the tick already ran (a second delivery), or the job is paused or gone. */
  | { job_id: string; tick: string; outcome: 'SKIPPED'; reason: 'duplicate_tick' | 'disabled' | 'deleted' };

/**
 * One trigger of a background job: claims the tick (one run row per job and tick, whatever
 * process delivers it), then dispatches the job's task to its target agent exactly as
 * dispatch_task_to_agent does (dispatcher: the system, `background-job:<job_name>`; the reply
 * is recorded on the dispatch), and records the outcome on the run. A job deleted meanwhile loses
 * its scheduler here too. A target that no longer exists is a FAILED run, not a retry. A manual
 * run (`opts.manual`, tick `manual:<uuid>`) is recorded and dispatched the same way.
 */
export async function fireJob(
  jobs: BackgroundJobs,
  jobId: string,
  tick: string,
  firedAt: Date,
  opts: { manual?: boolean } = {},
): Promise<FireOutcome> {
  const store = await jobs.store();
  const job = await store.get(jobId);
  if (!job) {
    await jobs.deactivate(jobId);
    return { job_id: jobId, tick, outcome: 'SKIPPED', reason: 'deleted' };
  }
  // A run asked for by hand (run_background_job_now) runs a paused job too: pausing stops the schedule.
  if (!job.enabled && !opts.manual) return { job_id: jobId, tick, outcome: 'SKIPPED', reason: 'disabled' };
  const run = await store.claimTick(jobId, tick);
  if (!run) return { job_id: jobId, tick, outcome: 'SKIPPED', reason: 'duplicate_tick' };
  try {
    const platform = await jobs.opts.platform();
    if (!(await platform.getAgent(job.targetAgentId))) {
      const error = `target agent ${job.targetAgentId} does not exist (any more)`;
      await store.runFailed(run.id, error);
      return { job_id: jobId, tick, outcome: 'FAILED', error };
    }
    const d = await dispatchTask(platform, store.db, {
      targetAgentId: job.targetAgentId,
      taskType: job.taskType,
      taskPayload: job.taskPayload,
      replyExpected: true,
      dispatcher: { kind: 'system', id: `background-job:${job.jobName}` },
      backgroundJob: { id: job.id, jobName: job.jobName, firedAt },
    });
    await store.runDispatched(run.id, d.dispatched_task_id);
    return { job_id: jobId, tick, outcome: 'DISPATCHED', dispatched_task_id: d.dispatched_task_id };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await store.runFailed(run.id, error);
    return { job_id: jobId, tick, outcome: 'FAILED', error };
  }
}
