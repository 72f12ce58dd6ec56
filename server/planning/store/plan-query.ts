import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toolCallPlans } from '../../db/schema/planning.ts';
import type { PlanView, UnitKind } from '../../../lib/planning/schemas.ts';
import { rowToPlan } from './plan-rows.ts';
import { viewsOf } from './plan-store.ts';

/** The console's filters on plans (all optional, combined with AND). */
export interface PlansFilter {
  plan_id?: string;
  /** The unit's session: a conversation, a delegation session, a run. */
  session_id?: string;
  unit_kind?: UnitKind;
  unit_id?: string;
  agent_id?: string;
  limit: number;
}

/**
 * Whose plans a reader may see: `all`, or one user's — the plans made for that user (a chat
 * turn of their conversation, their delegation session, a run they started) and the plans of
 * workflow runs, which every role sees in the run view anyway.
 */
export type PlanReader = 'all' | { user_id: string };

/** The plans the filter selects that the reader may see, newest first, each with its calls, findings and usage. */
export async function listPlanViews(db: Db, f: PlansFilter, reader: PlanReader): Promise<PlanView[]> {
  const where: SQL[] = [];
  if (f.plan_id) where.push(eq(toolCallPlans.id, f.plan_id));
  if (f.session_id) where.push(eq(toolCallPlans.unitSessionId, f.session_id));
  if (f.unit_kind) where.push(eq(toolCallPlans.unitKind, f.unit_kind));
  if (f.unit_id) where.push(eq(toolCallPlans.unitId, f.unit_id));
  if (f.agent_id) where.push(eq(toolCallPlans.agentId, f.agent_id));
  if (reader !== 'all') {
    where.push(or(eq(toolCallPlans.userId, reader.user_id), eq(toolCallPlans.unitKind, 'workflow_run'))!);
  }
  const rows = await db
    .select()
    .from(toolCallPlans)
    .where(and(...where))
    .orderBy(desc(toolCallPlans.createdAt), desc(toolCallPlans.id))
    .limit(f.limit);
  return viewsOf(db, rows.map(rowToPlan));
}
