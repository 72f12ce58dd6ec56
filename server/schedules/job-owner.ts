import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import type { BackgroundJobRow } from '../db/schema/orchestration.ts';
import { users } from '../db/schema/users.ts';
import { userBehindAgent } from '../notifications/recipients.ts';
import type { JobOwner } from '../contracts/schedule-view.ts';

type Creator = Pick<BackgroundJobRow, 'createdByKind' | 'createdById'>;

/**
 * Who owns background jobs and who may manage them (server/schedules/README.md, "Ownership").
 *
 * A job's owner is the user it was created for: created by a user → that user; created by an
 * agent → the user behind the agent, found exactly as notifications find an agent's user
 * (`userBehindAgent`: its chat, its delegated-mode session, the admin who issued its token) — so
 * a job the Planner schedules from a compliance manager's chat is that manager's. System jobs
 * have no owner. Owners are resolved when asked (not stored), so they follow the agent's links.
 *
 * One instance per call: it remembers each creator's user, so a list of a Planner's jobs costs one
 * lookup.
 */
export class JobOwners {
  private readonly known = new Map<string, Promise<JobOwner | null>>();

  constructor(private readonly db: Db) {}

  /** The job's owner, or null (a system job, or an agent that works for nobody known). */
  ownerOf(job: Creator): Promise<JobOwner | null> {
    const id = job.createdById;
    if (job.createdByKind === 'user') return this.remember(`user:${id}`, () => this.user(id));
    if (job.createdByKind === 'agent') return this.remember(`agent:${id}`, () => this.agentUser(id));
    return Promise.resolve(null);
  }

  /**
   * Whether `actor` may see, pause, resume or delete the job: the system and admins any job; another
   * user only the jobs they own; an agent the jobs it created itself and those whose owner is the
   * user it works for. Anonymous callers none.
   */
  async mayManage(actor: Actor, job: Creator): Promise<boolean> {
    switch (actor.kind) {
      case 'system':
        return true;
      case 'user':
        return actor.role === 'admin' || (await this.ownerOf(job))?.user_id === actor.id;
      case 'agent': {
        if (job.createdByKind === 'agent' && job.createdById === actor.id) return true;
        const [mine, theirs] = await Promise.all([this.ownerOf({ createdByKind: 'agent', createdById: actor.id }), this.ownerOf(job)]);
        return mine !== null && theirs !== null && mine.user_id === theirs.user_id;
      }
      default:
        return false;
    }
  }

  private remember(key: string, find: () => Promise<JobOwner | null>): Promise<JobOwner | null> {
    let found = this.known.get(key);
    if (!found) {
      found = find();
      this.known.set(key, found);
    }
    return found;
  }

  private async user(id: string): Promise<JobOwner | null> {
    if (!z.uuid().safeParse(id).success) return null;
    const [row] = await this.db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, id));
    return row ? { user_id: row.id, display_name: row.displayName, email: row.email } : null;
  }

  private async agentUser(agentId: string): Promise<JobOwner | null> {
    const behind = await userBehindAgent(this.db, agentId);
    return behind ? { user_id: behind.user.id, display_name: behind.user.displayName, email: behind.user.email } : null;
  }
}

/** Whether every job is visible to `actor` (no filtering needed): the system and admins. */
export const seesEveryJob = (actor: Actor): boolean => actor.kind === 'system' || (actor.kind === 'user' && actor.role === 'admin');
