import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agents } from '../db/schema/agents.ts';
import { conversations } from '../db/schema/chat.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { users } from '../db/schema/users.ts';
import type { PlanUnit } from '../../lib/planning/schemas.ts';
import type { DeclareContext } from '../contracts/planning/service.ts';

/** A run's workflow and who started it (the run record's `workflow_id`, `started_by`), when it can be read. */
export type RunOwner = (runId: string) => Promise<{ workflow_id: string; started_by: string } | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What declare_tool_call_plan records about a plan besides the agent's input (service.ts
 * DeclareContext): the agent's template mode (`agents.metadata.sentinel_mode`; an agent of
 * another platform has no row, so the deployment's mode applies), and whom and what the unit's
 * work is for — a chat turn's conversation → its user; a delegation session → its owner; a
 * workflow run → its workflow and its starter (`started_by` is the starter's email for a console
 * user, an agent's name otherwise, which names no user). Unknowns stay null: they only leave the
 * plan out of that cost dimension.
 */
export async function declareContext(db: Db, agentId: string, unit: PlanUnit, runOwner?: RunOwner): Promise<DeclareContext> {
  const [agent] = await db.select({ metadata: agents.metadata }).from(agents).where(eq(agents.id, agentId));
  const context: DeclareContext = { templateMode: agent?.metadata.sentinel_mode, user_id: null, workflow_id: null };
  if (unit.kind === 'workflow_run') {
    const run = runOwner ? await runOwner(unit.id).catch(() => null) : null;
    if (run) {
      context.workflow_id = run.workflow_id || null;
      context.user_id = run.started_by ? await userByEmail(db, run.started_by) : null;
    }
    return context;
  }
  if (unit.session_id) context.user_id = await sessionUser(db, unit.session_id);
  return context;
}

/** The user of a conversation (by id) or of a delegation session (by id), else null. */
async function sessionUser(db: Db, sessionId: string): Promise<string | null> {
  if (UUID.test(sessionId)) {
    const [c] = await db.select({ userId: conversations.userId }).from(conversations).where(eq(conversations.id, sessionId));
    if (c) return c.userId;
  }
  const [s] = await db
    .select({ userId: delegationSessions.ownerUserId })
    .from(delegationSessions)
    .where(eq(delegationSessions.id, sessionId));
  return s?.userId ?? null;
}

async function userByEmail(db: Db, email: string): Promise<string | null> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return u?.id ?? null;
}
