import { AGENT_ROLE_LABELS, agentRoleOf } from '../../lib/agent-roles.ts';
import type { Db } from '../db/client.ts';
import { agentOfChat } from '../notifications/sender-label.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { BackgroundJobs } from './background-jobs.ts';
import { JobOwners, seesEveryJob } from './job-owner.ts';
import type { JobView } from '../contracts/schedule-view.ts';
import { jobView } from './job-view.ts';

/**
 * The background jobs `actor` may manage (job-owner.ts: every job for the system and admins, their
 * own for other users and agents), each with its owner, its next tick (from its BullMQ scheduler)
 * and its last run.
 */
export async function listJobs(jobs: BackgroundJobs, actor: Actor, filter: { job_name?: string | undefined } = {}): Promise<JobView[]> {
  const store = await jobs.store();
  const owners = new JobOwners(store.db);
  const [rows, last] = await Promise.all([store.list(), store.lastRuns()]);
  const named = filter.job_name === undefined ? rows : rows.filter((r) => r.jobName === filter.job_name);
  const every = seesEveryJob(actor);
  const mine = await Promise.all(named.map(async (r) => (every || (await owners.mayManage(actor, r)) ? r : null)));
  const shown = mine.filter((r) => r !== null);
  const names = await targetLabels(
    jobs,
    store.db,
    shown.map((r) => r.targetAgentId),
  );
  return Promise.all(
    shown.map(async (r) =>
      jobView(r, r.enabled ? await jobs.nextRun(r.id) : null, last.get(r.id), await owners.ownerOf(r), names.get(r.targetAgentId) ?? null),
    ),
  );
}

/**
 * The target agents for people (none without a platform now): an agent of a chat as the
 * notifications name it ("Planner · chat “Weekly reviews”"); any other by its role and name. An
 * agent the platform no longer knows is left out (the page shows its id).
 */
async function targetLabels(jobs: BackgroundJobs, db: Db, ids: string[]): Promise<Map<string, { name: string; label: string }>> {
  const out = new Map<string, { name: string; label: string }>();
  const platform = await jobs.opts.platform().catch(() => null);
  const unique = [...new Set(ids)];
  if (!platform || !unique.length) return out;
  await Promise.all(
    unique.map(async (id) => {
      const agent = await platform.getAgent(id).catch(() => null);
      if (!agent) return;
      const role = agentRoleOf(agent);
      const chat = await agentOfChat(db, id);
      out.set(id, { name: agent.name, label: chat ?? `${role ? AGENT_ROLE_LABELS[role] : 'Agent'} ${agent.name}` });
    }),
  );
  return out;
}
