import { eq } from 'drizzle-orm';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import type { WorkflowDocumentRow } from '../../db/schema/workflow-store.ts';
import { users } from '../../db/schema/users.ts';
import { userBehindAgent } from '../../notifications/recipients.ts';
import type { VersionActor } from '../../workflows/store.ts';
import { WORKFLOW_EDITORS, type Role } from '../../../lib/roles.ts';

/**
 * Who may publish, retire and test-run workflow versions (issue 28), decided in the tool layer so
 * the console, agents (MCP) and the CLI are refused alike.
 *
 * - A person acts as themselves; an agent as the user behind it (`userBehindAgent`: its chat, its
 *   delegated-mode session, the admin who issued its token), exactly as background jobs find an
 *   agent's owner; the system (seeding, the CLI's local operator) as nobody in particular.
 * - Publish and retire: workflow designers and admins (WORKFLOW_EDITORS), an agent only when the
 *   user behind it is one, and the system.
 * - Four eyes (DCF_PUBLISH_FOUR_EYES): the person who publishes must not be the person who saved
 *   the version. The system has no person, so it is never "the same person" — but with four eyes
 *   on, the system may not publish what it did not seed itself: a version saved by a person needs
 *   a second person.
 */
export interface ResolvedActor extends VersionActor {
  /** The role of the person acting (the user, or the user behind the agent); null for the system or nobody known. */
  role: Role | null;
}

export async function resolveVersionActor(db: Db, actor: Actor): Promise<ResolvedActor> {
  if (actor.kind === 'user') return { id: actor.id, label: actor.label, userId: actor.id, role: actor.role };
  if (actor.kind === 'agent') {
    const behind = await userBehindAgent(db, actor.id);
    if (!behind) return { id: actor.id, label: actor.label, userId: null, role: null };
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, behind.user.id));
    return { id: actor.id, label: `${actor.label} (for ${behind.user.displayName})`, userId: behind.user.id, role: row?.role ?? null };
  }
  return { id: actor.id, label: actor.label, userId: null, role: null };
}

export type AccessRefusal = { refused: string } | null;

/** Whether `who` may publish or retire versions at all. */
export function mayManageVersions(actor: Actor, who: ResolvedActor, verb: 'publish' | 'retire'): AccessRefusal {
  if (actor.kind === 'system') return null;
  if (who.role && WORKFLOW_EDITORS.includes(who.role)) return null;
  const whose =
    actor.kind === 'agent'
      ? who.userId
        ? 'the user this agent works for is not'
        : 'this agent works for no known user, and only'
      : 'you are not';
  return { refused: `only workflow designers and admins may ${verb} workflow versions; ${whose} a workflow designer or admin` };
}

/** The four-eyes rule on publishing `row` (DCF_PUBLISH_FOUR_EYES on). */
export function fourEyesRefusal(row: WorkflowDocumentRow, who: ResolvedActor): AccessRefusal {
  const savedByPerson = row.savedForUser;
  if (savedByPerson === null) return null; // saved by the system (seeding, migration): any permitted publisher
  if (who.userId === null || who.userId === savedByPerson) {
    return {
      refused:
        `four eyes (DCF_PUBLISH_FOUR_EYES): ${row.workflowId}@${row.version} was saved by ${row.savedByLabel}; ` +
        'someone else — another workflow designer or admin — must publish it',
    };
  }
  return null;
}

/**
 * Whether `actor` may test-run the unpublished `row`: designers and admins, the CLI's local
 * operator (the system), and an agent only for a version it saved itself (the Planner's pilot of a
 * workflow it has just built, marked as a test run so its QA result stays out of the queue and the
 * dashboard). An agent never test-runs someone else's draft.
 */
export function mayTestRun(actor: Actor, row: WorkflowDocumentRow): AccessRefusal {
  if (actor.kind === 'system') return null;
  if (actor.kind === 'user' && WORKFLOW_EDITORS.includes(actor.role)) return null;
  if (actor.kind === 'agent' && row.savedBy === actor.id) return null;
  return {
    refused:
      actor.kind === 'agent'
        ? `an agent may test-run only a version it saved itself; ${row.workflowId}@${row.version} was saved by ${row.savedByLabel}`
        : 'only workflow designers and admins may test-run an unpublished workflow version',
  };
}
