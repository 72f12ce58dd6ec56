import { z } from 'zod';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import type { BackgroundJobRow } from '../../db/schema/orchestration.ts';
import type { Dispatcher } from '../../orchestration/dispatch.ts';
import type { BackgroundJobs } from '../../schedules/background-jobs.ts';
import { JobOwners } from '../../schedules/job-owner.ts';
import { nextRunAfter, scheduleOfRow } from '../../schedules/schedule-spec.ts';
import { backgroundJobsOf } from '../../schedules/service.ts';
import { fail, isFailure, type ToolFailure } from '../../tool-result.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { failureOf } from '../delegation/delegation.ts';

export { isToolFailure, jsonParam } from '../delegation/delegation.ts';

/** A `*_json` parameter that must hold a JSON object (the spec's `string_json_object`). */
export const jsonObject = z.record(z.string(), z.unknown());

/** The platform and the database, or `unavailable`; expected platform failures become envelopes. */
export async function withPlatform<T>(
  services: ToolServices,
  work: (platform: AgentPlatform, db: Db) => Promise<T>,
): Promise<T | ToolFailure> {
  if (!services.agents)
    return fail(
      'unavailable',
      'orchestration needs the agent platform, which this context does not provide (run it in the console, over MCP, or with dcf chat)',
    );
  if (!services.db) return fail('unavailable', 'orchestration needs the database, which this context does not provide');
  let platform: AgentPlatform;
  let db: Db;
  try {
    [platform, db] = await Promise.all([services.agents(), services.db()]);
  } catch (err) {
    return fail('unavailable', `cannot reach the agent platform: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await work(platform, db);
  } catch (err) {
    return failureOf(err);
  }
}

/** The process's background jobs, or `unavailable` (no REDIS_URL, database or agent platform). */
export async function withJobs<T>(services: ToolServices, work: (jobs: BackgroundJobs) => Promise<T>): Promise<T | ToolFailure> {
  const found = backgroundJobsOf(services);
  if (!found)
    return fail(
      'unavailable',
      'background jobs need Redis (REDIS_URL), the database and the agent platform, which this context does not provide',
    );
  try {
    return await work(found.jobs);
  } catch (err) {
    return failureOf(err);
  } finally {
    if (found.transient) await found.jobs.close();
  }
}

/** Who dispatches: the calling agent, user or system component (never an argument). */
export function dispatcherOf(actor: Actor): Dispatcher {
  return { kind: actor.kind === 'agent' || actor.kind === 'user' ? actor.kind : 'system', id: actor.id };
}

/** pause/resume/delete name a job by exactly one of its id or its name. */
export const jobRef = {
  internal_job_id: z.string().min(1).max(100).optional().describe('The job as schedule_background_job returned it. Give this or job_name.'),
  job_name: z.string().min(1).max(200).optional().describe('The job by its unique name. Give this or internal_job_id.'),
};

export async function findJob(
  jobs: BackgroundJobs,
  ref: { internal_job_id?: string | undefined; job_name?: string | undefined },
): Promise<BackgroundJobRow | ToolFailure> {
  if ((ref.internal_job_id === undefined) === (ref.job_name === undefined))
    return fail('invalid_input', 'give exactly one of internal_job_id or job_name');
  const store = await jobs.store();
  if (ref.internal_job_id !== undefined) {
    const row = z.uuid().safeParse(ref.internal_job_id).success ? await store.get(ref.internal_job_id) : null;
    return row ?? fail('not_found', `no background job with internal_job_id ${ref.internal_job_id}`);
  }
  return (await store.byName(ref.job_name!)) ?? fail('not_found', `no background job named "${ref.job_name}"`);
}

/**
 * The job `ref` names, if `actor` may manage it (server/schedules/job-owner.ts: the system and
 * admins any job, other users their own, agents the jobs they created or whose owner is their
 * user); otherwise `forbidden`, naming the job's owner so an agent can say whom to ask.
 */
export async function findOwnJob(
  jobs: BackgroundJobs,
  actor: Actor,
  ref: { internal_job_id?: string | undefined; job_name?: string | undefined },
): Promise<BackgroundJobRow | ToolFailure> {
  const job = await findJob(jobs, ref);
  if (isFailure(job)) return job;
  const owners = new JobOwners((await jobs.store()).db);
  if (await owners.mayManage(actor, job)) return job;
  const owner = await owners.ownerOf(job);
  return fail(
    'forbidden',
    `the background job "${job.jobName}" belongs to ${owner ? owner.display_name : 'nobody you act for'}: ` +
      'only its owner, the agent that created it, or an admin may change it',
    { internal_job_id: job.id, job_name: job.jobName, owner_user_id: owner?.user_id ?? null },
  );
}

export const JOB_STATUSES = ['SCHEDULED_AND_ACTIVE', 'SCHEDULED_BUT_DISABLED'] as const;
export const statusOf = (job: BackgroundJobRow): (typeof JOB_STATUSES)[number] =>
  job.enabled ? 'SCHEDULED_AND_ACTIVE' : 'SCHEDULED_BUT_DISABLED';

/**
 * When the job runs next, UTC ISO: BullMQ's scheduler's next tick for an enabled job; for a
 * disabled one, when it would run if resumed now (computed from its schedule).
 */
export async function nextRunIso(jobs: BackgroundJobs, job: BackgroundJobRow): Promise<string> {
  const fromScheduler = job.enabled ? await jobs.nextRun(job.id) : null;
  return (fromScheduler ?? nextRunAfter(scheduleOfRow(job), new Date())).toISOString();
}
