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
  const context: DeclareContext = { templateMode: await templateModeOf(db, agentId), user_id: null, workflow_id: null };
  if (unit.kind === 'workflow_run') {
    const run = runOwner ? await runUnitOwner(db, unit.id, runOwner) : null;
    if (run) Object.assign(context, run);
    return context;
  }
  if (unit.session_id) context.user_id = await sessionUser(db, unit.session_id);
  return context;
}

const TEMPLATE_MODES_KEPT = 10_000;
const templateModes = new WeakMap<Db, Map<string, unknown>>();

/**
 * An agent's template mode, looked up once per agent (issue 33: every Task attempt of a run declares
 * a plan, and an in-process worker, which has no `agents` row, was looked for each time). It never
 * changes: `metadata` is written once, when the agent is made (local/create-agent.ts).
 */
async function templateModeOf(db: Db, agentId: string): Promise<unknown> {
  let kept = templateModes.get(db);
  if (!kept) templateModes.set(db, (kept = new Map()));
  if (kept.has(agentId)) return kept.get(agentId);
  const [agent] = await db.select({ metadata: agents.metadata }).from(agents).where(eq(agents.id, agentId));
  if (kept.size >= TEMPLATE_MODES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(agentId, agent?.metadata.sentinel_mode);
  return agent?.metadata.sentinel_mode;
}

type RunUnitOwner = { workflow_id: string | null; user_id: string | null };
/** How long a run's resolved owner is reused: a run's workflow and starter never change; a user's email rarely does. */
const RUN_OWNER_TTL_MS = 60_000;
const RUN_OWNERS_KEPT = 1_000;
const runOwners = new WeakMap<Db, Map<string, { at: number; owner: RunUnitOwner }>>();

/**
 * A workflow run's workflow and starting user, resolved once per run for a while (issue 33: every Task attempt of a
 * run declares a plan, and read the run and looked the user up each time). A run not found is not remembered.
 */
async function runUnitOwner(db: Db, runId: string, runOwner: RunOwner): Promise<RunUnitOwner | null> {
  let kept = runOwners.get(db);
  if (!kept) runOwners.set(db, (kept = new Map()));
  const hit = kept.get(runId);
  if (hit && Date.now() - hit.at < RUN_OWNER_TTL_MS) return hit.owner;
  const run = await runOwner(runId).catch(() => null);
  if (!run) return null;
  const owner = { workflow_id: run.workflow_id || null, user_id: run.started_by ? await userByEmail(db, run.started_by) : null };
  kept.delete(runId);
  if (kept.size >= RUN_OWNERS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(runId, { at: Date.now(), owner });
  return owner;
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
